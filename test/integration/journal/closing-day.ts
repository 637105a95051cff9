import { lineSubtotal, splitTax, type PricedLine } from '../../../src/shared/domain';
import type { Journal, NewTransaction } from '../../../src/main/journal/journal';
import { NOON_TAIPEI, sale } from './fixtures';

/**
 * A business day with every kind of row the closing figures and the exports must get right, on
 * till T01 from 11:01 Taipei (03:01 UTC), one minute apart, built through the Journal API (a real
 * SQLite journal):
 *
 * | # | what | invoice | total | paid |
 * |---|---|---|---|---|
 * | paper | two lines, C | AB00000101, random 0122 | 300 | cash 300 |
 * | business | B, tax ID 04595257 (leading zero), a formula-like buyer name | AB00000102 | 1050 (1000 + 50 tax) | card |
 * | carrier | C, mobile barcode, a discount line of −13 | AB00000103 | 117 | cash |
 * | donate | C, love code 051 (leading zero) | AB00000104 | 79 | card |
 * | phone | C, the customer decides on the phone, an item named `0800` | AB00000105 | 38 | cash |
 * | voided | C, voided at 11:20 (cash 150 back) | AB00000106 | 150 | cash |
 * | rejected | no invoice | — | 70 | cash |
 * | training | a training sale, apart | AB00000107 | 500 | cash |
 *
 * plus an allowance of 50 on the paper sale's line 001 (cash back, done) and a drawer opened by
 * the supervisor. By hand, production: standing invoices 300 + 1050 + 117 + 79 + 38 = 1584 (5);
 * voided 150 (1); B tax 50; C taxable sum 300 + 117 + 79 + 38 = 534, tax inside 534 − round(534 /
 * 1.05) = 534 − 509 = 25; cash taken 300 + 117 + 38 + 150 + 70 = 675, refunded 150 + 50 = 200,
 * expected cash 475.
 */
export const CLOSING_DAY = '2026-11-22';
export const BUYER_TAX_ID = '04595257';
export const FORMULA_BUYER = '=HYPERLINK("http://example.com","點我")';

export const EXPECTED = {
  standing: { count: 5, amount: 1584 },
  voided: { count: 1, amount: 150 },
  taxBusiness: 50,
  taxConsumer: 25,
  expectedCash: 475,
  trainingCash: 500,
} as const;

const at = (minute: number) => new Date(NOON_TAIPEI.getTime() + minute * 60_000);

interface SaleSpec {
  minute: number;
  lines: PricedLine[];
  invoice: NewTransaction['invoice'];
  payments: NewTransaction['payments'];
  operation?: NewTransaction['operation'];
  training?: boolean;
}

function begin(journal: Journal, spec: SaleSpec): string {
  const when = at(spec.minute);
  const orderNo = journal.nextOrderNo('T01', when);
  const split = splitTax(spec.lines, spec.invoice.kind === 'business' ? 'B' : 'C');
  if (!split.ok) throw new Error(split.reason.en);
  const a = split.amounts;
  const base = sale(orderNo, { at: when, ...(spec.training ? { training: true } : {}) });
  journal.begin({
    ...base,
    operation: spec.operation ?? 'order',
    invoice: spec.invoice,
    lines: spec.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      subTotal: lineSubtotal(line.quantity, line.unitPrice),
      taxType: line.taxType,
    })),
    payments: spec.payments,
    totals: {
      totalAmount: a.totalAmount,
      salesAmount: a.salesAmount,
      taxAmount: a.taxAmount,
      zeroTaxSalesAmount: a.zeroTaxSalesAmount,
      freeTaxSalesAmount: a.freeTaxSalesAmount,
    },
    requestData: { ...base.requestData, TotalAmount: a.totalAmount },
  });
  return orderNo;
}

function issue(journal: Journal, orderNo: string, invoiceNumber: string, randomNumber = '0122'): void {
  journal.markIssued(orderNo, {
    invoiceNumber,
    invoiceDateTime: '2026-11-22T11:00:02',
    randomNumber,
    printDataString: null,
  });
}

const taxable = (name: string, quantity: number, unitPrice: number): PricedLine => ({
  name,
  quantity,
  unitPrice,
  taxType: 'taxable',
});

