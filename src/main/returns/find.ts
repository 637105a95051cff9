import { invoiceTimeOf } from '../journal/invoice-time';
import { bilingual, type Bilingual } from '../../shared/domain';
import type { ReturnSale, ReturnsFindInput } from '../../shared/ipc/contract/returns';
import { isWithinVoidWindow, voidWindowEnd } from '../../provider/standard-profile';
import type { Journal, TransactionRecord } from '../journal/journal';

/**
 * Finding the sale at the counter. A scan is read as what the customer's proof carries:
 * - the Code 39 barcode, 19 characters: period (5, e.g. `11504`) + invoice number (10) + random code (4);
 * - the left QR code: its first 10 characters are the invoice number (then the ROC date, the random code, …);
 * - or an invoice number typed or scanned on its own (`AB12345678`, `AB-12345678`).
 * When the scan carries the random code, it must match the sale's: a proof of another seller with
 * the same number does not open our sale.
 */
export function readScan(text: string): { invoiceNumber: string; randomNumber: string | null } | null {
  const clean = text.trim().toUpperCase();
  const barcode = /^\d{5}([A-Z]{2}\d{8})(\d{4})$/.exec(clean);
  if (barcode) return { invoiceNumber: barcode[1]!, randomNumber: barcode[2]! };
  const plain = /^([A-Z]{2})-?(\d{8})$/.exec(clean);
  if (plain) return { invoiceNumber: plain[1]! + plain[2]!, randomNumber: null };
  // Left QR: number (10), ROC date (7), random (4), then amounts and ids.
  const qr = /^([A-Z]{2}\d{8})\d{7}(\d{4})/.exec(clean);
  if (qr) return { invoiceNumber: qr[1]!, randomNumber: qr[2]! };
  return null;
}

export function findSales(
  journal: Journal,
  input: ReturnsFindInput,
  now: Date,
): { matches: ReturnSale[]; message: Bilingual } {
  let sales: TransactionRecord[] = [];
  let looked: Bilingual;
  switch (input.by) {
    case 'scan': {
      const read = readScan(input.text);
      if (!read) {
        return {
          matches: [],
          message: bilingual(
            '讀不出發票號碼：請掃描電子發票證明聯的條碼或左側 QR 碼',
            'No invoice number could be read: scan the proof’s barcode or left QR code',
          ),
        };
      }
      const sale = journal.findByInvoiceNumber(read.invoiceNumber);
      if (sale && read.randomNumber && sale.randomNumber && sale.randomNumber !== read.randomNumber) {
        return {
          matches: [],
          message: bilingual(
            `發票 ${read.invoiceNumber} 的隨機碼不符，這不是本店開立的證明聯`,
            `The random code does not match invoice ${read.invoiceNumber}: this proof is not ours`,
          ),
        };
      }
      sales = sale ? [sale] : [];
      looked = bilingual(`發票 ${read.invoiceNumber}`, `invoice ${read.invoiceNumber}`);
      break;
    }
    case 'invoice': {
      const sale = journal.findByInvoiceNumber(input.invoiceNumber);
      sales = sale ? [sale] : [];
      looked = bilingual(`發票 ${input.invoiceNumber}`, `invoice ${input.invoiceNumber}`);
      break;
    }
    case 'order': {
      const sale = journal.get(input.orderNo.trim());
      sales = sale ? [sale] : [];
      looked = bilingual(`訂單 ${input.orderNo}`, `order ${input.orderNo}`);
      break;
    }
    case 'day-amount':
      sales = journal
        .findByDayAndAmount({ businessDay: input.businessDay, totalAmount: input.totalAmount })
        .map((item) => journal.get(item.orderNo)!)
        .filter(Boolean);
      looked = bilingual(
        `${input.businessDay} 金額 ${input.totalAmount} 元`,
        `${input.businessDay}, NT$${input.totalAmount}`,
      );
      break;
  }
  const matches = sales
    .filter((sale) => sale.state === 'issued' && sale.invoiceNumber)
    .map((sale) => toReturnSale(journal, sale, now));
  return {
    matches,
    message:
      matches.length > 0
        ? bilingual(`找到 ${matches.length} 筆：${looked.zh}`, `${matches.length} found: ${looked.en}`)
        : bilingual(`找不到已開立發票的交易：${looked.zh}`, `No sale with an issued invoice: ${looked.en}`),
  };
}

export function toReturnSale(journal: Journal, sale: TransactionRecord, now: Date): ReturnSale {
  const returned = journal.returnedLines(sale.orderNo);
  const end = voidWindowEnd(invoiceTimeOf(sale));
  return {
    orderNo: sale.orderNo,
    invoiceNumber: sale.invoiceNumber!,
    invoiceDateTime: invoiceTimeOf(sale),
    businessDay: sale.businessDay,
    tillId: sale.tillId,
    invoiceKind: sale.invoice.kind,
    invoiceFor: sale.requestData.InvoiceFor === 'B' ? 'B' : 'C',
    buyerTaxId: sale.invoice.buyerTaxId ?? null,
    totalAmount: sale.totals.totalAmount,
    payments: sale.payments.map((p) => ({ method: p.method, amount: p.amount })),
    lines: sale.lines.map((line, i) => {
      const r = returned[i]!;
      return {
        sequence: r.sequence,
        name: line.name,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        subTotal: line.subTotal,
        taxType: line.taxType,
        returnedQuantity: r.returnedQuantity,
        returnedAmount: r.returnedAmount,
        remainingQuantity: r.remainingQuantity,
        remainingAmount: r.remainingAmount,
      };
    }),
    voidState: journal.voidState(sale.orderNo),
    voidWindowEnds: end ? end.toISOString() : null,
    withinVoidWindow: isWithinVoidWindow(invoiceTimeOf(sale), now),
    training: sale.training,
    proofPrinted: journal.hasPrintedProof(sale.orderNo),
    returns: journal.returnsOf(sale.orderNo).map((r) => ({
      returnId: r.id,
      kind: r.kind === 'allowance-void' ? ('cancel-allowance' as const) : r.kind,
      state: r.state,
      allowanceNumber: r.allowanceNumber,
      totalAmount: r.totals.totalAmount,
      voided: r.voidedBy !== null,
      reason: r.reason,
      by: r.by,
      createdAt: r.createdAt,
    })),
  };
}
