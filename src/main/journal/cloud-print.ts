import type Database from 'better-sqlite3';
import { appendEntry } from './chain';
import { invalid, JournalError, notFound } from './errors';
import { voidStateOf } from './return-queries';
import { statement } from './statements';
import type { CloudPrintJobRecord, CloudPrintState } from './types';

export type { CloudPrintJobRecord, CloudPrintState };

/**
 * Cloud print jobs (issue 29, provider profile §8): the proof the e-invoice service's agent prints
 * on a `cloud:` printer. Each job is a record of its own, as a local print job is: queued when the
 * service answered its `PrintJobID` (in the sale's outcome commit, or a reprint's), then printed or
 * failed as `/Inquire/GetPrintJobs` says. A 補印 through the service (`/Update/RePrint`) is written
 * ahead (`beginCloudReprint`) like every provider call; its answer queues a new job marked reprint
 * with who and why. Each function runs inside the caller's write transaction (journal.ts wraps it),
 * appends its entry (carrying the sale's order number, so the chain check reads it with the sale)
 * and saves its row, or throws and changes nothing.
 */

export interface NewCloudPrintJob {
  orderNo: string;
  printJobId: string;
  printerNo: string;
  /** The reprint call this job answers (its who and why). */
  reprintOf?: CloudReprintCall;
}

/** A `/Update/RePrint` written ahead: the entry's id names it in its exchanges and its outcome. */
export interface CloudReprintCall {
  callId: number;
  orderNo: string;
  invoiceNumber: string;
  printerNo: string;
  by: string;
  approvedBy: string | null;
  reason: string;
}

interface CloudPrintRow {
  id: number;
  order_no: string;
  print_job_id: string;
  printer_no: string;
  state: CloudPrintState;
  message: string | null;
  reprint: number;
  by_name: string | null;
  approved_by: string | null;
  reason: string | null;
  created_at: string;
  updated_at: string;
}

