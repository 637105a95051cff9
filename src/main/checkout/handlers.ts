import type { checkoutMethods } from '../../shared/ipc/contract/checkout';
import type { HandlersFor } from '../core/handlers';
import { requirePin, type PinGuard } from '../settings/pin';
import type { CheckoutEngine } from './engine';
import type { Verification } from './verification';

export interface CheckoutHandlerDeps {
  engine: CheckoutEngine;
  verification: Verification;
  /** Recording what the provider says about a pending sale is a supervisor's act. */
  pins: PinGuard;
}

/** The contract's checkout and verification methods, over the engine (dispatch has validated the shapes). */
export function createCheckoutHandlers(deps: CheckoutHandlerDeps): HandlersFor<typeof checkoutMethods> {
  return {
    'checkout.submit': (order) => deps.engine.submit(order),
    'checkout.resubmit': ({ orderNo }) => deps.engine.resubmit(orderNo),
    'verification.pending': async () => ({ items: deps.verification.pending() }),
    'verification.resolve': async ({ pin, ...input }) => {
      if (deps.pins.isSet()) {
        await requirePin(deps.pins, pin, {
          required: {
            zh: '處理待確認交易需要主管 PIN。',
            en: 'Resolving a sale that needs verification needs the supervisor PIN.',
          },
          wrong: {
            zh: '主管 PIN 不正確，交易狀態未變更。',
            en: 'Wrong supervisor PIN: the sale was not changed.',
          },
        });
      }
      return deps.verification.resolve(input);
    },
    'verification.lookupTraining': ({ orderNo }) => deps.verification.lookupTraining(orderNo),
  };
}
