import { join } from 'node:path';
import { toPosOrderData, type PosOrderData } from '../../../src/provider/pos-profile';
import { Journal, type NewTransaction } from '../../../src/main/journal/journal';
import { makeTempDir } from '../../support/temp-dir';

/** A journal file in a fresh temp dir, and the helpers every journal test uses. */
export function tempJournal(prefix = 'journal') {
  const temp = makeTempDir(prefix);
  const path = join(temp.dir, 'journal.sqlite');
  const opened: Journal[] = [];
  return {
    dir: temp.dir,
    path,
    open(options?: Parameters<typeof Journal.open>[1]) {
      const journal = Journal.open(path, options);
      opened.push(journal);
      return journal;
    },
    cleanup() {
      for (const journal of opened) journal.close();
      temp.remove();
    },
  };
}

/** 2026-11-22 11:00 in Taipei. */
export const NOON_TAIPEI = new Date('2026-11-22T03:00:00Z');

export interface SaleOptions {
  tillId?: string;
  total?: number;
  training?: boolean;
  operation?: NewTransaction['operation'];
  payments?: NewTransaction['payments'];
  buyerTitle?: string;
  at?: Date;
  extraData?: Record<string, unknown>;
}

/** A consumer sale of `total` (tax-inclusive, one line), ready for `journal.begin`. */
export function sale(orderNo: string, options: SaleOptions = {}): NewTransaction {
  const total = options.total ?? 150;
  const tillId = options.tillId ?? orderNo.split('-')[0]!;
  const operation = options.operation ?? 'order';
  const buyer = options.buyerTitle ? { buyerTaxId: '04595252', buyerTitle: options.buyerTitle } : null;
  const lines = [
    { name: '珍珠奶茶', quantity: 1, unitPrice: total, subTotal: total, taxType: 'taxable' as const },
  ];
  const totals = {
    totalAmount: total,
    salesAmount: total,
    taxAmount: 0,
    zeroTaxSalesAmount: 0,
    freeTaxSalesAmount: 0,
  };
  // The request as the checkout builds it (the adapter's mapping), plus whatever a test adds.
  const requestData: PosOrderData = {
    ...toPosOrderData({
      orderNo,
      invoiceDateTime: '2026-11-22T11:00:00',
      deviceId: tillId,
      operation,
      invoiceFor: buyer ? 'B' : 'C',
      taxType: '1',
      ...totals,
      ...buyer,
      lines: lines.map((line) => ({ ...line, itemTaxType: '1' })),
    }),
    ...(options.extraData ?? {}),
  };
  return {
    orderNo,
    tillId,
    companyId: '12345678',
    training: options.training ?? false,
    operation,
    invoice: buyer ? { kind: 'business', ...buyer } : { kind: 'paper' },
    lines,
    payments: options.payments ?? [{ method: 'cash', amount: total, tendered: 1000, change: 1000 - total }],
    totals,
    requestData,
    cashier: 'Amy',
    at: options.at ?? NOON_TAIPEI,
  };
}

/** Allocates a number, begins the sale and returns its order number. */
export function beginSale(journal: Journal, options: SaleOptions = {}): string {
  const at = options.at ?? NOON_TAIPEI;
  const orderNo = journal.nextOrderNo(options.tillId ?? 'T01', at);
  journal.begin(sale(orderNo, { ...options, at }));
  return orderNo;
}

export const ISSUE = {
  invoiceNumber: 'AB12345678',
  invoiceDateTime: '2026-11-22T11:00:02',
  randomNumber: '0122',
  printDataString: null,
} as const;

/** A sale carried through to `issued` with an exchange, like the checkout engine does. */
export function issuedSale(journal: Journal, invoiceNumber: string, options: SaleOptions = {}): string {
  const orderNo = beginSale(journal, options);
  journal.recordExchange(orderNo, {
    operation: options.operation ?? 'order',
    httpStatus: 200,
    statusCode: 1,
    resultMessage: 'OK',
    durationMs: 80,
    outcome: 'issued',
  });
  journal.markIssued(orderNo, { ...ISSUE, invoiceNumber });
  return orderNo;
}

/** Runs a function and returns the JournalError's bilingual message (fails the test when nothing is thrown). */
export function refusal(fn: () => unknown): { code: string; zh: string; en: string } {
  try {
    fn();
  } catch (error) {
    const e = error as { code?: string; bilingual?: { zh: string; en: string } };
    if (!e.bilingual) throw error;
    return { code: e.code ?? '', ...e.bilingual };
  }
  throw new Error('expected a refusal, but the call succeeded');
}
