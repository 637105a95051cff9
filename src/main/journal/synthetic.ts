import Database from 'better-sqlite3';
import { taipeiBusinessDay, taipeiDateTime } from '../../shared/domain';
import { toPosOrderData } from '../../provider/pos-profile';
import { canonicalJson, entryHash, entryText, GENESIS_HASH } from './chain';
import { formatOrderNo } from './order-numbers';
import { nextPrintJobRow, nextTxRow } from './derive';
import type { PrintJobRow, TxBody, TxRow } from './rows';
import { migrate } from './schema/migrations';
import { saveRow } from './statements';

/**
 * A large synthetic journal for benchmarks and load tests (never used by the till itself):
 * the same schema, payloads and hash chain the Journal writes, generated in one transaction
 * with durability off, so a million entries take seconds. Each sale is five entries (begun,
 * exchange, issued, print created, print attempt); every `unsureEvery`-th sale is left
 * needs-verification instead (three entries).
 */
export interface SyntheticPlan {
  /** Ordinary days and their sales each. */
  days: number;
  salesPerDay: number;
  /** One extra day with this many sales (the big export), after the ordinary days. */
  bigDaySales: number;
  unsureEvery: number;
  tillId?: string;
}

export interface SyntheticJournal {
  entries: number;
  transactions: number;
  pending: number;
  /** Business days in order; the last one is the big day. */
  days: string[];
}

const DAY_MS = 86_400_000;
const FIRST_DAY_UTC = Date.UTC(2026, 0, 1) - 8 * 3_600_000; // 2026-01-01 00:00 Taipei

export function seedSyntheticJournal(path: string, plan: SyntheticPlan): SyntheticJournal {
  const tillId = plan.tillId ?? 'T01';
  const db = new Database(path);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  migrate(db);
  const insertEntry = db.prepare(
    'INSERT INTO entries (id, at, kind, order_no, payload, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertCounter = db.prepare('INSERT INTO order_counters (till_id, day, last_seq) VALUES (?, ?, ?)');

  let id = 0;
  let prev = GENESIS_HASH;
  let tx: TxRow | null = null;
  let job: PrintJobRow | null = null;
  // The rows are what the entries derive, as the Journal's writers save them (derive.ts).
  const append = (at: string, kind: string, orderNo: string | null, payload: Record<string, unknown>) => {
    id++;
    const text = canonicalJson(payload);
    const hash = entryHash(prev, entryText(id, at, kind, orderNo, text));
    insertEntry.run(id, at, kind, orderNo, text, prev, hash);
    prev = hash;
    const entry = { at, kind, orderNo, payload };
    if (kind.startsWith('print.')) job = nextPrintJobRow(job, entry);
    else tx = nextTxRow(tx, entry);
  };

  const dayCounts = [...Array.from({ length: plan.days }, () => plan.salesPerDay), plan.bigDaySales];
  const days: string[] = [];
  let transactions = 0;
  let pending = 0;
  let jobId = 0;
  db.transaction(() => {
    dayCounts.forEach((count, dayIndex) => {
      const dayStart = FIRST_DAY_UTC + dayIndex * DAY_MS;
      const day = taipeiBusinessDay(new Date(dayStart));
      days.push(day);
      for (let seq = 1; seq <= count; seq++) {
        transactions++;
        const instant = new Date(dayStart + 8 * 3_600_000 + Math.floor((seq * 14 * 3_600_000) / count));
        const at = instant.toISOString();
        const orderNo = formatOrderNo(tillId, day, seq);
        const total = 35 + ((seq * 37) % 900);
        const body = saleBody(orderNo, tillId, total, taipeiDateTime(instant));
        tx = null;
        job = null;
        append(at, 'tx.begun', orderNo, {
          state: 'in-flight',
          attempt: 1,
          tillId,
          companyId: '12345678',
          businessDay: day,
          training: false,
          operation: 'order',
          cashier: 'Bench',
          invoiceNumber: null,
          ...body,
        });
        const unsure = transactions % plan.unsureEvery === 0;
        append(at, 'tx.exchange', orderNo, {
          attempt: 1,
          operation: 'order',
          requestTimestamp: String(Math.floor(instant.getTime() / 1000)),
          httpStatus: unsure ? null : 200,
          statusCode: unsure ? null : 1,
          resultMessage: unsure ? null : 'OK',
          durationMs: 80,
          outcome: unsure ? 'uncertain' : 'issued',
          error: unsure ? 'timeout after sending' : null,
        });
        if (unsure) {
          pending++;
          append(at, 'tx.needs-verification', orderNo, { state: 'needs-verification', reason: 'timeout' });
          saveRow(db, 'transactions', 'order_no', tx!);
          continue;
        }
        const invoiceNumber = `AB${String(transactions).padStart(8, '0')}`;
        const invoiceDateTime = taipeiDateTime(instant);
        append(at, 'tx.issued', orderNo, {
          state: 'issued',
          invoiceNumber,
          invoiceDateTime,
          randomNumber: '0122',
          printDataString: null,
          printDataStatus: 'missing',
          printDataProblem: null,
          qKey: null,
          qrCodeUrl: null,
        });
        saveRow(db, 'transactions', 'order_no', tx!);
        jobId++;
        const content = `電子發票證明聯 ${invoiceNumber} 總計 ${total}`;
        append(at, 'print.created', orderNo, { jobId, kind: 'proof', reprint: false, content });
        append(at, 'print.attempt', orderNo, { jobId, ok: true, reason: null, state: 'printed', attempt: 1 });
        saveRow(db, 'print_jobs', 'id', job!);
      }
      insertCounter.run(tillId, day, count);
    });
  })();
  db.pragma('journal_mode = WAL');
  db.close();
  return { entries: id, transactions, pending, days };
}

function saleBody(orderNo: string, tillId: string, total: number, invoiceDateTime: string): TxBody {
  const tea = Math.min(60, total);
  const other = total - tea;
  const lines = [
    { name: '珍珠奶茶', quantity: 1, unitPrice: tea, subTotal: tea, taxType: 'taxable' as const },
    ...(other > 0
      ? [{ name: '雞排', quantity: 1, unitPrice: other, subTotal: other, taxType: 'taxable' as const }]
      : []),
  ];
  const totals = {
    totalAmount: total,
    salesAmount: total,
    taxAmount: 0,
    zeroTaxSalesAmount: 0,
    freeTaxSalesAmount: 0,
  };
  return {
    invoice: { kind: 'paper' },
    lines,
    payments:
      total % 3 === 0
        ? [{ method: 'card', amount: total }]
        : [{ method: 'cash', amount: total, tendered: 1000, change: 1000 - total }],
    totals,
    // The request as the checkout builds it: the provider's field names live in the adapter only.
    requestData: toPosOrderData({
      orderNo,
      invoiceDateTime,
      deviceId: tillId,
      operation: 'order',
      invoiceFor: 'C',
      taxType: '1',
      ...totals,
      lines: lines.map((line) => ({ ...line, itemTaxType: '1' })),
    }),
  };
}
