import {
  bilingual,
  DEFAULT_OFFLINE_AFTER_FAILURES,
  formatInvoiceNumber,
  mayIssueOffline,
  nextConnectivity,
  numbersRunningOut,
  offlineClockRefusal,
  ONLINE,
  parseTaipeiDateTime,
  type Bilingual,
  type ConnectivityEvent,
  type ConnectivityState,
} from '../../shared/domain';
import type { CheckoutResult } from '../../shared/ipc/contract/checkout';
import type { OfflineIssuing } from '../checkout';
import { TillError } from '../core/errors';
import type { Logger } from '../core/logger';
import type { Journal, TransactionRecord } from '../journal/journal';
import { buildProofForTransaction, type PrintResult, type ProofEnvelope } from '../printing';

/** Numbers left at or below which the cashier is told (and, online, a top-up is due). */
export const DEFAULT_LOW_NUMBERS = 5;

export interface OfflineIssuingDeps {
  journal: Journal;
  /** The seller's QR key (training: the service's well-known one); null when none is set. */
  qrAesKey(): string | null;
  sellerName(): string;
  /** Prints a job already in the journal (the proof created in the issuing commit). */
  printJob(jobId: number): Promise<PrintResult>;
  openDrawer(): Promise<void>;
  logger: Logger;
  /** Not-delivered sales in a row that switch to offline mode (a setting; default 2). */
  offlineAfterFailures?: () => number;
  lowNumbers?: () => number;
  /** Offline mode went on or off. */
  onModeChanged?: (mode: ConnectivityState['mode']) => void;
  /** The till's wall clock (the service's time is read against it). */
  now?: () => Date;
  /** A clock that only moves forward, in ms (`performance.now()`): a wall clock set wrong does not move it. */
  monotonicMs?: () => number;
}

export interface InvoiceModeIssuing extends OfflineIssuing {
  state(): ConnectivityState;
  /** The probe's (or any exchange's) finding: the service answered, or a connection never opened. */
  observe(event: ConnectivityEvent): void;
  /** Why offline issuing is off (no QR key), or null when it is on. */
  offReason(): Bilingual | null;
}

const noQrKey = bilingual(
  '未設定 QR 金鑰：無法離線開立發票（設定 → 密鑰）。',
  'No QR key is set: the till cannot issue invoices offline (Settings → secrets).',
);

const eventOf = (kind: 'issued' | 'rejected' | 'not-delivered' | 'unknown'): ConnectivityEvent =>
  kind === 'not-delivered' ? 'not-delivered' : kind === 'unknown' ? 'unknown' : 'answered';

/**
 * Offline issuing for the checkout (checkout/engine.ts `OfflineIssuing`): the connectivity state
 * (offline after N not-delivered in a row, online on any answer) and the issue itself: the
 * journal's one commit (number, sale, random code, offline record, proof job), then the drawer
 * and the proof. A proof that cannot be built (no QR key) undoes the commit: the sale goes on as
 * without invoice mode.
 */
