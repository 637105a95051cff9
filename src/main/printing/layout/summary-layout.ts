import { z } from 'zod';
import { formatNtd } from '../../../shared/domain';
import type { Paper } from '../paper';
import { paymentName } from './details-layout';
import { SlipBuilder, type Slip } from './slip';
import { TX_STATE_LABEL, type JournalTxState } from '../../../shared/ipc/contract/journal';

/**
 * The end-of-day summary slip (日結). Its input has the shape of the journal's `DaySummary`
 * (counts and totals per outcome, operation and payment method; real sales and training kept
 * apart), with keys as plain strings so that new states or methods print without a change here.
 */
const AmountCount = z.object({ count: z.number().int(), amount: z.number().int() });
const SummaryBlock = z.object({
  count: z.number().int(),
  totalAmount: z.number().int(),
  taxAmount: z.number().int(),
  byState: z.record(z.string(), AmountCount),
  byOperation: z.record(z.string(), AmountCount),
  byPaymentMethod: z.record(z.string(), AmountCount),
  issued: AmountCount,
  // Optional: a summary job stored before returns existed still prints.
  returns: z
    .object({
      voids: AmountCount,
      allowances: AmountCount,
      allowanceVoids: AmountCount,
      pending: AmountCount,
      amount: z.number().int(),
      byPaymentMethod: z.record(z.string(), AmountCount),
    })
    .optional(),
  net: z.object({ amount: z.number().int(), byPaymentMethod: z.record(z.string(), AmountCount) }).optional(),
  expectedCash: z.number().int().optional(),
});
export const DaySummary = z.object({
  businessDay: z.string(),
  tillId: z.string().nullable(),
  generatedAt: z.string(),
  sales: SummaryBlock,
  training: SummaryBlock,
  chainHead: z.object({ entryId: z.number().int(), hash: z.string() }).optional(),
});
export type DaySummary = z.input<typeof DaySummary>;

export const SUMMARY_TITLE = '日結報表';

// The slip names the states as the screens do.
const isTxState = (key: string): key is JournalTxState => Object.hasOwn(TX_STATE_LABEL, key);

const OPERATION_NAMES: Record<string, string> = {
  order: '列印證明聯',
  orderReturnQKey: '手機捐贈/歸戶',
  orderWithoutPrint: '載具/捐贈',
};

/** `summary` as checked by the DaySummary schema (a stored job's content is parsed where it is read). */
export function summarySlip(summary: DaySummary, paper: Paper, sellerName: string): Slip {
  const b = new SlipBuilder(paper.columns);
  b.wrapped(sellerName, 'center', { bold: true });
  b.line(SUMMARY_TITLE, 'center', { wide: true, tall: true, bold: true });
  b.row('營業日', summary.businessDay);
  b.row('收銀機', summary.tillId ?? '全部');
  b.row('產生時間', summary.generatedAt.replace('T', ' ').replace(/\.\d+Z$/, 'Z'));

  const block = (title: string, data: z.output<typeof SummaryBlock>) => {
    b.rule('=');
    b.line(title, 'left', { bold: true });
    b.row('交易筆數', String(data.count));
    b.row('發票總額', formatNtd(data.totalAmount));
    b.row('稅額', formatNtd(data.taxAmount));
    b.row(`已開立 ${data.issued.count} 筆`, formatNtd(data.issued.amount), { bold: true });
    const section = (
      heading: string,
      entries: Record<string, { count: number; amount: number }>,
      name: (key: string) => string,
    ) => {
      const rows = Object.entries(entries).filter(([, value]) => value.count > 0);
      if (rows.length === 0) return;
      b.rule();
      b.line(heading);
      for (const [key, value] of rows) b.row(`  ${name(key)} ${value.count} 筆`, formatNtd(value.amount));
    };
    section('依狀態', data.byState, (key) => (isTxState(key) ? TX_STATE_LABEL[key].zh : key));
    section('依開立方式', data.byOperation, (key) =>
      Object.hasOwn(OPERATION_NAMES, key) ? OPERATION_NAMES[key]! : key,
    );
    section('依付款方式', data.byPaymentMethod, paymentName);
    if (data.returns && data.net) {
      const r = data.returns;
      b.rule();
      b.line('退貨', 'left', { bold: true });
      if (r.voids.count > 0) b.row(`  作廢 ${r.voids.count} 筆`, formatNtd(-r.voids.amount));
      if (r.allowances.count > 0) b.row(`  折讓 ${r.allowances.count} 筆`, formatNtd(-r.allowances.amount));
      if (r.allowanceVoids.count > 0) {
        b.row(`  作廢折讓 ${r.allowanceVoids.count} 筆`, formatNtd(r.allowanceVoids.amount));
      }
      if (r.pending.count > 0) b.row(`  待確認 ${r.pending.count} 筆（未計入）`, formatNtd(r.pending.amount));
      section('退款（依付款方式）', r.byPaymentMethod, paymentName);
      b.rule();
      b.row('淨額', formatNtd(data.net.amount), { bold: true });
      section('淨額（依付款方式）', data.net.byPaymentMethod, paymentName);
      if (data.expectedCash !== undefined) b.row('應有現金', formatNtd(data.expectedCash), { bold: true });
    }
  };
  block('銷售', summary.sales);
  if (summary.training.count > 0) block('練習模式（不列入營收）', summary.training);
  if (summary.chainHead) {
    // The journal's head when the slip was made: kept with the day's papers, it lets
    // `npm run journal -- verify --expect-head 核對碼` prove later that nothing up to it was
    // removed or rewritten. The check code is `#id:` and the hash's first 16 hex digits.
    b.rule('=');
    b.row('日誌鏈頭', `#${summary.chainHead.entryId}`);
    b.wrapped(summary.chainHead.hash);
    b.row('核對碼', `#${summary.chainHead.entryId}:${summary.chainHead.hash.slice(0, 16)}`, { bold: true });
  }
  return { kind: 'summary', widthDots: paper.dots, columns: paper.columns, blocks: b.blocks };
}
