import type Database from 'better-sqlite3';
import { taipeiBusinessDay, type Bilingual } from '../../shared/domain';
import { parsePrintDataString } from '../../provider/pos-profile';
import { appendEntry, type NewEntry } from './chain';
import { nextTxRow } from './derive';
import { invalid, JournalError, notFound, refusedTransition } from './errors';
import { findTx } from './queries';
import { voidStateOf } from './return-queries';
import { linkReissue } from './returns';
import { exchangeFromEntry, recordWithBody, toRecord, type TxBody, type TxRow } from './rows';
import { withoutSecrets } from './secrets';
import { refuseClosedDay } from './shift-entries';
import * as moves from './operation-moves';
import type { OperationTable } from './operation-moves';
import { saveRow, statement } from './statements';
import {
  RESUBMITTABLE_STATES,
  type ExchangeInput,
  type ExchangeRecord,
  type IssueInput,
  type JournalEntry,
  type NewTransaction,
  type QrDisplayInput,
  type QrDisplayRecord,
  type ReasonInput,
  type RejectionInput,
  type ResolutionInput,
  type ResolutionRecord,
  type ResubmitChanges,
  type TransactionRecord,
  type TxState,
} from './types';
import {
  check,
  checkNewTransaction,
  checkTotalMatchesRequest,
  checkTransactionLinks,
  checkResubmitChanges,
  exchangeInput,
  issueInput,
  qrDisplayInput,
  resolutionInput,
} from './validate';

/**
 * The transaction state machine. Each function runs inside the caller's write transaction: it
 * checks the move, appends the entry (hash chain) and saves the row the entry derives
 * (derive.ts), or throws and changes nothing.
 */

const iso = (date: Date) => date.toISOString();

function requireRow(db: Database.Database, orderNo: string): TxRow {
  const found = findTx(db, orderNo);
  if (!found) throw notFound(orderNo);
  return found;
}

function requireState(found: TxRow, allowed: readonly TxState[], action: Bilingual): void {
  if (!allowed.includes(found.state)) throw refusedTransition(found.order_no, found.state, action, allowed);
}

/** Saves the row an appended entry derives (derive.ts) over the one before it. */
function saveTxRow(db: Database.Database, before: TxRow | null, entry: JournalEntry): TxRow {
  const row = nextTxRow(before, entry)!;
  saveRow(db, 'transactions', 'order_no', row, before);
  return row;
}

/**
 * Appends the entry and saves its row: the move, as the record it leaves. `body`: the body the
 * move wrote, when it wrote one (begin), read into the record as it is rather than parsed back.
 */
function commit(
  db: Database.Database,
  before: TxRow | null,
  entry: NewEntry,
  body?: TxBody,
): TransactionRecord {
  const row = saveTxRow(db, before, appendEntry(db, entry));
  return body ? recordWithBody(row, body) : toRecord(row);
}

/**
 * `shapeChecked`: the sale was built by the checkout engine from an order `prepareOrder` accepted
 * (the shared validators, stricter than the shape check), typed at compile time: the shape check
 * (zod, the largest cost of the sale's first commit) is not run again; the links are.
 */
export function begin(
  db: Database.Database,
  input: NewTransaction,
  now: Date,
  options: { shapeChecked?: boolean } = {},
): TransactionRecord {
  if (options.shapeChecked) checkTransactionLinks(input);
  else checkNewTransaction(input);
  const tx = withoutSecrets(input);
  refuseClosedDay(db, tx.tillId, tx.training, taipeiBusinessDay(input.at ?? now));
  if (findTx(db, tx.orderNo)) {
    throw new JournalError('journal-refused', {
      zh: `訂單編號 ${tx.orderNo} 已經使用過，不能再用於新交易`,
      en: `Order number ${tx.orderNo} is already in the journal: it is never reused for a new sale`,
    });
  }
  if (tx.reissueOf !== undefined) checkReissueOf(db, tx.reissueOf, tx.orderNo);
  const at = input.at ?? now;
  const body: TxBody = {
    invoice: tx.invoice,
    lines: tx.lines,
    payments: tx.payments,
    totals: tx.totals,
    requestData: tx.requestData,
    ...(tx.reissueOf === undefined ? {} : { reissueOf: tx.reissueOf }),
  };
  const record = commit(
    db,
    null,
    {
      at: iso(at),
      kind: 'tx.begun',
      orderNo: tx.orderNo,
      payload: {
        state: 'in-flight',
        attempt: 1,
        tillId: tx.tillId,
        companyId: tx.companyId,
        businessDay: taipeiBusinessDay(at),
        training: tx.training,
        operation: tx.operation,
        cashier: tx.cashier ?? null,
        invoiceNumber: null,
        ...body,
      },
    },
    body,
  );
  // 改開: the owed reissue is paid by this sale, in the same write (returns.ts).
  if (tx.reissueOf !== undefined) linkReissue(db, tx.reissueOf, tx.orderNo, at);
  return record;
}

