import type Database from 'better-sqlite3';
import { appendEntry } from './chain';
import { invalid, JournalError, notFound } from './errors';
import type { NewPrintJob, PrintAttempt, PrintJobRecord } from './types';
import { check, newPrintJob, printAttempt } from './validate';

/**
 * Print jobs for the printing capability: created before printing, then each attempt recorded.
 * A failed attempt leaves the job `pending` with its reason (the printer may come back); a
 * success makes it `printed`. Both are also journal entries, so a proof print is on the chain.
 */
interface PrintJobRow {
  id: number;
  order_no: string | null;
  kind: PrintJobRecord['kind'];
  content: string;
  state: PrintJobRecord['state'];
  reprint: number;
  attempts: number;
  last_error: string | null;
  created_at: string;
  printed_at: string | null;
}

function toRecord(row: PrintJobRow): PrintJobRecord {
  return {
    id: row.id,
    orderNo: row.order_no,
    kind: row.kind,
    content: row.content,
    state: row.state,
    reprint: row.reprint === 1,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    printedAt: row.printed_at,
  };
}

export function createPrintJob(db: Database.Database, input: NewPrintJob, now: Date): PrintJobRecord {
  check(newPrintJob, input, { zh: '列印工作', en: 'print job' });
  if (input.orderNo !== null) {
    const tx = db.prepare('SELECT state FROM transactions WHERE order_no = ?').get(input.orderNo) as
      { state: string } | undefined;
    if (!tx) throw notFound(input.orderNo);
    if (input.kind === 'proof' && tx.state !== 'issued') {
      throw new JournalError('journal-refused', {
        zh: `訂單 ${input.orderNo} 尚未開立發票，不能列印證明聯`,
        en: `Order ${input.orderNo} has no issued invoice: no proof can be printed`,
      });
    }
  } else if (input.kind === 'proof' || input.kind === 'details') {
    throw invalid('證明聯與交易明細必須屬於一筆訂單', 'A proof or details slip belongs to an order');
  }
  const at = (input.at ?? now).toISOString();
  const reprint = input.kind === 'proof' && input.orderNo !== null && hasPrintedProof(db, input.orderNo);
  const id = Number(
    db
      .prepare(
        `INSERT INTO print_jobs (order_no, kind, content, state, reprint, attempts, created_at)
         VALUES (?, ?, ?, 'pending', ?, 0, ?)`,
      )
      .run(input.orderNo, input.kind, input.content, reprint ? 1 : 0, at).lastInsertRowid,
  );
  appendEntry(db, {
    at,
    kind: 'print.created',
    orderNo: input.orderNo,
    payload: { jobId: id, kind: input.kind, reprint, content: input.content },
  });
  return getPrintJob(db, id)!;
}

export function recordPrintAttempt(
  db: Database.Database,
  jobId: number,
  attempt: PrintAttempt,
  at: Date,
): PrintJobRecord {
  check(printAttempt, attempt, { zh: '列印結果', en: 'print attempt' });
  const job = getPrintJob(db, jobId);
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
  const atText = at.toISOString();
  const state = attempt.ok ? 'printed' : 'pending';
  const reason = attempt.ok ? null : attempt.reason;
  appendEntry(db, {
    at: atText,
    kind: 'print.attempt',
    orderNo: job.orderNo,
    payload: { jobId, ok: attempt.ok, reason, state, attempt: job.attempts + 1 },
  });
  db.prepare(
    `UPDATE print_jobs SET attempts = attempts + 1, state = ?, last_error = ?, printed_at = ? WHERE id = ?`,
  ).run(state, reason ?? job.lastError, attempt.ok ? atText : null, jobId);
  return getPrintJob(db, jobId)!;
}

export function getPrintJob(db: Database.Database, jobId: number): PrintJobRecord | null {
  const row = db.prepare('SELECT * FROM print_jobs WHERE id = ?').get(jobId) as PrintJobRow | undefined;
  return row ? toRecord(row) : null;
}

export function pendingPrintJobs(db: Database.Database): PrintJobRecord[] {
  return (
    db.prepare(`SELECT * FROM print_jobs WHERE state = 'pending' ORDER BY id`).all() as PrintJobRow[]
  ).map(toRecord);
}

export function pendingPrintCount(db: Database.Database): number {
  return db.prepare(`SELECT count(*) FROM print_jobs WHERE state = 'pending'`).pluck().get() as number;
}

export function printJobsFor(db: Database.Database, orderNo: string): PrintJobRecord[] {
  return (
    db.prepare('SELECT * FROM print_jobs WHERE order_no = ? ORDER BY id').all(orderNo) as PrintJobRow[]
  ).map(toRecord);
}

export function hasPrintedProof(db: Database.Database, orderNo: string): boolean {
  return (
    db
      .prepare(`SELECT 1 FROM print_jobs WHERE order_no = ? AND kind = 'proof' AND state = 'printed' LIMIT 1`)
      .get(orderNo) !== undefined
  );
}
