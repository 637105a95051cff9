import type Database from 'better-sqlite3';
import { appendEntry } from './chain';
import { nextPrintJobRow } from './derive';
import { invalid, JournalError, notFound } from './errors';
import { voidStateOf } from './return-queries';
import { toPrintJobRecord, type PrintJobRow } from './rows';
import { saveRow, statement } from './statements';
import type { JournalEntry, NewPrintJob, PrintAttempt, PrintJobRecord } from './types';
import { check, newPrintJob, printAttempt } from './validate';

/**
 * Print jobs for the printing capability: created before printing, then each attempt recorded.
 * A failed attempt leaves the job `pending` with its reason (the printer may come back); a
 * success makes it `printed`. Both are also journal entries, so a proof print is on the chain.
 */
export function createPrintJob(db: Database.Database, input: NewPrintJob, now: Date): PrintJobRecord {
  check(newPrintJob, input, { zh: '列印工作', en: 'print job' });
  if (input.orderNo !== null) {
    const tx = statement(db, 'SELECT state FROM transactions WHERE order_no = ?').get(input.orderNo) as
      { state: string } | undefined;
    if (!tx) throw notFound(input.orderNo);
    if (input.kind === 'proof' && tx.state !== 'issued') {
      throw new JournalError('journal-refused', {
        zh: `訂單 ${input.orderNo} 尚未開立發票，不能列印紙本證明聯`,
        en: `Order ${input.orderNo} has no issued invoice: no proof can be printed`,
      });
    }
    // A proof of a voided invoice would pass for a valid one (printing says so first, in words).
    if (input.kind === 'proof' && voidStateOf(db, input.orderNo) === 'voided') {
      throw new JournalError('journal-refused', {
        zh: `訂單 ${input.orderNo} 的發票已作廢，不能列印紙本證明聯`,
        en: `The invoice of order ${input.orderNo} is voided: no proof can be printed`,
      });
    }
  } else if (input.kind === 'proof' || input.kind === 'details') {
    throw invalid('證明聯與交易明細必須屬於一筆訂單', 'A proof or details slip belongs to an order');
  }
  const at = (input.at ?? now).toISOString();
  const reprint = input.kind === 'proof' && input.orderNo !== null && hasPrintedProof(db, input.orderNo);
  // The id SQLite would give the row: the entry names the job before the row exists.
  const id = statement(db, 'SELECT coalesce(max(id), 0) + 1 FROM print_jobs').pluck().get() as number;
  const entry = appendEntry(db, {
    at,
    kind: 'print.created',
    orderNo: input.orderNo,
    payload: { jobId: id, kind: input.kind, reprint, content: input.content },
  });
  return savePrintJobRow(db, null, entry);
}

export function recordPrintAttempt(
  db: Database.Database,
  jobId: number,
  attempt: PrintAttempt,
  at: Date,
): PrintJobRecord {
  check(printAttempt, attempt, { zh: '列印結果', en: 'print attempt' });
  const job = statement(db, 'SELECT * FROM print_jobs WHERE id = ?').get(jobId) as PrintJobRow | undefined;
  if (!job) {
    throw new JournalError('journal-not-found', {
      zh: `找不到列印工作 ${jobId}`,
      en: `No print job ${jobId}`,
    });
  }
  if (job.state === 'printed') {
    throw new JournalError('journal-refused', {
      zh: `列印工作 ${jobId} 已經印好；要再印請建立新的列印工作（補印）`,
      en: `Print job ${jobId} already printed; create a new job to print again (reprint)`,
    });
  }
  const entry = appendEntry(db, {
    at: at.toISOString(),
    kind: 'print.attempt',
    orderNo: job.order_no,
    payload: {
      jobId,
      ok: attempt.ok,
      reason: attempt.ok ? null : attempt.reason,
      state: attempt.ok ? 'printed' : 'pending',
      attempt: job.attempts + 1,
    },
  });
  return savePrintJobRow(db, job, entry);
}

/** Saves the row an appended `print.*` entry derives (derive.ts), as its record. */
function savePrintJobRow(
  db: Database.Database,
  before: PrintJobRow | null,
  entry: JournalEntry,
): PrintJobRecord {
  const row = nextPrintJobRow(before, entry)!;
  saveRow(db, 'print_jobs', 'id', row, before);
  return toPrintJobRecord(row);
}

export function getPrintJob(db: Database.Database, jobId: number): PrintJobRecord | null {
  const row = statement(db, 'SELECT * FROM print_jobs WHERE id = ?').get(jobId) as PrintJobRow | undefined;
  return row ? toPrintJobRecord(row) : null;
}

export function pendingPrintJobs(db: Database.Database): PrintJobRecord[] {
  return (
    statement(db, `SELECT * FROM print_jobs WHERE state = 'pending' ORDER BY id`).all() as PrintJobRow[]
  ).map(toPrintJobRecord);
}

export function pendingPrintCount(db: Database.Database): number {
  return statement(db, `SELECT count(*) FROM print_jobs WHERE state = 'pending'`).pluck().get() as number;
}

export function printJobsFor(db: Database.Database, orderNo: string): PrintJobRecord[] {
  return (
    statement(db, 'SELECT * FROM print_jobs WHERE order_no = ? ORDER BY id').all(orderNo) as PrintJobRow[]
  ).map(toPrintJobRecord);
}

export function hasPrintedProof(db: Database.Database, orderNo: string): boolean {
  return (
    statement(
      db,
      `SELECT 1 FROM print_jobs WHERE order_no = ? AND kind = 'proof' AND state = 'printed' LIMIT 1`,
    ).get(orderNo) !== undefined
  );
}