/**
 * A reissue (改開) names the sale it replaces: one in the journal whose void is done. Voiding
 * first means the voided invoice and its reissue never stand at the same time.
 */
function checkReissueOf(db: Database.Database, reissueOf: string, orderNo: string): void {
  const voided = findTx(db, reissueOf);
  if (!voided) {
    throw invalid(
      `改開的原訂單 ${reissueOf} 不在日誌中`,
      `The reissued order ${reissueOf} is not in the journal`,
    );
  }
  if (reissueOf === orderNo || voidStateOf(db, reissueOf) !== 'voided') {
    throw new JournalError('journal-refused', {
      zh: `訂單 ${reissueOf} 尚未完成作廢，不能改開`,
      en: `Order ${reissueOf} is not voided yet: it cannot be reissued`,
    });
  }
}

/** The sales' table for the moves every provider-operation record shares (operation-moves.ts). */
const SALES: OperationTable<TxRow, TransactionRecord, string> = {
  prefix: 'tx',
  require: requireRow,
  // The order number is the entry's own: a sale's payloads carry no other id.
  idPayload: () => ({}),
  refuse: (found, action, allowed) =>
    refusedTransition(found.order_no, found.state, action, allowed as readonly TxState[]),
  save: saveTxRow,
  record: (_db, row) => toRecord(row),
};

export function recordExchange(
  db: Database.Database,
  orderNo: string,
  input: ExchangeInput,
  now: Date,
): ExchangeRecord {
  const { entry, payload } = moves.recordExchange(
    db,
    SALES,
    orderNo,
    input,
    { schema: exchangeInput, scrub: withoutSecrets },
    now,
  );
  return exchangeFromEntry(entry.id, entry.at, payload as Parameters<typeof exchangeFromEntry>[2]);
}

export function markIssued(
  db: Database.Database,
  orderNo: string,
  input: IssueInput,
  now: Date,
): TransactionRecord {
  check(issueInput, input, { zh: '開立結果', en: 'issue result' });
  const found = requireRow(db, orderNo);
  requireState(found, ['in-flight'], { zh: '記為已開立', en: 'marked issued' });
  const parsed =
    input.printDataString === null
      ? null
      : input.printDataParsed
        ? { ok: true as const }
        : parsePrintDataString(input.printDataString);
  return commit(db, found, {
    at: iso(input.at ?? now),
    kind: 'tx.issued',
    orderNo,
    payload: withoutSecrets({
      state: 'issued',
      invoiceNumber: input.invoiceNumber,
      invoiceDateTime: input.invoiceDateTime,
      randomNumber: input.randomNumber,
      printDataString: input.printDataString,
      printDataStatus: parsed === null ? 'missing' : parsed.ok ? 'ok' : 'unparseable',
      printDataProblem: parsed !== null && !parsed.ok ? parsed.reason : null,
      qKey: input.qKey ?? null,
      qrCodeUrl: input.qrCodeUrl ?? null,
    }),
  });
}

export function markRejected(
  db: Database.Database,
  orderNo: string,
  input: RejectionInput,
  now: Date,
): TransactionRecord {
  return moves.markRejected(db, SALES, orderNo, input, now);
}

