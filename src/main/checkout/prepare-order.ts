import {
  bilingual,
  CARRIER_TYPES,
  isNtd,
  lineSubtotal,
  splitTax,
  sumNtd,
  validateBuyerTaxId,
  validateApprovalCode,
  validateBuyerTitle,
  validateCarrier,
  validateCitizenCertificate,
  validateLoveCode,
  validateProductName,
  type Bilingual,
  type InvoiceAmounts,
  type Ntd,
} from '../../shared/domain';
import type { CheckoutOrder } from '../../shared/ipc/contract/checkout';
import { operationFor, type InvoiceKind, type PosOperation } from '../../provider/pos-profile';
import type { InvoiceChoice, JournalPayment, LineAgeCheck } from '../journal/types';

/**
 * Everything about an order that can be decided before anything is written or sent: the shared
 * validators, the payments, the tax split and the operation. A refusal carries every reason,
 * zh-TW and English, and nothing has changed anywhere.
 */
export interface PreparedOrder {
  operation: PosOperation;
  amounts: InvoiceAmounts;
  invoice: InvoiceChoice;
  lines: Array<{
    name: string;
    quantity: number;
    unitPrice: number;
    subTotal: Ntd;
    taxType: 'taxable' | 'zero' | 'exempt';
    /** Journal only (the sale detail): the catalog price and the NT$ taken off, as the till sent them. */
    listPrice?: number;
    discount?: Ntd;
    ageCheck?: LineAgeCheck;
  }>;
  /** Net of change: `amount` is what the sale kept; a cash payment that got change also has `tendered` and `change`. */
  payments: JournalPayment[];
  paid: Ntd;
  change: Ntd;
  cashier?: string;
}

export type Preparation = { ok: true; order: PreparedOrder } | { ok: false; reasons: Bilingual[] };

/** Joins several reasons into one message, each language on its own. */
export function joinReasons(reasons: readonly Bilingual[]): Bilingual {
  return { zh: reasons.map((r) => r.zh).join('；'), en: reasons.map((r) => r.en).join('; ') };
}

const MAX_QUANTITY = 100_000;

