import type Database from 'better-sqlite3';
import { randomInt } from 'node:crypto';
import {
  invoiceModeId,
  nextInvoiceModeNumber,
  numbersLeftIn,
  parseTaipeiDateTime,
  periodCodeOf,
  segmentRefusal,
  uploadDeadline,
  type InvoiceKindLetter,
  type InvoiceModeSegment,
} from '../../shared/domain';
import { blankPlan } from '../../provider/invoice-mode';
import { appendEntry } from './chain';
import { nextTxRow } from './derive';
import { invalid, JournalError, notFound } from './errors';
import { createPrintJob } from './print-jobs';
import { findTx } from './queries';
import { toRecord, type TxRow } from './rows';
import { saveRow, statement } from './statements';
import type { PrintJobRecord, TransactionRecord, TxState } from './types';

/**
 * Invoice mode's records (issue 27, provider profile §7): the segments the provider split off for
 * this till, the invoices the till numbered itself from them, their upload, and the blank report of
 * a period's unused numbers. Each function runs inside the caller's write transaction (journal.ts
 * wraps it in one), appends its entry and saves its rows, or throws and changes nothing.
 *
 * Issuing offline is ONE commit: the next number, the sale moved to issued (a `tx.issued` entry
 * carrying `invoiceMode`, so every reader of issued sales sees it as any other), the random code,
 * the offline-invoice row and the proof's print job. A crash before the commit leaves nothing; a
 * crash after it leaves a pending print job, which the printing capability prints at start.
 * Uploads are idempotent at the provider (`Invoice already exists` is done), so nothing is in
 * flight between them: a crash mid-upload only means the next run sends the same numbers again.
 */

export interface NewInvoiceModeSegment {
  companyId: string;
  tillId: string;
  training: boolean;
  /** The invoice-mode group the split named (`UseFor`). */
  useFor: string;
  word: string;
  periodCode: string;
  start: number;
  end: number;
  at?: Date;
}

export type BlankState = 'open' | 'reporting' | 'reported';

export interface InvoiceModeSegmentRecord extends InvoiceModeSegment {
  id: number;
  companyId: string;
  tillId: string;
  training: boolean;
  useFor: string;
  blankState: BlankState;
  blankMessage: string | null;
  createdAt: string;
  updatedAt: string;
}

export type UploadState = 'waiting' | 'uploaded' | 'rejected';

export interface OfflineInvoiceRecord {
  invoiceNumber: string;
  orderNo: string;
  segmentId: number;
  number: number;
  invoiceKind: InvoiceKindLetter;
  invoiceDateTime: string;
  randomNumber: string;
  uploadState: UploadState;
  uploadMessage: string | null;
  uploadedAt: string | null;
  createdAt: string;
  /** When it must have reached the provider (C 48 h, B 7 days after its date), ISO. */
  deadline: string;
}

export interface OfflineIssueInput {
  orderNo: string;
  /** The 4-digit random code; drawn here when not given (tests pass one). */
  randomNumber?: string;
  /**
   * The proof's print-job content for the issued sale (the till-built proof), or null for a sale
   * without paper (carrier, love code). Runs inside the commit: a throw (no QR key) undoes all.
   */
  proof?: (issued: TransactionRecord) => string | null;
  at?: Date;
}

export interface OfflineIssueResult {
  transaction: TransactionRecord;
  invoice: OfflineInvoiceRecord;
  printJob: PrintJobRecord | null;
  /** Numbers still in hand for this invoice's period after it. */
  numbersLeft: number;
}

/** A sale may be issued offline only from these states: never from needs-verification (unknown). */
const OFFLINE_ISSUABLE: readonly TxState[] = ['in-flight', 'not-delivered'];

interface SegmentRow {
  id: number;
  company_id: string;
  till_id: string;
  training: number;
  use_for: string;
  word: string;
  period_code: string;
  start_no: number;
  end_no: number;
  next_no: number;
  blank_state: BlankState;
  blank_message: string | null;
  created_at: string;
  updated_at: string;
}