const toRecord = (row: CloudPrintRow): CloudPrintJobRecord => ({
  id: row.id,
  orderNo: row.order_no,
  printJobId: row.print_job_id,
  printerNo: row.printer_no,
  state: row.state,
  message: row.message,
  reprint: row.reprint === 1,
  by: row.by_name,
  approvedBy: row.approved_by,
  reason: row.reason,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const byJobId = (db: Database.Database, printJobId: string) =>
  statement(db, 'SELECT * FROM cloud_print_jobs WHERE print_job_id = ?').get(printJobId) as
    CloudPrintRow | undefined;

/** A job the service queued: its own record, state `queued`. */
export function queueCloudPrintJob(
  db: Database.Database,
  input: NewCloudPrintJob,
  at: Date,
): CloudPrintJobRecord {
  const sale = statement(db, 'SELECT state FROM transactions WHERE order_no = ?').get(input.orderNo) as
    { state: string } | undefined;
  if (!sale) throw notFound(input.orderNo);
  if (byJobId(db, input.printJobId)) {
    throw invalid(
      `雲端列印工作 ${input.printJobId} 已記錄`,
      `Cloud print job ${input.printJobId} is already recorded`,
    );
  }
  const reprint = input.reprintOf ?? null;
  const entry = appendEntry(db, {
    at: at.toISOString(),
    kind: 'cloud-print.queued',
    orderNo: input.orderNo,
    payload: {
      printJobId: input.printJobId,
      printerNo: input.printerNo,
      reprint: reprint !== null,
      ...(reprint
        ? { callId: reprint.callId, by: reprint.by, approvedBy: reprint.approvedBy, reason: reprint.reason }
        : {}),
    },
  });
  statement(
    db,
    `INSERT INTO cloud_print_jobs (order_no, print_job_id, printer_no, state, message, reprint, by_name,
       approved_by, reason, created_at, updated_at, entry_id)
     VALUES (?, ?, ?, 'queued', NULL, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    input.orderNo,
    input.printJobId,
    input.printerNo,
    reprint ? 1 : 0,
    reprint?.by ?? null,
    reprint?.approvedBy ?? null,
    reprint?.reason ?? null,
    entry.at,
    entry.at,
    entry.id,
  );
  return toRecord(byJobId(db, input.printJobId)!);
}

/**
 * The service's word on a job: printed or failed (with its message). Null when nothing changed
 * (still queued, or already in that state): the poll writes only moves. A printed job stays
 * printed whatever a later answer says (paper that came out cannot go back in).
 */
export function recordCloudPrintState(
  db: Database.Database,
  printJobId: string,
  state: CloudPrintState,
  message: string | null,
  at: Date,
): CloudPrintJobRecord | null {
  const row = byJobId(db, printJobId);
  if (!row) {
    throw new JournalError('journal-not-found', {
      zh: `找不到雲端列印工作 ${printJobId}`,
      en: `No cloud print job ${printJobId}`,
    });
  }
  if (row.state === 'printed' || (row.state === state && row.message === message)) return null;
  const entry = appendEntry(db, {
    at: at.toISOString(),
    kind: 'cloud-print.state',
    orderNo: row.order_no,
    payload: { printJobId, state, message },
  });
  statement(db, 'UPDATE cloud_print_jobs SET state = ?, message = ?, updated_at = ? WHERE id = ?').run(
    state,
    message,
    entry.at,
    row.id,
  );
  return toRecord(byJobId(db, printJobId)!);
}

/** Jobs the service has not finished (what the poll asks about), oldest first. */
export function openCloudPrintJobs(db: Database.Database): CloudPrintJobRecord[] {
  return (
    statement(
      db,
      `SELECT * FROM cloud_print_jobs WHERE state = 'queued' ORDER BY id`,
    ).all() as CloudPrintRow[]
  ).map(toRecord);
}

/** A sale's cloud print jobs, oldest first. */
export function cloudPrintJobsFor(db: Database.Database, orderNo: string): CloudPrintJobRecord[] {
  return (
    statement(db, 'SELECT * FROM cloud_print_jobs WHERE order_no = ? ORDER BY id').all(
      orderNo,
    ) as CloudPrintRow[]
  ).map(toRecord);
}

/**
 * A 補印 through the service written ahead. Refused (nothing written, nothing sent) for a sale
 * with no cloud job, whose latest job printed (the proof came out: a second is never made), or
 * whose invoice is voided or being voided (a proof of it would pass for a valid one).
 */
export function beginCloudReprint(
  db: Database.Database,
  input: { orderNo: string; by: string; approvedBy: string | null; reason: string },
  at: Date,
): CloudReprintCall {
  const sale = statement(db, 'SELECT state, invoice_number FROM transactions WHERE order_no = ?').get(
    input.orderNo,
  ) as { state: string; invoice_number: string | null } | undefined;
  if (!sale) throw notFound(input.orderNo);
  const latest = cloudPrintJobsFor(db, input.orderNo).at(-1);
  if (sale.state !== 'issued' || !sale.invoice_number || !latest) {
    throw new JournalError('journal-refused', {
      zh: `訂單 ${input.orderNo} 沒有雲端列印的紙本證明聯，未補印`,
      en: `Order ${input.orderNo} has no paper proof on a cloud printer: nothing was reprinted`,
    });
  }
  const voidState = voidStateOf(db, input.orderNo);
  if (voidState !== 'none') {
    throw new JournalError('journal-refused', {
      zh: `發票 ${sale.invoice_number} ${voidState === 'voided' ? '已作廢' : '正在作廢'}，不能補印紙本證明聯`,
      en: `Invoice ${sale.invoice_number} is ${voidState === 'voided' ? 'voided' : 'being voided'}: its paper proof cannot be reprinted`,
    });
  }
  if (latest.state === 'printed') {
    throw new JournalError('journal-refused', {
      zh: `訂單 ${input.orderNo} 的紙本證明聯已列印，未補印`,
      en: `The paper proof of order ${input.orderNo} has printed: nothing was reprinted`,
    });
  }
  const call = {
    orderNo: input.orderNo,
    invoiceNumber: sale.invoice_number,
    printerNo: latest.printerNo,
    by: input.by,
    approvedBy: input.approvedBy,
    reason: input.reason,
  };
  const entry = appendEntry(db, {
    at: at.toISOString(),
    kind: 'cloud-print.reprint-sending',
    orderNo: input.orderNo,
    payload: { ...call, after: latest.printJobId },
  });
  return { callId: entry.id, ...call };
}

/** One answer (or transport failure) of a reprint call, as its own entry. */
export function recordCloudReprintExchange(
  db: Database.Database,
  call: CloudReprintCall,
  exchange: Record<string, unknown>,
  at: Date,
): void {
  appendEntry(db, {
    at: at.toISOString(),
    kind: 'cloud-print.exchange',
    orderNo: call.orderNo,
    payload: { callId: call.callId, ...exchange },
  });
}

/** A reprint that queued nothing (refused, not delivered) or whose outcome is unknown. */
export function recordCloudReprintFailure(
  db: Database.Database,
  call: CloudReprintCall,
  failure: { state: 'rejected' | 'not-delivered' | 'unknown'; reason: string },
  at: Date,
): void {
  appendEntry(db, {
    at: at.toISOString(),
    kind: 'cloud-print.reprint-failed',
    orderNo: call.orderNo,
    payload: { callId: call.callId, state: failure.state, reason: failure.reason },
  });
}
