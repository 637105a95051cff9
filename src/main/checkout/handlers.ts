import type { checkoutMethods } from '../../shared/ipc/contract/checkout';
import type { HandlersFor } from '../core/handlers';
import type { CheckoutEngine } from './engine';
import type { Verification } from './verification';

export interface CheckoutHandlerDeps {
  engine: CheckoutEngine;
  verification: Verification;
}

/** The contract's checkout and verification methods, over the engine (dispatch has validated the shapes). */
export function createCheckoutHandlers(deps: CheckoutHandlerDeps): HandlersFor<typeof checkoutMethods> {
  return {
    'checkout.submit': (order) => deps.engine.submit(order),
    'checkout.resubmit': ({ orderNo }) => deps.engine.resubmit(orderNo),
    'verification.pending': async () => ({ items: deps.verification.pending() }),
    'verification.resolve': async (input) => deps.verification.resolve(input),
    'verification.lookupTraining': ({ orderNo }) => deps.verification.lookupTraining(orderNo),
  };
}
