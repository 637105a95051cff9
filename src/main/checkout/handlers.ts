import type { checkoutMethods } from '../../shared/ipc/contract/checkout';
import type { HandlersFor } from '../core/handlers';
import type { SupervisorGate } from '../settings/supervisor';
import type { CheckoutEngine } from './engine';
import type { Verification } from './verification';

export interface CheckoutHandlerDeps {
  engine: CheckoutEngine;
  verification: Verification;
  /**
   * Recording what the provider says about a pending sale, and sending a sale again, are a
   * supervisor's acts: the PIN is checked here and each is recorded in the journal.
   */
  supervisor: SupervisorGate;
}

/** The contract's checkout and verification methods, over the engine (dispatch has validated the shapes). */
export function createCheckoutHandlers(deps: CheckoutHandlerDeps): HandlersFor<typeof checkoutMethods> {
  return {
    'checkout.submit': (order) => deps.engine.submit(order),
    'checkout.resubmit': async ({ orderNo, pin, by }) =>
      deps.supervisor.run(
        { pin, by },
        {
          action: 'checkout.resubmit',
          required: {
            zh: '重新送出交易需要主管 PIN。',
            en: 'Sending a sale again needs the supervisor PIN.',
          },
          wrong: {
            zh: '主管 PIN 不正確，交易未重新送出。',
            en: 'Wrong supervisor PIN: the sale was not sent again.',
          },
          detail: (result) => ({ orderNo, state: result.state, attempt: result.attempt }),
        },
        () => deps.engine.resubmit(orderNo),
      ),
    'verification.pending': async () => ({ items: deps.verification.pending() }),
    'verification.resolve': async ({ pin, ...input }, ctx) =>
      deps.supervisor.run(
        { pin, by: input.by },
        {
          action: 'verification.resolve',
          required: {
            zh: '處理待確認交易需要主管 PIN。',
            en: 'Resolving a sale that needs verification needs the supervisor PIN.',
          },
          wrong: {
            zh: '主管 PIN 不正確，交易狀態未變更。',
            en: 'Wrong supervisor PIN: the sale was not changed.',
          },
          detail: (result) => ({
            orderNo: result.orderNo,
            state: result.state,
            invoiceNumber: result.invoiceNumber,
            ...(ctx.cashier ? { atTill: ctx.cashier } : {}),
          }),
        },
        () => deps.verification.resolve({ ...input, ...(ctx.cashier ? { atTill: ctx.cashier } : {}) }),
      ),
    'verification.lookupTraining': ({ orderNo }) => deps.verification.lookupTraining(orderNo),
  };
}