export function prepareOrder(order: CheckoutOrder): Preparation {
  const reasons: Bilingual[] = [];
  const add = (reason: Bilingual) => reasons.push(reason);

  const lines: PreparedOrder['lines'] = [];
  if (order.lines.length === 0) add(bilingual('沒有商品，無法結帳', 'No items: nothing to check out'));
  order.lines.forEach((line, i) => {
    const at = (zh: string, en: string) => bilingual(`第 ${i + 1} 項：${zh}`, `Line ${i + 1}: ${en}`);
    const name = validateProductName(line.name);
    if (!name.ok) add(at(name.reason.zh, name.reason.en));
    if (!(line.quantity > 0) || line.quantity > MAX_QUANTITY) {
      add(
        at(
          `數量必須大於 0 且不超過 ${MAX_QUANTITY}`,
          `the quantity must be above 0 and at most ${MAX_QUANTITY}`,
        ),
      );
    }
    const subTotal = lineSubtotal(line.quantity, line.unitPrice);
    if (!isNtd(subTotal)) add(at('金額過大', 'the amount is too large'));
    else if (subTotal === 0 && line.quantity > 0) {
      // The provider gets each line's SubTotal: a line worth nothing (NT$0.3 rounds to 0) is no
      // sale line. A discount line (negative unit price) comes to -1 or less, which is fine.
      add(
        at(
          `小計（數量 × 單價，四捨五入）為 0 元，每一項至少要 1 元（折扣項至少 -1 元）；請刪除此項或調整數量`,
          `its subtotal (quantity × unit price, rounded) is NT$0: a line must come to at least NT$1 (a discount line to at most -NT$1); remove it or change the quantity`,
        ),
      );
    }
    lines.push({
      name: name.ok ? name.value : line.name,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      subTotal,
      taxType: line.taxType,
      ...(line.listPrice !== undefined ? { listPrice: line.listPrice } : {}),
      ...(line.discount !== undefined && line.discount > 0 ? { discount: line.discount } : {}),
      // Who answered the age check is who sells: the signed-in cashier main put on the order.
      ...(line.ageCheck
        ? { ageCheck: { ...line.ageCheck, ...(order.cashier ? { by: order.cashier } : {}) } }
        : {}),
    });
  });

  const invoice = checkInvoiceChoice(order.invoice, add);

  const payments: PreparedOrder['payments'] = [];
  order.payments.forEach((payment, i) => {
    if (!isNtd(payment.amount) || payment.amount <= 0) {
      add(
        bilingual(
          `第 ${i + 1} 筆付款金額必須是大於 0 的整數元`,
          `Payment ${i + 1} must be a whole number of dollars above 0`,
        ),
      );
    }
    // The approval code only on a card payment, checked (letters and digits, APPROVAL_CODE_MAX).
    let approvalCode: string | undefined;
    if (payment.approvalCode !== undefined && payment.approvalCode.trim() !== '') {
      const checked = validateApprovalCode(payment.approvalCode);
      if (payment.method !== 'card')
        add(
          bilingual(
            `第 ${i + 1} 筆付款不是信用卡，不能有授權碼`,
            `Payment ${i + 1} is not by card: no approval code`,
          ),
        );
      else if (!checked.ok) add(checked.reason);
      else approvalCode = checked.value;
    }
    payments.push({
      method: payment.method,
      amount: payment.amount,
      ...(payment.reference ? { reference: payment.reference } : {}),
      ...(approvalCode ? { approvalCode } : {}),
    });
  });
  if (order.payments.length === 0) add(bilingual('尚未收款', 'No payment entered'));

  if (reasons.length > 0) return { ok: false, reasons };

  const split = splitTax(lines, invoice.kind === 'business' ? 'B' : 'C');
  if (!split.ok) return { ok: false, reasons: [split.reason] };
  // The same rule on what the provider sees: a B invoice's lines are pre-tax, and the largest one
  // absorbs the rounding, so a line of NT$1 can end at 0 there.
  const zeroLines = split.amounts.lines.flatMap((line, i) =>
    line.subTotal === 0 || Math.sign(line.subTotal) !== Math.sign(lines[i]!.subTotal) ? [i + 1] : [],
  );
  if (zeroLines.length > 0) {
    return {
      ok: false,
      reasons: [
        bilingual(
          `第 ${zeroLines.join('、')} 項扣除稅額後小計為 0 元，無法開立；請合併相同商品為一項或調整數量`,
          `Line ${zeroLines.join(', ')} comes to NT$0 before tax: no invoice line can; put the same items on one line or change the quantity`,
        ),
      ],
    };
  }
  const total = split.amounts.totalAmount;
  const paid = sumNtd(payments.map((p) => p.amount));
  if (paid < total) {
    return {
      ok: false,
      reasons: [
        bilingual(
          `收款不足：應收 ${total} 元，尚差 ${total - paid} 元`,
          `Payments do not cover the total ${total}: ${total - paid} short`,
        ),
      ],
    };
  }
  const settled = settleChange(payments, paid - total);
  if (!settled) {
    return {
      ok: false,
      reasons: [
        bilingual(
          '刷卡與其他付款不可超過應收金額（只有現金可以找零）',
          'Card and other payments cannot exceed the amount due: only cash gets change',
        ),
      ],
    };
  }
  return {
    ok: true,
    order: {
      operation: operationFor(invoice.kind, invoice.carrierId !== undefined),
      amounts: split.amounts,
      invoice,
      lines,
      payments: settled,
      paid,
      change: paid - total,
      ...(order.cashier ? { cashier: order.cashier } : {}),
    },
  };
}

/**
 * Gives the change back out of the cash payments, last first, so that every payment's `amount`
 * is what the sale kept (the day's cash figure is then what stays in the drawer). Null when the
 * cash handed over is less than the change due: card and other payments get no change.
 */