/** in-flight → not-delivered or needs-verification, with the reason. */
export function markOpen(
  db: Database.Database,
  orderNo: string,
  state: 'not-delivered' | 'needs-verification',
  input: ReasonInput,
  now: Date,
): TransactionRecord {
  return moves.markOpen(db, SALES, orderNo, state, input, now);
}

export function recordQrDisplay(
  db: Database.Database,
  orderNo: string,
  input: QrDisplayInput,
  now: Date,
): QrDisplayRecord {
  check(qrDisplayInput, input, { zh: '捐贈/歸戶 QR 紀錄', en: 'QR display' });
  const found = requireRow(db, orderNo);
  requireState(found, ['issued'], { zh: '記錄捐贈/歸戶 QR', en: 'given a donate/bind QR record' });
  const payload = { qrCodeUrl: input.qrCodeUrl, shown: input.shown, reason: input.reason ?? null };
  const entry = appendEntry(db, { at: iso(input.at ?? now), kind: 'tx.qr-display', orderNo, payload });
  return { entryId: entry.id, at: entry.at, ...payload };
}

export function resolve(
  db: Database.Database,
  orderNo: string,
  input: ResolutionInput,
  now: Date,
): TransactionRecord {
  const parsed = check(resolutionInput, input, { zh: '確認結果', en: 'resolution' });
  const found = requireRow(db, orderNo);
  requireState(found, ['needs-verification'], { zh: '人工確認', en: 'resolved by hand' });
  const at = iso(parsed.at ?? now);
  const invoiceNumber = parsed.outcome === 'issued' ? parsed.invoiceNumber : null;
  if (invoiceNumber !== null) {
    const other = statement(
      db,
      'SELECT order_no FROM transactions WHERE invoice_number = ? AND order_no <> ?',
    ).get(invoiceNumber, orderNo) as { order_no: string } | undefined;
    if (other) {
      throw invalid(
        `發票號碼 ${invoiceNumber} 已屬於訂單 ${other.order_no}`,
        `Invoice ${invoiceNumber} already belongs to order ${other.order_no}`,
      );
    }
  }
  const resolution: ResolutionRecord = {
    outcome: parsed.outcome,
    by: parsed.by,
    // Only when someone was signed in: older entries without it replay as before.
    ...(parsed.atTill ? { atTill: parsed.atTill } : {}),
    at,
    invoiceNumber,
    note: parsed.note ?? null,
  };
  const randomNumber = parsed.outcome === 'issued' ? (parsed.randomNumber ?? null) : null;
  return commit(db, found, {
    at,
    kind: 'tx.resolved',
    orderNo,
    // The random code only when given: older entries without it replay as before.
    payload: { state: parsed.outcome, ...resolution, ...(randomNumber ? { randomNumber } : {}) },
  });
}

export function resubmit(
  db: Database.Database,
  orderNo: string,
  options: { by?: string; at?: Date; changes?: ResubmitChanges },
  now: Date,
): TransactionRecord {
  const changes = withoutSecrets(options.changes ?? {});
  checkResubmitChanges(changes, orderNo);
  const found = requireRow(db, orderNo);
  requireState(found, RESUBMITTABLE_STATES, { zh: '重新送出', en: 'resubmitted' });
  const body: TxBody = { ...(JSON.parse(found.body) as TxBody), ...changes };
  checkTotalMatchesRequest(body);
  return commit(db, found, {
    at: iso(options.at ?? now),
    kind: 'tx.resubmitted',
    orderNo,
    payload: {
      state: 'in-flight',
      from: found.state,
      attempt: found.attempt + 1,
      by: options.by ?? null,
      invoiceNumber: null,
      changes,
    },
  });
}

export function recoverInFlight(db: Database.Database, at: Date): TransactionRecord[] {
  const inFlight = statement(
    db,
    `SELECT order_no FROM transactions WHERE state = 'in-flight' ORDER BY created_at`,
  )
    .pluck()
    .all() as string[];
  const reason =
    '程式中斷時仍在傳送中，請向發票服務確認是否已開立 / The till stopped while this was in flight: verify with the e-invoice service';
  return moves.recover(db, SALES, inFlight, reason, at);
}
