import { z } from 'zod';
import {
  formatNtd,
  labelOf,
  PAYMENT_METHOD_LABEL,
  parseTaipeiDateTime,
  taipeiDateTime,
} from '../../../shared/domain';
import {
  DENOMINATIONS,
  MethodReconciliation,
  ShiftFigures,
  ShiftView,
  ZReport,
} from '../../../shared/ipc/contract/shifts';
import type { Paper } from '../paper';
import { SlipBuilder, type Slip } from './slip';
import { drawerRows, salesFigureRows } from './summary-layout';

/**
 * The slips of a shift and a day (issue 14): the X report (mid-shift, nothing reset), the shift's
 * close (the blind count by denomination, then expected vs counted and the over/short per
 * method) and the numbered Z report (marked 副本 when it is a copy, never a second original).
 * They are `summary` print jobs whose content names its layout, like the allowance slip is a
 * `details` job (slip-content.ts). Every time is printed in Asia/Taipei; every line fits the
 * paper's columns (58 mm: 32, 80 mm: 48), checked by the unit test for both widths.
 */
/** The line a shift slip or Z report printed in training mode carries under its title. */
export const TRAINING_SLIP_MARK = '練習模式（不列入營收）';

export const XReportContent = z.object({
  layout: z.literal('x-report'),
  sellerName: z.string(),
  shift: ShiftView,
  figures: ShiftFigures,
  /** When it was asked for (ISO). */
  at: z.string(),
  /** Printed in training mode: the slip says so (its figures are the training sales). */
  training: z.boolean().optional(),
});
export const ShiftCloseContent = z.object({
  layout: z.literal('shift-close'),
  sellerName: z.string(),
  shift: ShiftView,
  /** Printed in training mode: the slip says so. */
  training: z.boolean().optional(),
});
export const ZReportContent = z.object({
  layout: z.literal('z-report'),
  sellerName: z.string(),
  report: ZReport,
  /** When this paper was printed (ISO): a copy carries its own time beside the report's. */
  printedAt: z.string(),
});
export const ShiftSlipContent = z.discriminatedUnion('layout', [
  XReportContent,
  ShiftCloseContent,
  ZReportContent,
]);
export type ShiftSlipContent = z.input<typeof ShiftSlipContent>;
export type ShiftSlipLayout = ShiftSlipContent['layout'];

export const X_TITLE = 'X 報表（中班）';
export const CLOSE_TITLE = '交班單';
export const Z_TITLE = '日結 Z 報表';
export const COPY_MARK = '副本 COPY';

/** `2026-05-04 21:03:09` in Taipei time, from an ISO instant or a `…+08:00` Taipei time. */
export function slipTime(text: string): string {
  const taipei = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\+08:00$/.exec(text);
  const instant = taipei ? parseTaipeiDateTime(taipei[1]!) : new Date(text);
  if (!instant || Number.isNaN(instant.getTime())) return text;
  return taipeiDateTime(instant).replace('T', ' ');
}

const methodName = (method: string) => labelOf(PAYMENT_METHOD_LABEL, method).zh;
/** +NT$10 over, -NT$10 short: the sign is the difference's, written out for the eye. */
const overShort = (amount: number) =>
  amount > 0 ? `溢收 +${formatNtd(amount)}` : amount < 0 ? `短少 ${formatNtd(amount)}` : '相符 NT$0';

function header(b: SlipBuilder, sellerName: string, title: string) {
  b.wrapped(sellerName, 'center', { bold: true });
  b.line(title, 'center', { wide: true, tall: true, bold: true });
}

function shiftRows(b: SlipBuilder, shift: z.output<typeof ShiftView>) {
  b.row('收銀機', shift.tillId);
  b.row('營業日', shift.businessDay);
  b.row('班別', `第 ${shift.number} 班`);
  b.row(`開班 ${shift.openedBy}`, slipTime(shift.openedAt));
  if (shift.closedAt) b.row(`交班 ${shift.closedBy ?? ''}`, slipTime(shift.closedAt));
  if (shift.takenOverFrom) b.row('接手錢櫃', `第 ${shift.takenOverFrom} 班`);
}