export function settleChange(payments: readonly JournalPayment[], change: Ntd): JournalPayment[] | null {
  let left = change;
  const settled = payments.map((payment) => ({ ...payment }));
  for (let i = settled.length - 1; i >= 0 && left > 0; i--) {
    const payment = settled[i]!;
    if (payment.method !== 'cash') continue;
    const back = Math.min(left, payment.amount);
    settled[i] = { ...payment, amount: payment.amount - back, tendered: payment.amount, change: back };
    left -= back;
  }
  return left === 0 ? settled : null;
}

/** Only the fields that belong to the chosen kind may be present: a stray field is a mistake to show, not to drop. */
function checkInvoiceChoice(
  choice: CheckoutOrder['invoice'],
  add: (reason: Bilingual) => void,
): PreparedOrder['invoice'] {
  const out: PreparedOrder['invoice'] = { kind: choice.kind };
  if (choice.wantsDetails) out.wantsDetails = true;
  const present = (value: string | undefined) => value !== undefined && value.trim() !== '';
  const refuseField = (field: string, zh: string) =>
    add(
      bilingual(
        `「${kindName[choice.kind].zh}」不可填${zh}`,
        `A ${kindName[choice.kind].en} invoice takes no ${field}`,
      ),
    );

  const wantsCarrier = choice.kind === 'carrier' || (choice.kind === 'business' && present(choice.carrierId));
  if (wantsCarrier) {
    const type = choice.carrierType?.trim() || inferCarrierType(choice.carrierId ?? '');
    const checked = validateCarrier(type, choice.carrierId ?? '');
    if (!checked.ok) add(checked.reason);
    else if (choice.kind === 'business' && type !== CARRIER_TYPES.mobile) {
      add(
        bilingual(
          '有統一編號時只能使用手機條碼載具',
          'With a buyer tax ID the only carrier allowed is a mobile barcode',
        ),
      );
    } else {
      out.carrierType = type;
      out.carrierId = checked.value;
    }
  } else if (present(choice.carrierId) || present(choice.carrierType)) refuseField('carrier', '載具');

  if (choice.kind === 'donate') {
    const checked = validateLoveCode(choice.loveCode ?? '');
    if (checked.ok) out.loveCode = checked.value;
    else add(checked.reason);
  } else if (present(choice.loveCode)) {
    if (choice.kind === 'business')
      add(bilingual('有統一編號的發票不能捐贈', 'An invoice with a buyer tax ID cannot be donated'));
    else refuseField('love code', '愛心碼');
  }

  if (choice.kind === 'business') {
    const taxId = validateBuyerTaxId(choice.buyerTaxId ?? '');
    if (taxId.ok) out.buyerTaxId = taxId.value;
    else add(taxId.reason);
    const title = validateBuyerTitle(choice.buyerTitle ?? '');
    if (title.ok) out.buyerTitle = title.value;
    else add(title.reason);
  } else if (present(choice.buyerTaxId) || present(choice.buyerTitle)) {
    add(
      bilingual(
        '填了統一編號或抬頭，請選擇「打統編」',
        'A buyer tax ID or title was given: choose the business (tax ID) invoice',
      ),
    );
  }
  return out;
}

const kindName: Record<InvoiceKind, Bilingual> = {
  paper: bilingual('紙本證明聯', 'paper proof'),
  phone: bilingual('手機捐贈/歸戶', 'phone donate/bind'),
  carrier: bilingual('載具', 'carrier'),
  donate: bilingual('捐贈', 'donation'),
  business: bilingual('打統編', 'business'),
};

/**
 * A scanned id says what it is: a valid citizen certificate is one; anything else is checked as
 * a mobile barcode (the common case), whose validator then says what is wrong with it.
 */
function inferCarrierType(id: string): string {
  return validateCitizenCertificate(id).ok ? CARRIER_TYPES.citizen : CARRIER_TYPES.mobile;
}
