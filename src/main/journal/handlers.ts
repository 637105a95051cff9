import type { JournalHealth } from '../../shared/ipc/contract/app';
import type { journalMethods, OfflineUpload } from '../../shared/ipc/contract/journal';
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
    'journal.list': async (filter) => {
      const items = journal.listWithStatus(filter);
      const offline = offlineByOrder(
        journal,
        items.map((item) => item.orderNo),
      );
      return items.map((item) => ({ ...item, offline: offline.get(item.orderNo) ?? null }));
    },
    'journal.get': async ({ orderNo }) => {
      const detail = journal.detail(orderNo);
      const invoiceStatus = journal.invoiceStatus(orderNo);
      if (detail === null || invoiceStatus === null) return null;
      const offline = offlineByOrder(journal, [orderNo]).get(orderNo) ?? null;
      return { ...forIpc(detail), invoiceStatus, offline };
    },
    'journal.summary': async (options) => journal.summary(options),
    'journal.verify': () => journal.verifyChainInBackground(),
    'journal.acknowledgeBroken': (request) => health.acknowledge(request),
  };
}

/** Sales issued offline among these, with their upload as the journal screen shows it. */
function offlineByOrder(journal: Journal, orderNos: readonly string[]): Map<string, OfflineUpload> {
  return new Map(
    journal
      .offlineInvoicesOf(orderNos)
      .map(({ orderNo, uploadState, uploadMessage, uploadedAt, deadline }) => [
        orderNo,
        { uploadState, uploadMessage, uploadedAt, deadline },
      ]),
  );
}

/** `PosOrderData` is an interface; the contract sees it as an open object with a BillingNo. */
function forIpc(detail: TransactionDetail) {
  const { requestData, ...transaction } = detail.transaction;
  return {
    ...detail,
    transaction: { ...transaction, requestData: { ...requestData } as { BillingNo: string } },
  };
}
