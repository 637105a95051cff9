import { z } from 'zod';
import { formatInvoiceNumber } from '../../../shared/domain';
import type { Paper } from '../paper';
import { TRAINING_DOCUMENT_MARK, trainingBand } from './proof-layout';
import { SlipBuilder, type Slip } from './slip';

/**
 * 作廢通知（provider profile §3）：寫明發票號碼、發票日期、作廢日期與原因。它不是證明聯：
 * 沒有條碼、沒有 QR 碼，也沒有「電子發票證明聯」字樣，免得被當成可兌獎的證明聯。
 *
 * The void notice: names the invoice, its date, the void date and the reason. It is not a proof
 * and must not look like one: no barcode, no QR codes, no proof title.
 */
export const VoidNoticeInput = z.object({
  sellerName: z.string(),
  sellerId: z.string().regex(/^\d{8}$/),
  invoiceNumber: z.string().min(1),
  /** `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm:ss`, Taipei time. */
  invoiceDate: z.string().min(1),
  voidDate: z.string().min(1),
  reason: z.string().min(1),
  orderNo: z.string().optional(),
  /** Who voided it (the supervisor's name). */
  by: z.string().optional(),
  /** Made in training mode: banded above and below (nothing voided at a real provider). */
  training: z.boolean().optional(),
});
export type VoidNoticeInput = z.input<typeof VoidNoticeInput>;

export const VOID_TITLE = '發票作廢通知';
export const VOID_NOT_A_PROOF = '本單不是證明聯，不可兌獎';

export function voidNoticeSlip(input: VoidNoticeInput, paper: Paper): Slip {
  const data = VoidNoticeInput.parse(input);
  const b = new SlipBuilder(paper.columns);
  if (data.training) {
    trainingBand(b, TRAINING_DOCUMENT_MARK);
    b.blank();
  }
  b.wrapped(data.sellerName.trim() || data.sellerId, 'center', { bold: true });
  b.line(VOID_TITLE, 'center', { wide: true, tall: true, bold: true });
  b.line(VOID_NOT_A_PROOF, 'center');
  b.blank();
  b.row('發票號碼', formatInvoiceNumber(data.invoiceNumber), { bold: true });
  b.row('發票日期', data.invoiceDate.replace('T', ' '));
  b.row('作廢日期', data.voidDate.replace('T', ' '));
  b.row('賣方統編', data.sellerId);
  if (data.orderNo) b.row('訂單編號', data.orderNo);
  if (data.by) b.row('經手人', data.by);
  b.rule();
  b.wrapped(`作廢原因：${data.reason}`);
  if (data.training) trainingBand(b, TRAINING_DOCUMENT_MARK);
  return { kind: 'void-notice', widthDots: paper.dots, columns: paper.columns, blocks: b.blocks };
}