export function createOfflineIssuing(deps: OfflineIssuingDeps): InvoiceModeIssuing {
  let state: ConnectivityState = ONLINE;
  const now = deps.now ?? (() => new Date());
  const monotonic = deps.monotonicMs ?? (() => performance.now());
  /** The service's time at its last answer (its `Date` header), and the monotonic clock then. */
  let lastAnswer: { serviceMs: number; monotonicMs: number } | null = null;

  function clockSeen(offsetSeconds: number): void {
    lastAnswer = { serviceMs: now().getTime() + offsetSeconds * 1000, monotonicMs: monotonic() };
  }

  /**
   * The invoice's date decides its period: refused (a TillError, inside the issuing commit, so
   * nothing is written) when it lies in another period than the service's last answer plus the
   * time elapsed since says it can be. Without an answer since the start, nothing to check against.
   */
  function refuseClock(tx: TransactionRecord): void {
    if (!lastAnswer) return;
    const text = tx.requestData.InvoiceDateTime;
    const date = text ? parseTaipeiDateTime(text) : null;
    if (!date) return;
    const refusal = offlineClockRefusal(
      date,
      new Date(lastAnswer.serviceMs),
      monotonic() - lastAnswer.monotonicMs,
    );
    if (refusal) throw new TillError('offline-clock', refusal);
  }
  const threshold = () => deps.offlineAfterFailures?.() ?? DEFAULT_OFFLINE_AFTER_FAILURES;

  function observe(event: ConnectivityEvent): void {
    const before = state.mode;
    state = nextConnectivity(state, event, threshold());
    if (state.mode !== before) {
      deps.logger.info(`invoice mode: ${state.mode === 'offline' ? 'offline mode on' : 'back online'}`);
      deps.onModeChanged?.(state.mode);
    }
  }

  const offReason = () => (deps.qrAesKey() ? null : noQrKey);

  function proofContent(tx: TransactionRecord): string | null {
    if (tx.operation !== 'order') return null; // a carrier or a love code: no paper
    const data = buildProofForTransaction(tx, { sellerName: deps.sellerName(), qrAesKey: deps.qrAesKey() });
    const envelope: ProofEnvelope = { printDataString: JSON.stringify(data), source: 'till' };
    return JSON.stringify(envelope);
  }

  async function issue(
    sale: { orderNo: string } | { begin: () => TransactionRecord },
    change: number,
  ): Promise<CheckoutResult | null> {
    const offlineMode = state.mode === 'offline';
    if (!mayIssueOffline('begin' in sale ? null : 'not-delivered', offlineMode)) return null;
    if (offReason()) return null;
    let issued;
    try {
      issued = deps.journal.batch(() => {
        const tx = 'begin' in sale ? sale.begin() : deps.journal.get(sale.orderNo);
        if (!tx) throw new Error(`no sale ${(sale as { orderNo: string }).orderNo}`);
        refuseClock(tx);
        return deps.journal.issueOffline({ orderNo: tx.orderNo, proof: proofContent });
      });
    } catch (error) {
      // The clock cannot be right: the cashier is told why (nothing was written).
      if (error instanceof TillError && error.code === 'offline-clock') throw error;
      // No number for this period, or a proof that cannot be built: nothing was written.
      deps.logger.warn('invoice mode: the sale could not be issued offline', {
        reason: (error as Error).message,
      });
      if ('begin' in sale && !(error instanceof TillError)) throw error;
      return null;
    }
    const tx = issued.transaction;
    const cash = tx.reissueOf === null && tx.payments.some((payment) => payment.method === 'cash');
    try {
      if (cash) await deps.openDrawer();
      if (issued.printJob) await deps.printJob(issued.printJob.id);
    } catch (error) {
      // The invoice stands and its job stays pending in the journal: printed again from there.
      deps.logger.error(`invoice mode: the proof of ${tx.orderNo} did not print (it stays pending)`, error);
    }
    const envelope = issued.printJob ? (JSON.parse(issued.printJob.content) as ProofEnvelope) : null;
    const notice = numbersRunningOut(issued.numbersLeft, deps.lowNumbers?.() ?? DEFAULT_LOW_NUMBERS);
    const number = formatInvoiceNumber(issued.invoice.invoiceNumber);
    return {
      orderNo: tx.orderNo,
      state: 'issued',
      invoiceNumber: tx.invoiceNumber,
      message: bilingual(
        `已離線開立發票 ${number}（收銀機自有號碼，連線恢復後自動上傳）${notice ? `。${notice.zh}` : ''}`,
        `Invoice ${number} issued offline (the till's own number; uploaded once the service answers)${notice ? `. ${notice.en}` : ''}`,
      ),
      detail: null,
      operation: tx.operation,
      totalAmount: tx.totals.totalAmount,
      change: Math.max(0, change),
      attempt: tx.attempt,
      invoiceDateTime: tx.invoiceDateTime,
      randomNumber: tx.randomNumber,
      printData: envelope ? (JSON.parse(envelope.printDataString) as Record<string, unknown>) : null,
      printDataStatus: 'not-expected',
      qrCodeUrl: null,
      missing: [],
      offline: { numbersLeft: issued.numbersLeft, notice },
    };
  }

  return {
    offlineMode: () => state.mode === 'offline',
    seen: (kind) => observe(eventOf(kind)),
    clockSeen,
    issue,
    state: () => state,
    observe,
    offReason,
  };
}
