import { bilingual } from '../../shared/domain';
import type { invoiceModeMethods } from '../../shared/ipc/contract/invoice-mode';
import type { HandlersFor } from '../core/handlers';
import type { SupervisorGate } from '../settings/supervisor';
import type { InvoiceModeCapability } from './capability';
import type { InvoiceModeServices } from './services';

export interface InvoiceModeHandlerDeps {
  capability: InvoiceModeCapability;
  services: InvoiceModeServices;
  supervisor: SupervisorGate;
}

/**
 * Invoice mode's supervisor action (issue 27): offline numbers topped up now rather than at the
 * next run of the top-up service, with the PIN checked here and a journal record of who.
 */
export function createInvoiceModeHandlers(
  deps: InvoiceModeHandlerDeps,
): HandlersFor<typeof invoiceModeMethods> {
  return {
    'invoiceMode.topUp': ({ pin, by }) =>
      deps.supervisor.run(
        { pin, by },
        {
          action: 'invoice-mode.top-up',
          required: bilingual(
            '補充離線號碼需要主管 PIN，未補充。',
            'Topping up offline numbers needs the supervisor PIN. Nothing was split.',
          ),
          wrong: bilingual('主管 PIN 錯誤，未補充離線號碼。', 'Wrong supervisor PIN. Nothing was split.'),
          detail: (result) => ({ numbersLeft: result.numbersLeft, reason: result.reason?.en ?? null }),
        },
        async () => {
          if (deps.capability.issuing.offlineMode()) {
            return {
              numbersLeft: deps.capability.status().numbersLeft,
              reason: bilingual(
                '離線開立中：發票服務恢復連線後才能補充離線號碼。',
                'Issuing offline: offline numbers are topped up once the e-invoice service answers again.',
              ),
            };
          }
          // A run under way began before the supervisor asked: a fresh one answers for now.
          await deps.services.topUp.runNow({ fresh: true });
          return { numbersLeft: deps.capability.status().numbersLeft, reason: deps.services.topUpReason() };
        },
      ),
  };
}
