import { invoiceTimeOf } from '../journal/invoice-time';
import { roundNtd, type Ntd } from '../../shared/domain';
import type { ReturnItem } from '../../shared/ipc/contract/returns';
import {
  businessLineTax,
  consumerRefundSplit,
  isWithinVoidWindow,
  voidWindowEnd,
} from '../../provider/standard-profile';
import {
  STANDING_RETURN_STATES,
  type Journal,
  type MethodAmounts,
  type ReturnLineInput,
  type ReturnRecord,
  type TransactionRecord,
} from '../journal/journal';
import { returnRefused } from './messages';

/**
 * What the till would do for a return, computed from the journal alone (nothing is written):
 * void for the whole sale within its period with nothing returned yet, else an allowance whose
 * lines are split by profile §4 (C: `Amount = round(R / 1.05)`, `Tax = R − Amount`; B: the pre-tax
 * share of the line, `Tax = round(Amount × 0.05)`), refunded by the sale's payment methods.
 */
export interface PlannedReturn {
  sale: TransactionRecord;
  invoiceNumber: string;
  kind: 'void' | 'allowance';
  why: { zh: string; en: string };
  totals: { totalAmount: Ntd; salesAmount: Ntd; taxAmount: Ntd };
  lines: Array<ReturnLineInput & { name: string }>;
  refunds: MethodAmounts;
}

export function requireIssuedSale(
  journal: Journal,
  orderNo: string,
): TransactionRecord & { invoiceNumber: string } {
  const sale = journal.get(orderNo);
  if (!sale) throw returnRefused(`找不到訂單 ${orderNo}`, `no sale ${orderNo} in the journal`);
  if (sale.state !== 'issued' || !sale.invoiceNumber) {
    throw returnRefused(`訂單 ${orderNo} 沒有已開立的發票`, `order ${orderNo} has no issued invoice`);
  }
  // A sale resolved as issued by hand has no answer's time: the time it was issued as (invoice-time.ts).
  return { ...sale, invoiceDateTime: invoiceTimeOf(sale) } as TransactionRecord & { invoiceNumber: string };
}

const standing = (r: ReturnRecord) => STANDING_RETURN_STATES.includes(r.state);

/** Money per method still refundable: paid (net of change) minus refunds that stand or may stand. */
export function refundableByMethod(
  sale: TransactionRecord,
  returns: readonly ReturnRecord[],
): Map<string, Ntd> {
  const left = new Map<string, Ntd>();
  for (const payment of sale.payments)
    left.set(payment.method, (left.get(payment.method) ?? 0) + payment.amount);
  for (const r of returns) {
    if (!standing(r)) continue;
    const sign = r.kind === 'allowance-void' ? (r.state === 'done' ? -1 : 0) : 1;
    for (const [method, amount] of r.refunds) left.set(method, (left.get(method) ?? 0) - sign * amount);
  }
  return left;
}

/** `total` spread over the sale's methods in the order the customer paid, each up to what is left. */
export function allocateRefunds(
  sale: TransactionRecord,
  returns: readonly ReturnRecord[],
  total: Ntd,
): MethodAmounts {
  const left = refundableByMethod(sale, returns);
  const refunds: MethodAmounts = [];
  let due = total;
  for (const method of new Set(sale.payments.map((p) => p.method))) {
    const take = Math.min(due, Math.max(0, left.get(method) ?? 0));
    if (take > 0) refunds.push([method, take]);
    due -= take;
  }
  if (due > 0) {
    throw returnRefused(
      `應退 ${total} 元超過原交易仍可退的付款金額`,
      `the refund of ${total} exceeds what is left of the sale's payments`,
    );
  }
  return refunds;
}