function figureRows(b: SlipBuilder, figures: z.output<typeof ShiftFigures>) {
  if (!figures.drawer) b.row('零用金', formatNtd(figures.float));
  b.row(`銷售 ${figures.sales.count} 筆`, formatNtd(figures.sales.amount));
  if (figures.returns.count > 0)
    b.row(`退貨 ${figures.returns.count} 筆`, formatNtd(-figures.returns.amount));
  if (figures.pending > 0) b.row(`待確認 ${figures.pending} 筆（已收款）`, '');
  b.rule();
  b.line('淨額（依付款方式）');
  if (figures.net.length === 0) b.row('  （無）', formatNtd(0));
  for (const row of figures.net) b.row(`  ${methodName(row.method)}`, formatNtd(row.amount));
  b.rule();
  // The drawer's parts as every slip and the summary name them (issue 22, item 7); a report made
  // before them has its float, paid-in / paid-out and expected cash only (and no cash drop: there
  // was none before the parts).
  if (figures.drawer) return drawerRows(b, figures.drawer);
  b.row('收入（找零金等）', formatNtd(figures.paidIn));
  b.row('支出（零用金等）', formatNtd(-figures.paidOut));
  b.row('應有現金', formatNtd(figures.expectedCash), { bold: true });
}

function reconciliationRows(b: SlipBuilder, rows: ReadonlyArray<z.output<typeof MethodReconciliation>>) {
  for (const row of rows) {
    b.line(methodName(row.method), 'left', { bold: true });
    b.row('  應有', formatNtd(row.expected));
    b.row('  實點', row.counted === null ? '未點' : formatNtd(row.counted));
    b.row('  溢短', row.overShort === null ? '—' : overShort(row.overShort), { bold: true });
  }
}

export function xReportSlip(input: z.input<typeof XReportContent>, paper: Paper): Slip {
  const content = XReportContent.parse(input);
  const b = new SlipBuilder(paper.columns);
  header(b, content.sellerName, X_TITLE);
  if (content.training) b.line(TRAINING_SLIP_MARK, 'center', { bold: true });
  shiftRows(b, content.shift);
  b.row('列印時間', slipTime(content.at));
  b.rule('=');
  figureRows(b, content.figures);
  b.rule();
  b.wrapped('中班報表：數字未歸零，班別仍在進行。', 'center');
  return { kind: 'summary', widthDots: paper.dots, columns: paper.columns, blocks: b.blocks };
}

export function shiftCloseSlip(input: z.input<typeof ShiftCloseContent>, paper: Paper): Slip {
  const content = ShiftCloseContent.parse(input);
  const shift = content.shift;
  const b = new SlipBuilder(paper.columns);
  header(b, content.sellerName, CLOSE_TITLE);
  if (content.training) b.line(TRAINING_SLIP_MARK, 'center', { bold: true });
  shiftRows(b, shift);
  b.rule('=');
  b.line('盤點現金（依面額）', 'left', { bold: true });
  let counted = 0;
  for (const denomination of DENOMINATIONS) {
    const pieces = shift.count?.[`${denomination}`] ?? 0;
    if (pieces === 0) continue;
    counted += denomination * pieces;
    b.row(`  ${denomination} × ${pieces}`, formatNtd(denomination * pieces));
  }
  b.row('盤點合計', formatNtd(counted), { bold: true });
  if (shift.figures) {
    b.rule('=');
    figureRows(b, shift.figures);
  }
  if (shift.reconciliation) {
    b.rule('=');
    b.line('應有與實點', 'left', { bold: true });
    reconciliationRows(b, shift.reconciliation);
  }
  b.rule();
  b.blank();
  b.row('收銀員簽名', '________');
  b.row('主管簽名', '________');
  return { kind: 'summary', widthDots: paper.dots, columns: paper.columns, blocks: b.blocks };
}

