import type Database from 'better-sqlite3';
import type { InvoiceReturnFact } from '../../shared/domain';
import { BusinessDay } from '../../shared/ipc/contract/define';
import { notFound } from './errors';
import {
  LIST_COLUMNS,
  RETURN_SELECT,
  returnExchangeFromEntry,
  toEntry,
  toListItem,
  toRecord,
  toReturnRecord,
  type EntryRow,
  type ReturnReadRow,
  type TxBody,
  type TxRow,
} from './rows';
import { statement } from './statements';
import {
  STANDING_RETURN_STATES,
  type ReturnDetail,
  type ReturnedLine,
  type ReturnExchangeRecord,
  type ReturnLine,
  type ReturnRecord,
  type SaleVoidState,
  type TransactionListItem,
  type TransactionRecord,
  type TxState,
} from './types';
import { check } from './validate';

/**
 * The reads of returns: one return, a sale's returns, what is left to return per line, whether a
 * sale is voided, the pending list, and the look-ups the counter finds a sale with.
 */

const STANDING_SQL = `(${STANDING_RETURN_STATES.map((s) => `'${s}'`).join(',')})`;

export function findReturn(db: Database.Database, id: number): ReturnReadRow | null {
  return (statement(db, `${RETURN_SELECT} WHERE r.id = ?`).get(id) as ReturnReadRow | undefined) ?? null;
}

export function getReturn(db: Database.Database, id: number): ReturnRecord | null {
  const row = findReturn(db, id);
  return row ? toReturnRecord(row) : null;
}

/** A sale's return rows as read (RETURN_SELECT), oldest first. */
export function returnsOfOrder(db: Database.Database, orderNo: string): ReturnReadRow[] {
  return statement(db, `${RETURN_SELECT} WHERE r.order_no = ? ORDER BY r.id`).all(orderNo) as ReturnReadRow[];
}

export function returnsOf(db: Database.Database, orderNo: string): ReturnRecord[] {
  return returnsOfOrder(db, orderNo).map(toReturnRecord);
}

export function returnByAllowanceNumber(db: Database.Database, allowanceNumber: string): ReturnRecord | null {
  const row = statement(
    db,
    `${RETURN_SELECT} WHERE r.kind = 'allowance' AND r.allowance_number = ? ORDER BY r.id LIMIT 1`,
  ).get(allowanceNumber) as ReturnReadRow | undefined;
  return row ? toReturnRecord(row) : null;
}

export function returnByAllowancePrefix(db: Database.Database, prefix: string): ReturnRecord | null {
  const row = statement(db, `${RETURN_SELECT} WHERE r.allowance_prefix = ?`).get(prefix) as
    ReturnReadRow | undefined;
  return row ? toReturnRecord(row) : null;
}

export function returnDetail(db: Database.Database, id: number): ReturnDetail | null {
  const row = findReturn(db, id);
  if (!row) return null;
  // Through the order index: a return's entries carry its sale's order number.
  const entries = (
    statement(
      db,
      `SELECT * FROM entries WHERE order_no = ? AND kind LIKE 'return.%' AND payload ->> '$.returnId' = ? ORDER BY id`,
    ).all(row.order_no, id) as EntryRow[]
  ).map(toEntry);
  const exchanges: ReturnExchangeRecord[] = entries
    .filter((entry) => entry.kind === 'return.exchange')
    .map((entry) => returnExchangeFromEntry(entry.id, entry.at, entry.payload));
  return { record: toReturnRecord(row), exchanges, entries };
}

/** Returns that need verification (the journal screen's list), oldest first. */
export function pendingReturns(db: Database.Database): ReturnRecord[] {
  return (
    statement(
      db,
      `${RETURN_SELECT} WHERE r.state = 'needs-verification' ORDER BY r.created_at, r.id`,
    ).all() as ReturnReadRow[]
  ).map(toReturnRecord);
}

/**
 * 改開 voids whose reissue is still owed (see `ReturnReissue.owed`), whatever the void's state:
 * listed with the pending sales and on the returns and closing screens until the new sale is made.
 */
export function owedReissues(db: Database.Database): ReturnRecord[] {
  return (
    statement(
      db,
      `SELECT * FROM (${RETURN_SELECT} WHERE r.reissue IS NOT NULL AND r.kind = 'void' AND r.state <> 'rejected')
       WHERE reissue_state IS NULL OR reissue_state IN ('rejected', 'not-issued')
       ORDER BY created_at, id`,
    ).all() as ReturnReadRow[]
  ).map(toReturnRecord);
}

export function countReturns(db: Database.Database, state: 'in-flight' | 'needs-verification'): number {
  return statement(db, 'SELECT count(*) FROM returns WHERE state = ?').pluck().get(state) as number;
}

/** Whether a void of this sale is done (`voided`), may stand (`pending`), or none stands. */
export function voidStateOf(db: Database.Database, orderNo: string): SaleVoidState {
  const states = statement(db, `SELECT state FROM returns WHERE order_no = ? AND kind = 'void'`)
    .pluck()
    .all(orderNo) as string[];
  if (states.includes('done')) return 'voided';
  if (states.some((s) => s === 'in-flight' || s === 'needs-verification')) return 'pending';
  return 'none';
}

/**
 * A sale's allowances that stand or may stand (in flight, needs verification, done) and are not
 * undone by a done allowance void. `except`: a return left out (the one being resent).
 */