export function planReturn(
  journal: Journal,
  orderNo: string,
  items: readonly ReturnItem[] | undefined,
  now: Date,
  force?: 'void' | 'allowance',
): PlannedReturn {
  const sale = requireIssuedSale(journal, orderNo);
  const voidState = journal.voidState(orderNo);
  if (voidState === 'voided') {
    throw returnRefused(`發票 ${sale.invoiceNumber} 已作廢`, `invoice ${sale.invoiceNumber} is voided`);
  }
  if (voidState === 'pending') {
    throw returnRefused(
      `發票 ${sale.invoiceNumber} 的作廢尚待確認，請先查詢狀態`,
      `a void of invoice ${sale.invoiceNumber} is not settled yet: check its status first`,
    );
  }
  const returned = journal.returnedLines(orderNo);
  const returns = journal.returnsOf(orderNo);
  const wanted: readonly ReturnItem[] =
    items ??
    returned
      .filter((l) => l.remainingQuantity > 0)
      .map((l) => ({ sequence: l.sequence, quantity: l.remainingQuantity }));
  if (wanted.length === 0) {
    throw returnRefused(`訂單 ${orderNo} 已無可退的品項`, `nothing is left to return on order ${orderNo}`);
  }
  const seen = new Set<string>();
  for (const item of wanted) {
    const line = returned.find((l) => l.sequence === item.sequence);
    if (!line)
      throw returnRefused(`原交易沒有第 ${item.sequence} 項`, `the sale has no line ${item.sequence}`);
    if (seen.has(item.sequence))
      throw returnRefused(`第 ${item.sequence} 項重複`, `line ${item.sequence} is given twice`);
    seen.add(item.sequence);
    if ((item.quantity ?? item.amount ?? 0) <= 0) {
      throw returnRefused(
        `第 ${item.sequence} 項的數量或金額為 0`,
        `line ${item.sequence} has a quantity or amount of zero`,
      );
    }
    if (item.quantity !== undefined && item.quantity > line.remainingQuantity) {
      throw returnRefused(
        `第 ${item.sequence} 項只剩 ${line.remainingQuantity} 可退（售出 ${line.soldQuantity}，已退 ${line.returnedQuantity}）`,
        `line ${item.sequence} has ${line.remainingQuantity} left to return (sold ${line.soldQuantity}, returned ${line.returnedQuantity})`,
      );
    }
    if (item.amount !== undefined && item.amount > line.remainingAmount) {
      throw returnRefused(
        `第 ${item.sequence} 項只剩 ${line.remainingAmount} 元可退`,
        `line ${item.sequence} has NT$${line.remainingAmount} left to return`,
      );
    }
  }

  const nothingReturnedYet = returned.every((l) => l.returnedQuantity === 0 && l.returnedAmount === 0);
  const whole =
    nothingReturnedYet &&
    returned.every((line) =>
      wanted.some((i) => i.sequence === line.sequence && i.quantity === line.soldQuantity),
    );
  const within = isWithinVoidWindow(invoiceTimeOf(sale), now);
  const invoiceNumber = sale.invoiceNumber;

  if (force === 'void' || (force === undefined && whole && within)) {
    if (!within) {
      const end = voidWindowEnd(invoiceTimeOf(sale));
      throw returnRefused(
        `發票 ${invoiceNumber} 已過作廢期限（${end?.toISOString().slice(0, 10) ?? ''} 前的當期），請改用折讓`,
        `invoice ${invoiceNumber} is past its void window (its two-month period): make an allowance instead`,
      );
    }
    if (!nothingReturnedYet) {
      throw returnRefused(
        `發票 ${invoiceNumber} 已有折讓，不能作廢；請先作廢折讓或改用折讓`,
        `invoice ${invoiceNumber} has allowances standing: void them first, or make an allowance`,
      );
    }
    if (items && !whole) {
      throw returnRefused('作廢須退回整張發票的所有品項', 'a void takes back the whole invoice, every line');
    }
    const total = sale.totals.totalAmount;
    return {
      sale,
      invoiceNumber,
      kind: 'void',
      why: {
        zh: '整張發票退回且在當期內：作廢發票',
        en: 'The whole invoice comes back within its period: it is voided',
      },
      totals: {
        totalAmount: total,
        salesAmount: total - sale.totals.taxAmount,
        taxAmount: sale.totals.taxAmount,
      },
      lines: returned.map((l) => {
        const split = consumerRefundSplit(l.soldAmount, itemTaxType(sale, l.sequence));
        return {
          sequence: l.sequence,
          name: l.name,
          quantity: l.soldQuantity,
          refundAmount: l.soldAmount,
          ...split,
        };
      }),
      refunds: allocateRefunds(sale, returns, total),
    };
  }

  const business = sale.requestData.InvoiceFor === 'B';
  // A B invoice's lines are pre-tax on the invoice (the largest line absorbed the rounding):
  // what is left of a line is its SubTotal minus the Amounts of allowances that stand.
  const allowanceAmounts = new Map<string, Ntd>();
  for (const r of returns) {
    if (r.kind !== 'allowance' || !standing(r) || r.voidedBy !== null) continue;
    for (const l of r.lines)
      allowanceAmounts.set(l.sequence, (allowanceAmounts.get(l.sequence) ?? 0) + l.amount);
  }
  const lines = wanted.map((item) => {
    const line = returned.find((l) => l.sequence === item.sequence)!;
    const detail = sale.requestData.Details[Number(item.sequence) - 1]!;
    const taxType = detail.ItemTaxType as '1' | '2' | '3';
    const rest = item.quantity !== undefined && item.quantity === line.remainingQuantity;
    let amount: Ntd;
    let tax: Ntd;
    let refundAmount: Ntd;
    if (business) {
      const preTaxLeft = detail.SubTotal - (allowanceAmounts.get(item.sequence) ?? 0);
      amount =
        item.amount !== undefined
          ? roundNtd(item.amount / 1.05)
          : rest
            ? preTaxLeft
            : roundNtd((detail.SubTotal * item.quantity!) / line.soldQuantity);
      if (taxType !== '1' && item.amount !== undefined) amount = item.amount;
      // Never more back than the customer paid for what comes back: the pieces' share of the line
      // (or the amount asked), within what is left of it.
      const paidForIt = Math.min(
        line.remainingAmount,
        item.amount ??
          (rest ? line.remainingAmount : roundNtd((line.soldAmount * item.quantity!) / line.soldQuantity)),
      );
      amount = Math.min(amount, preTaxLeft, largestAmountWithin(paidForIt, taxType));
      tax = businessLineTax(amount, taxType);
      refundAmount = amount + tax;
    } else {
      refundAmount =
        item.amount ??
        (rest ? line.remainingAmount : roundNtd((line.soldAmount * item.quantity!) / line.soldQuantity));
      ({ amount, tax } = consumerRefundSplit(refundAmount, taxType));
    }
    if (amount <= 0 || refundAmount <= 0) {
      throw returnRefused(
        `第 ${item.sequence} 項折讓金額為 0`,
        `line ${item.sequence} comes to an allowance of zero`,
      );
    }
    return {
      sequence: item.sequence,
      name: line.name,
      quantity: item.quantity ?? 0,
      refundAmount,
      amount,
      tax,
    };
  });
  const totalAmount = lines.reduce((s, l) => s + l.refundAmount, 0);
  const why = !within
    ? { zh: '已過發票當期：以折讓退回', en: 'Past the invoice period: an allowance' }
    : !nothingReturnedYet
      ? { zh: '發票已有折讓：以折讓退回', en: 'The invoice already has allowances: another allowance' }
      : whole
        ? { zh: '依指示以折讓退回', en: 'An allowance, as asked' }
        : { zh: '部分退貨：以折讓退回', en: 'Part of the sale comes back: an allowance' };
  return {
    sale,
    invoiceNumber,
    kind: 'allowance',
    why,
    totals: {
      totalAmount,
      salesAmount: lines.reduce((s, l) => s + l.amount, 0),
      taxAmount: lines.reduce((s, l) => s + l.tax, 0),
    },
    lines,
    refunds: allocateRefunds(sale, returns, totalAmount),
  };
}

function itemTaxType(sale: TransactionRecord, sequence: string): '1' | '2' | '3' {
  return (sale.requestData.Details[Number(sequence) - 1]?.ItemTaxType ?? '1') as '1' | '2' | '3';
}

/**
 * The largest pre-tax Amount of a B allowance line whose refund (Amount + its tax) stays within
 * what the customer paid for the line. The tax is always round(Amount × 5 %) (profile §4), so
 * when what is left of a line would refund a dollar more than was paid (pre-tax rest 334 → 334 +
 * 17 = 351 of the 350 left), the Amount gives way (333 + 17), never the tax alone (334 + 16,
 * which the service refuses as "Totals do not match lines").
 */
function largestAmountWithin(paidLeft: Ntd, taxType: '1' | '2' | '3'): Ntd {
  let amount = Math.floor(paidLeft / (taxType === '1' ? 1.05 : 1)) + 1;
  while (amount > 0 && amount + businessLineTax(amount, taxType) > paidLeft) amount -= 1;
  return amount;
}
