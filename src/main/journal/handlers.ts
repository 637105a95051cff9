import type { JournalHealth } from '../../shared/ipc/contract/app';
import type { journalMethods } from '../../shared/ipc/contract/journal';
import type { HandlersFor } from '../core/handlers';
import type { Journal } from './journal';
import type { TransactionDetail } from './types';

export interface JournalHandlerDeps {
  journal: Journal;
  /** The journal's integrity as the till sees it (journal/guard.ts): a supervisor acknowledges a break. */
  health: { acknowledge(request: { pin?: string; by?: string }): Promise<JournalHealth> };
}

/** The journal's IPC handlers: thin, every rule lives in the Journal (payloads are validated by dispatch). */
export function createJournalHandlers({
  journal,
  health,
}: JournalHandlerDeps): HandlersFor<Omit<typeof journalMethods, 'journal.export'>> {
  return {
    'journal.list': async (filter) => journal.listWithStatus(filter),
    'journal.get': async ({ orderNo }) => {
      const detail = journal.detail(orderNo);
      const invoiceStatus = journal.invoiceStatus(orderNo);
      return detail === null || invoiceStatus === null ? null : { ...forIpc(detail), invoiceStatus };
    },
    'journal.summary': async (options) => journal.summary(options),
    'journal.verify': () => journal.verifyChainInBackground(),
    'journal.acknowledgeBroken': (request) => health.acknowledge(request),
  };
}

/** `PosOrderData` is an interface; the contract sees it as an open object with a BillingNo. */
function forIpc(detail: TransactionDetail) {
  const { requestData, ...transaction } = detail.transaction;
  return {
    ...detail,
    transaction: { ...transaction, requestData: { ...requestData } as { BillingNo: string } },
  };
}