export function standingAllowances(
  db: Database.Database,
  orderNo: string,
  except: number | null = null,
): ReturnReadRow[] {
  return (
    statement(
      db,
      `SELECT * FROM (${RETURN_SELECT} WHERE r.order_no = ? AND r.kind = 'allowance' AND r.state IN ${STANDING_SQL})
       WHERE voided_by IS NULL ORDER BY id`,
    ).all(orderNo) as ReturnReadRow[]
  ).filter((row) => row.id !== except);
}

/** The sequence of a sale's line `index` (0-based), as the POS profile numbers `DetailID`. */
export const lineSequence = (index: number): string => String(index + 1).padStart(3, '0');

/** Per line of the sale: sold, returned by standing allowances, and what remains. */
export function returnedLinesOf(
  db: Database.Database,
  sale: TxRow,
  except: number | null = null,
): ReturnedLine[] {
  const body = JSON.parse(sale.body) as TxBody;
  const lines: ReturnedLine[] = body.lines.map((line, index) => ({
    sequence: lineSequence(index),
    name: line.name,
    soldQuantity: line.quantity,
    soldAmount: line.subTotal,
    returnedQuantity: 0,
    returnedAmount: 0,
    remainingQuantity: line.quantity,
    remainingAmount: line.subTotal,
  }));
  for (const allowance of standingAllowances(db, sale.order_no, except)) {
    for (const returned of JSON.parse(allowance.lines) as ReturnLine[]) {
      const line = lines.find((candidate) => candidate.sequence === returned.sequence);
      if (!line) continue;
      line.returnedQuantity += returned.quantity;
      line.returnedAmount += returned.refundAmount;
    }
  }
  for (const line of lines) {
    line.remainingQuantity = line.soldQuantity - line.returnedQuantity;
    line.remainingAmount = line.soldAmount - line.returnedAmount;
  }
  return lines;
}

export function returnedLines(db: Database.Database, orderNo: string): ReturnedLine[] {
  const sale = statement(db, 'SELECT * FROM transactions WHERE order_no = ?').get(orderNo) as
    TxRow | undefined;
  if (!sale) throw notFound(orderNo);
  return returnedLinesOf(db, sale);
}

/** The sale an invoice number belongs to (the proof's barcode and QR carry it), or null. */
export function findByInvoiceNumber(db: Database.Database, invoiceNumber: string): TransactionRecord | null {
  const normalized = invoiceNumber.trim().toUpperCase().replace('-', '');
  const row = statement(
    db,
    'SELECT * FROM transactions WHERE invoice_number = ? ORDER BY created_at LIMIT 1',
  ).get(normalized) as TxRow | undefined;
  return row ? toRecord(row) : null;
}

/** Issued sales of a business day with this total (the counter's "date and amount" search). */
export function findByDayAndAmount(
  db: Database.Database,
  options: { businessDay: string; totalAmount: number; tillId?: string },
): TransactionListItem[] {
  check(BusinessDay, options.businessDay, { zh: '營業日', en: 'business day' });
  return (
    statement(
      db,
      `SELECT ${LIST_COLUMNS} FROM transactions
       WHERE business_day = @day AND total_amount = @total AND state = 'issued' AND (@tillId IS NULL OR till_id = @tillId)
       ORDER BY created_at, order_no LIMIT 200`,
    ).all({ day: options.businessDay, total: options.totalAmount, tillId: options.tillId ?? null }) as Omit<
      TxRow,
      'body'
    >[]
  ).map(toListItem);
}

interface ReturnFactRow {
  id: number;
  order_no: string;
  kind: InvoiceReturnFact['kind'];
  state: InvoiceReturnFact['state'];
  total_amount: number;
  target_id: number | null;
  has_reissue: number;
  reissue_order_no: string | null;
  reissue_state: TxState | null;
  reissue_invoice: string | null;
}

const RETURN_FACTS_SELECT = `SELECT r.id, r.order_no, r.kind, r.state, r.total_amount, r.target_id,
    r.reissue IS NOT NULL AS has_reissue, r.reissue ->> '$.orderNo' AS reissue_order_no,
    t.state AS reissue_state, t.invoice_number AS reissue_invoice
  FROM returns r LEFT JOIN transactions t ON t.order_no = r.reissue ->> '$.orderNo'`;

/**
 * Every return of the sales asked for (all of one business day's sales, or one sale), whatever
 * its own day, as the invoice-status rule reads them (shared/domain/invoice-status.ts): by order number.
 */
export function returnFacts(
  db: Database.Database,
  of: { businessDay: string } | { orderNo: string },
): Map<string, InvoiceReturnFact[]> {
  const rows = (
    'orderNo' in of
      ? statement(db, `${RETURN_FACTS_SELECT} WHERE r.order_no = ?`).all(of.orderNo)
      : statement(
          db,
          `${RETURN_FACTS_SELECT} WHERE r.order_no IN (SELECT order_no FROM transactions WHERE business_day = ?)`,
        ).all(of.businessDay)
  ) as ReturnFactRow[];
  const facts = new Map<string, InvoiceReturnFact[]>();
  for (const row of rows) {
    const fact: InvoiceReturnFact = {
      id: row.id,
      kind: row.kind,
      state: row.state,
      amount: row.total_amount,
      targetId: row.target_id,
      reissue:
        row.has_reissue === 1
          ? {
              orderNo: row.reissue_order_no,
              state: row.reissue_order_no === null ? null : row.reissue_state,
              invoiceNumber: row.reissue_order_no === null ? null : row.reissue_invoice,
            }
          : null,
    };
    const list = facts.get(row.order_no);
    if (list) list.push(fact);
    else facts.set(row.order_no, [fact]);
  }
  return facts;
}
