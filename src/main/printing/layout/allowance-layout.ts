import { z } from 'zod';
import { displayWidth, formatInvoiceNumber } from '../../../shared/domain';
import type { Paper } from '../paper';
import { TRAINING_DOCUMENT_MARK, trainingBand } from './proof-layout';
import { formatQuantity, SlipBuilder, type Slip } from './slip';

/**
 * 電子發票銷貨退回、進貨退出或折讓證明單證明聯（provider profile §3），依規定順序：標題；折讓日期；
 * 賣方名稱與統編；買方統編（有才印）；折讓單號；每一行的原發票號碼與日期、品名、數量、單價、
 * 未稅金額與稅額；未稅合計與稅額合計；`簽收人：` 與簽名的空間。印兩聯：商店存根（簽收後留存）
 * 與顧客收執。聯別寫在最後一行小字，不打亂規定的順序。
 *
 * The allowance slip of profile §3, in its order, printed twice (store copy, customer copy).
 * Amounts are what the returns engine computed (without tax, per line and in total): the slip
 * prints them, it never recomputes them.
 */
export const AllowanceSlipLine = z.object({
  /** The original invoice, `AB12345678`. */
  invoiceNumber: z.string().min(1),
  /** Its date, `YYYY-MM-DD` (a time after `T` is dropped). */
  invoiceDate: z.string().min(1),
  description: z.string(),
  quantity: z.number(),
  /** Without tax. */
  unitPrice: z.number(),
  /** Without tax. */
  amount: z.number(),
  tax: z.number(),
});

export const AllowanceSlipInput = z.object({
  sellerName: z.string(),
  sellerId: z.string().regex(/^\d{8}$/),
  /** Only with a buyer tax ID; null (or `00000000`) for a consumer. */
  buyerTaxId: z.string().nullable(),
  allowanceNumber: z.string().min(1),
  /** `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm:ss`, Taipei time. */
  allowanceDate: z.string().min(1),
  lines: z.array(AllowanceSlipLine).min(1),
  /** Total without tax. */
  totalAmount: z.number(),
  totalTax: z.number(),
  /** Made in training mode: banded above and below, so it never passes for a real allowance. */
  training: z.boolean().optional(),
});
export type AllowanceSlipLine = z.input<typeof AllowanceSlipLine>;
export type AllowanceSlipInput = z.input<typeof AllowanceSlipInput>;

export const ALLOWANCE_TITLE = '電子發票銷貨退回、進貨退出或折讓證明單證明聯';
/** Where the title breaks when it does not fit one line (58 mm): after the first comma-like pause. */
const ALLOWANCE_TITLE_PARTS = ['電子發票銷貨退回、進貨退出', '或折讓證明單證明聯'] as const;
export const SIGNATURE_LABEL = '簽收人：';

export type AllowanceCopy = 'store' | 'customer';
export const ALLOWANCE_COPIES: readonly AllowanceCopy[] = ['store', 'customer'];
export const COPY_LABEL: Record<AllowanceCopy, string> = {
  store: '第一聯 存根聯（商店簽收留存）',
  customer: '第二聯 收執聯（顧客收執）',
};

/** Room for a handwritten signature: about 1.2 cm of paper before the line. */
const SIGNATURE_ROOM_DOTS = 96;

const dateOnly = (value: string) => value.split('T')[0]!;
const hasBuyer = (id: string | null) => id !== null && /^\d{8}$/.test(id) && id !== '00000000';

export function allowanceSlip(input: AllowanceSlipInput, paper: Paper, copy: AllowanceCopy): Slip {
  const data = AllowanceSlipInput.parse(input);
  const b = new SlipBuilder(paper.columns);
  const titleStyle = { bold: true };

  if (data.training) {
    trainingBand(b, TRAINING_DOCUMENT_MARK);
    b.blank();
  }
  if (displayWidth(ALLOWANCE_TITLE) <= paper.columns) b.line(ALLOWANCE_TITLE, 'center', titleStyle);
  else for (const part of ALLOWANCE_TITLE_PARTS) b.line(part, 'center', titleStyle);
  b.blank();
  b.row('折讓日期', data.allowanceDate.replace('T', ' '));
  b.row('賣方', data.sellerName.trim() || data.sellerId);
  b.row('賣方統編', data.sellerId);
  if (hasBuyer(data.buyerTaxId)) b.row('買方統編', data.buyerTaxId!);
  b.row('折讓單號', data.allowanceNumber);

  b.rule();
  b.row('品名 數量 x 單價', '未稅金額');
  b.rule();
  for (const line of data.lines) {
    b.row(`發票 ${formatInvoiceNumber(line.invoiceNumber)}`, dateOnly(line.invoiceDate));
    b.wrapped(line.description, 'left', {}, 2);
    b.row(
      `  ${formatQuantity(line.quantity)} x ${formatQuantity(line.unitPrice)}`,
      formatQuantity(line.amount),
    );
    b.row('  稅額', formatQuantity(line.tax));
  }
  b.rule();
  b.row('未稅合計', formatQuantity(data.totalAmount), { bold: true });
  b.row('稅額合計', formatQuantity(data.totalTax), { bold: true });
  b.blank();
  b.line(SIGNATURE_LABEL);
  b.feed(SIGNATURE_ROOM_DOTS);
  b.rule('_');
  b.line(COPY_LABEL[copy], 'right');
  if (data.training) trainingBand(b, TRAINING_DOCUMENT_MARK);
  return { kind: 'allowance', widthDots: paper.dots, columns: paper.columns, blocks: b.blocks };
}

/** Both copies, store copy first (it is the one the customer signs at the counter). */
export function allowanceSlips(input: AllowanceSlipInput, paper: Paper): Slip[] {
  return ALLOWANCE_COPIES.map((copy) => allowanceSlip(input, paper, copy));
}