export function zReportSlip(input: z.input<typeof ZReportContent>, paper: Paper): Slip {
  const content = ZReportContent.parse(input);
  const report = content.report;
  const b = new SlipBuilder(paper.columns);
  header(b, content.sellerName, Z_TITLE);
  // A copy says so at the top and the bottom: it is never taken for the original.
  if (report.copy) b.line(COPY_MARK, 'center', { wide: true, bold: true });
  if (report.training) b.line(TRAINING_SLIP_MARK, 'center', { bold: true });
  b.row('Z 編號', `Z${String(report.number).padStart(4, '0')}`, { bold: true });
  b.row('收銀機', report.tillId);
  b.row('營業日', report.businessDay);
  b.row('製作時間', slipTime(report.madeAt));
  b.row('製作人', report.madeBy);
  if (report.approvedBy) b.row('核准主管', report.approvedBy);
  if (report.copy) b.row('副本列印', slipTime(content.printedAt));

  b.rule('=');
  b.line('發票（有效，不含作廢）', 'left', { bold: true });
  let count = 0;
  let amount = 0;
  let tax = 0;
  for (const row of report.invoices) {
    count += row.count;
    amount += row.amount;
    tax += row.tax;
    if (row.count === 0) continue;
    b.row(`  ${row.label.zh} ${row.count} 張`, formatNtd(row.amount));
    b.row('    稅額', formatNtd(row.tax));
  }
  b.row(`合計 ${count} 張`, formatNtd(amount), { bold: true });
  b.row('稅額合計', formatNtd(tax), { bold: true });

  b.rule('=');
  b.line(`班別 ${report.shifts.length} 班`, 'left', { bold: true });
  for (const shift of report.shifts) {
    b.row(`  第 ${shift.number} 班 ${shift.openedBy}`, '');
    const cash = shift.reconciliation?.find((row) => row.method === 'cash');
    if (cash?.overShort !== undefined && cash.overShort !== null)
      b.row('    現金溢短', overShort(cash.overShort));
  }
  // The day's one set of figures with the numbers an accountant checks (issue 22, item 15).
  if (report.sales) {
    b.rule('=');
    salesFigureRows(b, report.sales, { numbers: true });
  }
  b.rule('=');
  figureRows(b, report.figures);
  if (report.reconciliation.length > 0) {
    b.rule('=');
    b.line('應有與實點（各班合計）', 'left', { bold: true });
    reconciliationRows(b, report.reconciliation);
  }

  // The journal's head at the Z report: kept with the day's papers, it proves later (npm run
  // journal -- verify --expect-head 核對碼) that nothing up to it was removed or rewritten.
  const head = /^#(\d+):([0-9a-f]{64})$/.exec(report.chainHead);
  b.rule('=');
  if (head) {
    b.row('日誌鏈頭', `#${head[1]}`);
    b.wrapped(head[2]!);
    b.row('核對碼', `#${head[1]}:${head[2]!.slice(0, 16)}`, { bold: true });
  } else {
    b.wrapped(report.chainHead);
  }
  if (report.copy) {
    b.rule();
    b.line(COPY_MARK, 'center', { wide: true, bold: true });
  }
  return { kind: 'summary', widthDots: paper.dots, columns: paper.columns, blocks: b.blocks };
}

/** The slip of a stored shift/day job's content (slip-content.ts calls it for `summary` jobs). */
export function shiftSlip(content: unknown, paper: Paper): Slip {
  const parsed = ShiftSlipContent.parse(content);
  switch (parsed.layout) {
    case 'x-report':
      return xReportSlip(parsed, paper);
    case 'shift-close':
      return shiftCloseSlip(parsed, paper);
    case 'z-report':
      return zReportSlip(parsed, paper);
  }
}

/** Whether a `summary` job's content is one of these (a day summary's has no `layout`). */
export function isShiftSlipContent(json: unknown): boolean {
  const layout =
    json !== null && typeof json === 'object' ? (json as { layout?: unknown }).layout : undefined;
  return layout === 'x-report' || layout === 'shift-close' || layout === 'z-report';
}