/** Writes the day into `journal` (opened with a clock at or after 11:30 Taipei) and names its orders. */
export function closingDay(journal: Journal) {
  const paper = begin(journal, {
    minute: 1,
    lines: [taxable('紅茶', 2, 50), taxable('蛋糕', 1, 200)],
    invoice: { kind: 'paper' },
    payments: [{ method: 'cash', amount: 300, tendered: 500, change: 200 }],
  });
  issue(journal, paper, 'AB00000101');
  const business = begin(journal, {
    minute: 2,
    lines: [taxable('禮盒', 1, 1050)],
    invoice: { kind: 'business', buyerTaxId: BUYER_TAX_ID, buyerTitle: FORMULA_BUYER },
    payments: [{ method: 'card', amount: 1050 }],
  });
  issue(journal, business, 'AB00000102', '0007');
  const carrier = begin(journal, {
    minute: 3,
    lines: [taxable('便當', 1, 100), taxable('飲料', 1, 30), taxable('折扣', 1, -13)],
    invoice: { kind: 'carrier', carrierType: '3J0002', carrierId: '/AB+1234' },
    operation: 'orderWithoutPrint',
    payments: [{ method: 'cash', amount: 117 }],
  });
  issue(journal, carrier, 'AB00000103');
  const donate = begin(journal, {
    minute: 4,
    lines: [taxable('招牌排骨便當', 1, 79)],
    invoice: { kind: 'donate', loveCode: '051' },
    operation: 'orderWithoutPrint',
    payments: [{ method: 'card', amount: 79 }],
  });
  issue(journal, donate, 'AB00000104');
  const phone = begin(journal, {
    minute: 5,
    lines: [taxable('0800', 1, 13), taxable('茶裏王 日式無糖綠茶 600ml', 1, 25)],
    invoice: { kind: 'phone' },
    operation: 'orderReturnQKey',
    payments: [{ method: 'cash', amount: 38 }],
  });
  issue(journal, phone, 'AB00000105');
  const voided = begin(journal, {
    minute: 6,
    lines: [taxable('珍珠奶茶', 1, 150)],
    invoice: { kind: 'paper' },
    payments: [{ method: 'cash', amount: 150 }],
  });
  issue(journal, voided, 'AB00000106');
  const rejected = begin(journal, {
    minute: 7,
    lines: [taxable('咖啡', 1, 70)],
    invoice: { kind: 'paper' },
    payments: [{ method: 'cash', amount: 70 }],
  });
  journal.markRejected(rejected, { statusCode: 0, resultMessage: '資料錯誤' });
  const training = begin(journal, {
    minute: 8,
    lines: [taxable('練習商品', 1, 500)],
    invoice: { kind: 'paper' },
    payments: [{ method: 'cash', amount: 500 }],
    training: true,
  });
  issue(journal, training, 'AB00000107');

  const theVoid = journal.beginReturn({
    kind: 'void',
    orderNo: voided,
    tillId: 'T01',
    reason: '客戶要求',
    by: '林主管',
    refunds: [['cash', 150]],
    at: at(20),
  });
  // Settled as soon as sent: the drawer paid each refund at its minute (a refund's cash row is its settling).
  journal.markReturnDone(theVoid.id, { at: at(20) });
  const allowance = journal.beginReturn({
    kind: 'allowance',
    orderNo: paper,
    tillId: 'T01',
    reason: '商品瑕疵',
    by: '林主管',
    lines: [{ sequence: '001', quantity: 1, refundAmount: 50, amount: 48, tax: 2 }],
    refunds: [['cash', 50]],
    at: at(21),
  });
  journal.markReturnDone(allowance.id, { allowanceNumber: `${allowance.allowancePrefix}001`, at: at(21) });
  journal.recordSupervisorAction({ action: 'printing.open-drawer', by: '林主管', detail: {} }, at(22));
  return { paper, business, carrier, donate, phone, voided, rejected, training, allowanceId: allowance.id };
}

/**
 * One more sale at 23:59:30 Taipei (15:59:30 UTC, still the closing day): the exports' time
 * column must say 23:59:30 on the 22nd, not 15:59:30 nor the 23rd. Open the journal with
 * `AFTER_LATE_SALE` as its clock.
 */
export const LATE_SALE = { invoice: 'AB00000199', total: 88, taipei: '2026-11-22 23:59:30' } as const;
export function lateSale(journal: Journal): string {
  const orderNo = begin(journal, {
    minute: 12 * 60 + 59.5,
    lines: [taxable('宵夜', 1, LATE_SALE.total)],
    invoice: { kind: 'paper' },
    payments: [{ method: 'cash', amount: LATE_SALE.total }],
  });
  issue(journal, orderNo, LATE_SALE.invoice);
  return orderNo;
}
export const AFTER_LATE_SALE = at(13 * 60);

/** A clock after the day's last record. */
export const AFTER_THE_DAY = at(30);