interface OfflineRow {
  invoice_number: string;
  order_no: string;
  segment_id: number;
  number: number;
  invoice_kind: InvoiceKindLetter;
  invoice_datetime: string;
  random_number: string;
  upload_state: UploadState;
  upload_message: string | null;
  uploaded_at: string | null;
  created_at: string;
}

const toSegment = (row: SegmentRow): InvoiceModeSegmentRecord => ({
  id: row.id,
  companyId: row.company_id,
  tillId: row.till_id,
  training: row.training === 1,
  useFor: row.use_for,
  word: row.word,
  periodCode: row.period_code,
  start: row.start_no,
  end: row.end_no,
  next: row.next_no,
  blankState: row.blank_state,
  blankMessage: row.blank_message,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

function toOffline(row: OfflineRow): OfflineInvoiceRecord {
  const date = parseTaipeiDateTime(row.invoice_datetime);
  return {
    invoiceNumber: row.invoice_number,
    orderNo: row.order_no,
    segmentId: row.segment_id,
    number: row.number,
    invoiceKind: row.invoice_kind,
    invoiceDateTime: row.invoice_datetime,
    randomNumber: row.random_number,
    uploadState: row.upload_state,
    uploadMessage: row.upload_message,
    uploadedAt: row.uploaded_at,
    createdAt: row.created_at,
    deadline: date ? uploadDeadline(row.invoice_kind, date).toISOString() : row.created_at,
  };
}

const iso = (date: Date) => date.toISOString();

/** The segments held for a seller and mode, in the order their numbers are used. */
export function invoiceModeSegments(
  db: Database.Database,
  filter: { companyId: string; training: boolean; periodCode?: string },
): InvoiceModeSegmentRecord[] {
  const rows = statement(
    db,
    `SELECT * FROM invoice_mode_segments WHERE company_id = ? AND training = ?
       AND (? IS NULL OR period_code = ?) ORDER BY period_code, word, start_no`,
  ).all(
    filter.companyId,
    filter.training ? 1 : 0,
    filter.periodCode ?? null,
    filter.periodCode ?? null,
  ) as SegmentRow[];
  return rows.map(toSegment);
}

function requireSegment(db: Database.Database, id: number): SegmentRow {
  const row = statement(db, 'SELECT * FROM invoice_mode_segments WHERE id = ?').get(id) as
    SegmentRow | undefined;
  if (!row) {
    throw new JournalError('journal-not-found', {
      zh: `找不到離線發票配號區間 ${id}`,
      en: `No invoice-mode segment ${id}`,
    });
  }
  return row;
}

/**
 * Keeps a segment the provider split off: refused (nothing kept) when it is malformed or overlaps
 * one held for the same seller, track and period.
 */
export function addSegment(
  db: Database.Database,
  input: NewInvoiceModeSegment,
  now: Date,
): InvoiceModeSegmentRecord {
  const segment: InvoiceModeSegment = {
    word: input.word,
    periodCode: input.periodCode,
    start: input.start,
    end: input.end,
    next: input.start,
  };
  // Both modes share the provider's tracks only in name: overlaps are checked per seller.
  const held = statement(
    db,
    'SELECT * FROM invoice_mode_segments WHERE company_id = ? AND word = ? AND period_code = ?',
  )
    .all(input.companyId, input.word, input.periodCode)
    .map((row) => toSegment(row as SegmentRow));
  const refusal = segmentRefusal(
    segment,
    { periodCode: input.periodCode, count: input.end - input.start + 1 },
    held,
  );
  if (refusal) throw invalid(refusal.zh, refusal.en);
  if (input.useFor.trim() === '' || input.useFor.length > 10) {
    throw invalid('發票版群組須為 1 到 10 個字元', 'The invoice-mode group must be 1 to 10 characters');
  }
  const at = iso(input.at ?? now);
  const id = statement(db, 'SELECT coalesce(max(id), 0) + 1 FROM invoice_mode_segments')
    .pluck()
    .get() as number;
  appendEntry(db, {
    at,
    kind: 'invoice-mode.segment',
    orderNo: null,
    payload: {
      segmentId: id,
      companyId: input.companyId,
      tillId: input.tillId,
      training: input.training,
      useFor: input.useFor,
      word: input.word,
      periodCode: input.periodCode,
      start: input.start,
      end: input.end,
    },
  });
  statement(
    db,
    `INSERT INTO invoice_mode_segments (id, company_id, till_id, training, use_for, word, period_code,
       start_no, end_no, next_no, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    input.companyId,
    input.tillId,
    input.training ? 1 : 0,
    input.useFor,
    input.word,
    input.periodCode,
    input.start,
    input.end,
    input.start,
    at,
    at,
  );
  return toSegment(requireSegment(db, id));
}

const drawRandomNumber = () => String(randomInt(0, 10_000)).padStart(4, '0');

/**
 * Issues a sale with the till's own next number (see the file's comment: one commit). Refused,
 * with nothing changed, for a sale whose POS request may have reached the service (needs
 * verification), one already issued, or when no number is left for the invoice's period.
 */
export function issueOffline(db: Database.Database, input: OfflineIssueInput, now: Date): OfflineIssueResult {
  const found = findTx(db, input.orderNo);
  if (!found) throw notFound(input.orderNo);
  if (!OFFLINE_ISSUABLE.includes(found.state)) {
    throw new JournalError('journal-refused', {
      zh: `訂單 ${input.orderNo} 的狀態是 ${found.state}：只有確定未送達發票服務的交易可以離線開立（待確認的交易須先由人工確認未開立）`,
      en: `Order ${input.orderNo} is ${found.state}: only a sale that surely never reached the e-invoice service is issued offline (one needing verification must first be resolved as not issued)`,
    });
  }
  const existing = statement(db, 'SELECT invoice_number FROM offline_invoices WHERE order_no = ?')
    .pluck()
    .get(input.orderNo) as string | undefined;
  if (existing)
    throw invalid(
      `訂單 ${input.orderNo} 已離線開立 ${existing}`,
      `Order ${input.orderNo} was already issued offline as ${existing}`,
    );
  const record = toRecord(found);
  // The invoice's date is the one its request carries: it decides the period and its numbers.
  const invoiceDateTime = record.requestData.InvoiceDateTime;
  const date = invoiceDateTime ? parseTaipeiDateTime(invoiceDateTime) : null;
  if (!invoiceDateTime || !date) {
    throw invalid(
      `訂單 ${input.orderNo} 沒有可判讀的發票日期`,
      `Order ${input.orderNo} has no readable invoice date`,
    );
  }
  const periodCode = periodCodeOf(date);
  const segments = invoiceModeSegments(db, {
    companyId: found.company_id,
    training: found.training === 1,
    periodCode,
  }).filter((segment) => segment.blankState === 'open');
  const picked = nextInvoiceModeNumber(segments, periodCode);
  if (!picked) {
    throw new JournalError('journal-refused', {
      zh: `沒有 ${periodCode} 期可用的離線發票號碼：請連線後補充配號，或改用手開發票`,
      en: `No offline invoice numbers left for period ${periodCode}: top up once online, or issue a handwritten invoice`,
    });
  }
  const segmentId = (picked.segment as InvoiceModeSegmentRecord).id;
  const randomNumber = input.randomNumber ?? drawRandomNumber();
  if (!/^\d{4}$/.test(randomNumber)) throw invalid('隨機碼須為 4 位數字', 'The random code must be 4 digits');
  const at = iso(input.at ?? now);
  const entry = appendEntry(db, {
    at,
    kind: 'tx.issued',
    orderNo: input.orderNo,
    payload: {
      state: 'issued',
      from: found.state,
      invoiceNumber: picked.invoiceId,
      invoiceDateTime,
      randomNumber,
      printDataString: null,
      printDataStatus: 'missing',
      printDataProblem: null,
      qKey: null,
      qrCodeUrl: null,
      invoiceMode: { segmentId, word: picked.segment.word, periodCode, number: picked.number },
    },
  });
  const row = nextTxRow(found, entry)! as TxRow;
  saveRow(db, 'transactions', 'order_no', row);
  // The number moves on only from where it was: two writers can never take the same one.
  const moved = statement(
    db,
    'UPDATE invoice_mode_segments SET next_no = next_no + 1, updated_at = ? WHERE id = ? AND next_no = ?',
  ).run(at, segmentId, picked.number);
  if (moved.changes !== 1) throw new Error(`segment ${segmentId} moved under this write`);
  const kind: InvoiceKindLetter = record.invoice.buyerTaxId ? 'B' : 'C';
  statement(
    db,
    `INSERT INTO offline_invoices (invoice_number, order_no, segment_id, number, invoice_kind,
       invoice_datetime, random_number, upload_state, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'waiting', ?)`,
  ).run(picked.invoiceId, input.orderNo, segmentId, picked.number, kind, invoiceDateTime, randomNumber, at);
  const transaction = toRecord(row);
  const content = input.proof ? input.proof(transaction) : null;
  const printJob =
    content === null
      ? null
      : createPrintJob(db, { orderNo: input.orderNo, kind: 'proof', content }, new Date(at));
  const left = numbersLeftIn(
    invoiceModeSegments(db, {
      companyId: found.company_id,
      training: found.training === 1,
      periodCode,
    }).filter((segment) => segment.blankState === 'open'),
    periodCode,
  );
  return { transaction, invoice: offlineInvoice(db, picked.invoiceId)!, printJob, numbersLeft: left };
}

export function offlineInvoice(db: Database.Database, invoiceNumber: string): OfflineInvoiceRecord | null {
  const row = statement(db, 'SELECT * FROM offline_invoices WHERE invoice_number = ?').get(invoiceNumber) as
    OfflineRow | undefined;
  return row ? toOffline(row) : null;
}

/** The offline invoices of these sales (the journal's list and detail mark them), any order. */
export function offlineInvoicesOf(
  db: Database.Database,
  orderNos: readonly string[],
): OfflineInvoiceRecord[] {
  if (orderNos.length === 0) return [];
  const rows = statement(
    db,
    'SELECT * FROM offline_invoices WHERE order_no IN (SELECT value FROM json_each(?))',
  ).all(JSON.stringify(orderNos)) as OfflineRow[];
  return rows.map(toOffline);
}

/** Offline invoices, in number order; `state` narrows to one upload state. */
export function offlineInvoices(
  db: Database.Database,
  filter: { state?: UploadState; limit?: number } = {},
): OfflineInvoiceRecord[] {
  const rows = statement(
    db,
    `SELECT * FROM offline_invoices WHERE (? IS NULL OR upload_state = ?)
       ORDER BY invoice_number LIMIT ?`,
  ).all(filter.state ?? null, filter.state ?? null, filter.limit ?? -1) as OfflineRow[];
  return rows.map(toOffline);
}

export interface UploadAnswer {
  invoiceNumber: string;
  /** `uploaded`: stored (or already stored, the same); `rejected`: the provider said why not. */
  state: 'uploaded' | 'rejected';
  message: string | null;
}

/**
 * The provider's answers to one upload, each as an entry on its sale. An answer for a number the
 * till has no offline invoice of is refused (nothing recorded); one already uploaded is left as it
 * is (a retry's `Invoice already exists`).
 */
export function recordUpload(
  db: Database.Database,
  answers: readonly UploadAnswer[],
  at: Date,
): OfflineInvoiceRecord[] {
  for (const answer of answers) {
    if (!offlineInvoice(db, answer.invoiceNumber)) {
      throw invalid(
        `上傳結果的發票號碼 ${answer.invoiceNumber} 不是本機離線開立的發票`,
        `The upload answer names ${answer.invoiceNumber}, which this till did not issue offline`,
      );
    }
  }
  return answers.map((answer) => {
    const current = offlineInvoice(db, answer.invoiceNumber)!;
    if (current.uploadState === 'uploaded') return current;
    appendEntry(db, {
      at: iso(at),
      kind: answer.state === 'uploaded' ? 'invoice-mode.uploaded' : 'invoice-mode.upload-rejected',
      orderNo: current.orderNo,
      payload: { invoiceNumber: answer.invoiceNumber, state: answer.state, message: answer.message },
    });
    statement(
      db,
      'UPDATE offline_invoices SET upload_state = ?, upload_message = ?, uploaded_at = ? WHERE invoice_number = ?',
    ).run(answer.state, answer.message, answer.state === 'uploaded' ? iso(at) : null, answer.invoiceNumber);
    return offlineInvoice(db, answer.invoiceNumber)!;
  });
}

/**
 * A segment's blank report: `reporting` before the request (no number of it is used from then
 * on: a number reported blank is never used), then `reported` or back to `open` with the reason.
 */
export function markBlank(
  db: Database.Database,
  segmentId: number,
  state: BlankState,
  message: string | null,
  at: Date,
): InvoiceModeSegmentRecord {
  const row = requireSegment(db, segmentId);
  const allowed: Record<BlankState, BlankState[]> = {
    open: ['reporting'],
    reporting: ['reported', 'open'],
    reported: [],
  };
  if (!allowed[row.blank_state].includes(state)) {
    throw new JournalError('journal-refused', {
      zh: `配號區間 ${invoiceModeId(row.word, row.start_no)} 的空白字軌回報已是 ${row.blank_state}，不能改為 ${state}`,
      en: `The blank report of segment ${invoiceModeId(row.word, row.start_no)} is ${row.blank_state}: it cannot become ${state}`,
    });
  }
  appendEntry(db, {
    at: iso(at),
    kind: state === 'reported' ? 'invoice-mode.blank-reported' : 'invoice-mode.blank-reporting',
    orderNo: null,
    payload: {
      segmentId,
      word: row.word,
      periodCode: row.period_code,
      start: row.start_no,
      end: row.end_no,
      next: row.next_no,
      state,
      message,
    },
  });
  statement(
    db,
    'UPDATE invoice_mode_segments SET blank_state = ?, blank_message = ?, updated_at = ? WHERE id = ?',
  ).run(state, message, iso(at), segmentId);
  return toSegment(requireSegment(db, segmentId));
}

/**
 * An invoice-mode call written ahead (provider-ops/kinds/invoice-mode.ts): an upload batch (its
 * numbers, in order) or a segment split (what was asked). The entry's id names the call in its
 * exchanges and its outcome. An upload batch is "in flight" as long as its invoices are still
 * `waiting`: a crash leaves them so, and the next upload sends them again, which is safe because
 * the provider stores an InvoiceID once (`Invoice already exists` is done). So the journal's
 * recovery rule (operation-moves.ts `recover`) has nothing to move for it.
 */
export interface InvoiceModeCall {
  callId: number;
  kind: 'upload' | 'split' | 'blank';
  invoiceNumbers: string[];
}

export interface SplitRequest {
  companyId: string;
  periodCode: string;
  useFor: string;
  count: number;
}

/** Writes an upload batch ahead: 1 to 100 waiting offline invoices, in number order. */
export function beginUpload(
  db: Database.Database,
  invoiceNumbers: readonly string[],
  at: Date,
): InvoiceModeCall {
  if (invoiceNumbers.length === 0 || invoiceNumbers.length > 100) {
    throw invalid('一次上傳 1 到 100 張離線發票', 'An upload takes 1 to 100 offline invoices');
  }
  const sorted = [...invoiceNumbers].sort();
  if (
    sorted.some((number, index) => number !== invoiceNumbers[index] || number === invoiceNumbers[index - 1])
  ) {
    throw invalid(
      '上傳的發票須依號碼順序且不重複',
      'An upload lists its invoices once each, in number order',
    );
  }
  for (const number of invoiceNumbers) {
    const found = offlineInvoice(db, number);
    if (!found || found.uploadState !== 'waiting') {
      throw invalid(
        `發票 ${number} 不是待上傳的離線發票`,
        `Invoice ${number} is not an offline invoice waiting for upload`,
      );
    }
  }
  const entry = appendEntry(db, {
    at: iso(at),
    kind: 'invoice-mode.upload-sending',
    orderNo: null,
    payload: { invoiceNumbers: [...invoiceNumbers] },
  });
  return { callId: entry.id, kind: 'upload', invoiceNumbers: [...invoiceNumbers] };
}

/**
 * Of these invoice numbers, those an earlier upload call already carried (still waiting, so that
 * call ended not delivered, unknown, or crashed): a refusal of them now may be our own earlier
 * upload refused as a repeat.
 */
export function sentBefore(db: Database.Database, invoiceNumbers: readonly string[]): Set<string> {
  if (invoiceNumbers.length === 0) return new Set();
  const rows = statement(
    db,
    `SELECT DISTINCT j.value FROM entries e, json_each(e.payload, '$.invoiceNumbers') j
       WHERE e.kind = 'invoice-mode.upload-sending' AND j.value IN (SELECT value FROM json_each(?))`,
  )
    .pluck()
    .all(JSON.stringify(invoiceNumbers)) as string[];
  return new Set(rows);
}

/** Writes a segment split ahead (a split that may have been done is settled by the number list). */
export function beginSplit(db: Database.Database, request: SplitRequest, at: Date): InvoiceModeCall {
  const entry = appendEntry(db, {
    at: iso(at),
    kind: 'invoice-mode.split-sending',
    orderNo: null,
    payload: { ...request },
  });
  return { callId: entry.id, kind: 'split', invoiceNumbers: [] };
}

/** One answer (or transport failure) of an invoice-mode call, as its own entry. */
export function recordCallExchange(
  db: Database.Database,
  call: InvoiceModeCall,
  exchange: Record<string, unknown>,
  at: Date,
): void {
  appendEntry(db, {
    at: iso(at),
    kind: 'invoice-mode.exchange',
    orderNo: null,
    payload: { callId: call.callId, call: call.kind, ...exchange },
  });
}

/**
 * A whole call that came to nothing readable: not delivered, unknown or refused whole. The upload
 * batch's invoices stay `waiting` (sent again later); a split's unknown outcome is a finding.
 */
export function recordCallFailure(
  db: Database.Database,
  call: InvoiceModeCall,
  failure: { state: 'not-delivered' | 'unknown' | 'rejected'; reason: string },
  at: Date,
): void {
  appendEntry(db, {
    at: iso(at),
    kind: 'invoice-mode.call-failed',
    orderNo: null,
    payload: { callId: call.callId, call: call.kind, state: failure.state, reason: failure.reason },
  });
}

/**
 * A business day's offline-issued invoices of one till and mode (the Z report, issue 27): those
 * that stand (issued, not voided), with their amount, and how many of the day's are still waiting
 * for their upload.
 */
export function offlineIssuedOn(
  db: Database.Database,
  filter: { businessDay: string; tillId: string; training: boolean },
): { count: number; amount: number; waitingUpload: number } {
  const row = statement(
    db,
    `SELECT
       count(*) FILTER (WHERE t.state = 'issued' AND NOT EXISTS (SELECT 1 FROM returns v
         WHERE v.order_no = t.order_no AND v.kind = 'void' AND v.state = 'done')) AS count,
       coalesce(sum(t.total_amount) FILTER (WHERE t.state = 'issued' AND NOT EXISTS (SELECT 1 FROM returns v
         WHERE v.order_no = t.order_no AND v.kind = 'void' AND v.state = 'done')), 0) AS amount,
       count(*) FILTER (WHERE o.upload_state = 'waiting') AS waitingUpload
     FROM offline_invoices o JOIN transactions t ON t.order_no = o.order_no
     WHERE t.business_day = ? AND t.till_id = ? AND t.training = ?`,
  ).get(filter.businessDay, filter.tillId, filter.training ? 1 : 0) as {
    count: number;
    amount: number;
    waitingUpload: number;
  };
  return row;
}

// ---------------------------------------------------------------------------------------------
// Blank reports (profile §7): a segment's numbers never used, reported once after its period ends

/** How a range is reported: the tail by `/Update/SetBlankInvoiceID`, gaps by `/Append/TrackBlank`. */
export type BlankOp = 'setBlank' | 'trackBlank';

export interface BlankRangeRecord {
  begin: number;
  end: number;
}

/**
 * Where a segment's blank report stands, read from its entries: what is blank (the tail after the
 * last used number, the gaps before it: `blankPlan`), what the provider has taken, what it refused
 * (with its text), and whether a call of each operation went out before (then an "already
 * reported" answer is our own earlier report: the call's outcome was unknown or lost in a crash).
 */
export interface BlankProgress {
  segment: InvoiceModeSegmentRecord;
  /** Every blank range of the segment, by operation (no tail when the last number was used). */
  plan: { setBlank: BlankRangeRecord | null; trackBlank: BlankRangeRecord[] };
  /** Ranges still to report (neither done nor refused), by operation. */
  pending: { setBlank: BlankRangeRecord | null; trackBlank: BlankRangeRecord[] };
  /** Ranges the provider refused, with its text: a finding; a person may send them again. */
  refused: Array<BlankRangeRecord & { op: BlankOp; message: string }>;
  /** Ranges the provider took. */
  done: BlankRangeRecord[];
  sentBefore: Record<BlankOp, boolean>;
}

const rangeKey = (range: BlankRangeRecord) => `${range.begin}-${range.end}`;

interface BlankAnswerPayload {
  segmentId: number;
  op: BlankOp;
  items: Array<BlankRangeRecord & { state: 'done' | 'refused'; message: string | null }>;
}

/** A segment's blank report as its entries tell it (see `BlankProgress`). */
export function blankProgress(db: Database.Database, segmentId: number): BlankProgress {
  const segment = toSegment(requireSegment(db, segmentId));
  const used = statement(db, 'SELECT number FROM offline_invoices WHERE segment_id = ?')
    .pluck()
    .all(segmentId) as number[];
  const planned = blankPlan(segment, used);
  const tail = planned.tail ? { begin: planned.tail.next, end: planned.tail.end } : null;
  const plan = {
    setBlank: tail,
    trackBlank: planned.gaps.map((gap) => ({ begin: gap.begin, end: gap.end })),
  };
  const answers = statement(
    db,
    `SELECT payload FROM entries WHERE kind = 'invoice-mode.blank-answered'
       AND payload ->> '$.segmentId' = ? ORDER BY id`,
  )
    .pluck()
    .all(segmentId)
    .map((text) => JSON.parse(text as string) as BlankAnswerPayload);
  const done = new Map<string, BlankRangeRecord>();
  const refused = new Map<string, BlankRangeRecord & { op: BlankOp; message: string }>();
  for (const answer of answers) {
    for (const item of answer.items) {
      const key = rangeKey(item);
      if (item.state === 'done') {
        done.set(key, { begin: item.begin, end: item.end });
        refused.delete(key);
      } else if (!done.has(key)) {
        refused.set(key, { begin: item.begin, end: item.end, op: answer.op, message: item.message ?? '' });
      }
    }
  }
  const sent = statement(
    db,
    `SELECT DISTINCT payload ->> '$.op' FROM entries WHERE kind = 'invoice-mode.blank-sending'
       AND payload ->> '$.segmentId' = ?`,
  )
    .pluck()
    .all(segmentId) as string[];
  const open = (range: BlankRangeRecord) => !done.has(rangeKey(range)) && !refused.has(rangeKey(range));
  return {
    segment,
    plan,
    pending: {
      setBlank: plan.setBlank && open(plan.setBlank) ? plan.setBlank : null,
      trackBlank: plan.trackBlank.filter(open),
    },
    refused: [...refused.values()],
    done: [...done.values()],
    sentBefore: { setBlank: sent.includes('setBlank'), trackBlank: sent.includes('trackBlank') },
  };
}

/**
 * Writes one blank-report call ahead: the segment leaves `open` in this same commit (from now on
 * none of its numbers is used: a number reported blank is never used), and the ranges of `op`
 * still to report (with `retryRefused`, those the provider refused too) are the call's. Refused
 * when the segment is reported already or has nothing of `op` left to report.
 */
export function beginBlank(
  db: Database.Database,
  input: { segmentId: number; op: BlankOp; retryRefused?: boolean },
  at: Date,
): InvoiceModeCall & { segmentId: number; op: BlankOp; ranges: BlankRangeRecord[]; afterUnknown: boolean } {
  let progress = blankProgress(db, input.segmentId);
  if (progress.segment.blankState === 'reported') {
    throw new JournalError('journal-refused', {
      zh: `配號區間 ${invoiceModeId(progress.segment.word, progress.segment.start)} 的空白字軌已回報`,
      en: `The blank numbers of segment ${invoiceModeId(progress.segment.word, progress.segment.start)} were reported already`,
    });
  }
  if (progress.segment.blankState === 'open') {
    markBlank(db, input.segmentId, 'reporting', null, at);
    progress = blankProgress(db, input.segmentId);
  }
  const again = input.retryRefused
    ? progress.refused.filter((range) => range.op === input.op).map(({ begin, end }) => ({ begin, end }))
    : [];
  const pending =
    input.op === 'setBlank'
      ? progress.pending.setBlank
        ? [progress.pending.setBlank]
        : []
      : progress.pending.trackBlank;
  const ranges = [...pending, ...again].sort((a, b) => a.begin - b.begin);
  if (ranges.length === 0) {
    throw invalid(
      '此配號區間沒有要回報的空白號碼',
      'This segment has no blank numbers left to report this way',
    );
  }
  const afterUnknown = progress.sentBefore[input.op];
  const entry = appendEntry(db, {
    at: iso(at),
    kind: 'invoice-mode.blank-sending',
    orderNo: null,
    payload: { segmentId: input.segmentId, op: input.op, ranges, afterUnknown },
  });
  return {
    callId: entry.id,
    kind: 'blank',
    invoiceNumbers: [],
    segmentId: input.segmentId,
    op: input.op,
    ranges,
    afterUnknown,
  };
}

/**
 * The provider's answer to a blank-report call, per range (done, or refused with its text), in
 * one commit; once every range of the segment is done, the segment is `reported`.
 */
export function recordBlankAnswer(
  db: Database.Database,
  call: { callId: number; segmentId: number; op: BlankOp },
  items: BlankAnswerPayload['items'],
  at: Date,
): BlankProgress {
  appendEntry(db, {
    at: iso(at),
    kind: 'invoice-mode.blank-answered',
    orderNo: null,
    payload: { callId: call.callId, segmentId: call.segmentId, op: call.op, items },
  });
  return settleBlank(db, call.segmentId, at);
}

/**
 * The segment's report is complete when nothing is pending and nothing refused: `reported` (a
 * segment with every number used has nothing to report and is reported at once). A refusal
 * stays on the segment as its message, for a person.
 */
export function settleBlank(db: Database.Database, segmentId: number, at: Date): BlankProgress {
  let progress = blankProgress(db, segmentId);
  const complete =
    progress.pending.setBlank === null &&
    progress.pending.trackBlank.length === 0 &&
    progress.refused.length === 0;
  if (complete && progress.segment.blankState !== 'reported') {
    if (progress.segment.blankState === 'open') markBlank(db, segmentId, 'reporting', null, at);
    markBlank(db, segmentId, 'reported', null, at);
    progress = blankProgress(db, segmentId);
  } else if (!complete && progress.refused.length > 0) {
    const message = progress.refused
      .map((range) => `${invoiceModeId(progress.segment.word, range.begin)}–${range.end}: ${range.message}`)
      .join('; ')
      .slice(0, 500);
    statement(db, 'UPDATE invoice_mode_segments SET blank_message = ?, updated_at = ? WHERE id = ?').run(
      message,
      iso(at),
      segmentId,
    );
    progress = blankProgress(db, segmentId);
  }
  return progress;
}
