import type { Bilingual } from '../../shared/domain';
import type {
  ReconciliationReport,
  ReconciliationState,
  reconciliationMethods,
} from '../../shared/ipc/contract/reconciliation';
import type { HandlersFor } from '../core/handlers';
import { supervisorName, type SupervisorGate } from '../settings/supervisor';
import type { Trigger } from './engine';

export interface ReconciliationHandlerDeps {
  run(businessDays: readonly string[], trigger: Trigger): Promise<ReconciliationReport>;
  last(): ReconciliationReport | null;
  state(): ReconciliationState;
  store(input: {
    businessDay: string;
    imports: Array<{ name: string; text: string }>;
    by: string;
  }): Promise<ReconciliationReport>;
  accept(
    orderNo: string,
    by: string,
  ): Promise<{
    orderNo: string;
    outcome: 'issued' | 'not-issued';
    invoiceNumber: string | null;
    message: Bilingual;
  }>;
  /**
   * A store reconciliation (other tills' sales) and accepting a suggestion (a sale's outcome) are
   * a supervisor's acts: the PIN is checked here in main, and each leaves a journal record.
   */
  supervisor: SupervisorGate;
}

/** The contract's reconciliation methods (dispatch has validated the payloads). */
export function createReconciliationHandlers(
  deps: ReconciliationHandlerDeps,
): HandlersFor<typeof reconciliationMethods> {
  return {
    // The closing screen runs it with trigger `closing`; the journal screen on demand.
    'reconciliation.run': ({ businessDays, trigger }) => deps.run([...new Set(businessDays)].sort(), trigger),
    'reconciliation.last': async () => deps.last(),
    'reconciliation.state': async () => deps.state(),
    'reconciliation.store': ({ businessDay, imports, pin, by }) =>
      deps.supervisor.run(
        { pin, by },
        {
          action: 'reconciliation.store',
          required: {
            zh: '全店對帳會讀取其他收銀機的交易，需要主管 PIN，未核對。',
            en: 'A store reconciliation reads other tills’ sales and needs the supervisor PIN. Nothing was reconciled.',
          },
          wrong: {
            zh: '主管 PIN 不正確，未核對。',
            en: 'Wrong supervisor PIN: nothing was reconciled.',
          },
          detail: (report) => ({
            businessDay,
            files: imports.map((file) => file.name),
            tills: report.tills.map((till) => till.tillId),
            checked: report.checked,
            findings: report.mismatches.length + report.uploadsLate.length + report.unknownToJournal.length,
            notChecked: report.notChecked.length,
            suggestions: report.suggestions.length,
          }),
        },
        () => deps.store({ businessDay, imports, by: supervisorName(by) }),
      ),
    'reconciliation.accept': ({ orderNo, pin, by }) =>
      deps.supervisor.run(
        { pin, by },
        {
          action: 'reconciliation.accept',
          required: {
            zh: '採用對帳建議會變更交易狀態，需要主管 PIN，未處理。',
            en: 'Accepting a reconciliation suggestion changes a sale and needs the supervisor PIN. Nothing was resolved.',
          },
          wrong: {
            zh: '主管 PIN 不正確，交易狀態未變更。',
            en: 'Wrong supervisor PIN: the sale was not changed.',
          },
          detail: (result) => ({
            orderNo: result.orderNo,
            outcome: result.outcome,
            invoiceNumber: result.invoiceNumber,
          }),
        },
        () => deps.accept(orderNo, supervisorName(by)),
      ),
  };
}
