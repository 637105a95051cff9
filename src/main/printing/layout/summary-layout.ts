import { z } from 'zod';
import {
  DRAWER_PART_LABEL,
  DRAWER_PART_SIGN,
  DRAWER_PARTS,
  FIGURE_PART_LABEL,
  FIGURE_PARTS,
  formatNtd,
  INVOICE_KIND_LABEL,
  labelOf,
  OPERATION_LABEL,
  RETURN_KIND_LABEL,
  RETURN_STATE_LABEL,
  taipeiDateTime,
  TX_STATE_LABEL,
  type Bilingual,
} from '../../../shared/domain';
import { dayModeOfSummary, hasActivity, type DayMode } from '../../journal/day-mode';
import type { Paper } from '../paper';
import { paymentName } from './details-layout';
import { trainingBand } from './proof-layout';
import { DrawerCash, SalesFigures } from '../../../shared/ipc/contract/journal';
import { SlipBuilder, type Slip } from './slip';

/**
 * The end-of-day summary slip (日結). Its input has the shape of the journal's `DaySummary`
 * (counts and totals per outcome, operation and payment method; real sales and training kept
 * apart), with keys as plain strings so that new states or methods print without a change here.
 * Every code is named by the shared glossary, as the closing screen and the export name it.
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
  // Optional: a summary job stored before the invoice figures (issue 14) still prints.
  invoices: z
    .object({
      standing: AmountCount,
      voided: AmountCount,
      byKind: z.record(z.string(), AmountCount.extend({ tax: z.number().int() })),
      tax: z.object({ business: z.number().int(), consumer: z.number().int(), total: z.number().int() }),
      allowanceTax: z.number().int(),
    })
    .optional(),
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
  // Optional: a summary job stored before issue 22 prints its expected cash alone.
  drawer: DrawerCash.optional(),
  // Optional: a summary job stored before issue 22, item 15 prints its figures as they were.
  figures: SalesFigures.optional(),
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

/**
 * A day with training sales must not pass for the day's takings (issue 15): the slip carries the
 * proof's training band (proof-layout.ts) at its top and at its end, where a torn-off half still
 * shows it. All training: the figures are no sales at all. Both (the go-live day): the training
 * block is apart and not in the takings. Only real sales: no band. Each zh mark fits one line of
 * 58 mm paper (32 columns) in the band's tall font, the en mark too.
 */
export const SUMMARY_TRAINING_MARK = { zh: '練習模式，非營業資料', en: 'TRAINING - NOT SALES' } as const;
export const SUMMARY_WITH_TRAINING_MARK = {
  zh: '練習交易另列，不列入營收',
  en: 'TRAINING APART - NOT SALES',
} as const;
const BAND_MARK: Readonly<Record<DayMode, { zh: string; en: string } | null>> = {
  production: null,
  training: SUMMARY_TRAINING_MARK,
  'with-training': SUMMARY_WITH_TRAINING_MARK,
};

const words = (table: Readonly<Record<string, Bilingual>>) => (key: string) => labelOf(table, key).zh;

/** `2026-11-22T06:03:09.123Z` → `2026-11-22 14:03:09`: the till's papers say Taipei time. */
export function taipeiStamp(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : taipeiDateTime(at).replace('T', ' ');
}

/** `summary` as checked by the DaySummary schema (a stored job's content is parsed where it is read). */
export function summarySlip(summary: DaySummary, paper: Paper, sellerName: string): Slip {
  const b = new SlipBuilder(paper.columns);
  const mark = BAND_MARK[dayModeOfSummary(summary)];
  if (mark) {
    trainingBand(b, mark);
    b.feed(6);
  }
  b.wrapped(sellerName, 'center', { bold: true });
  b.line(SUMMARY_TITLE, 'center', { wide: true, tall: true, bold: true });
  b.row('營業日', summary.businessDay);
  b.row('收銀機', summary.tillId ?? '全部');
  // Taipei time, as every paper of the till (the proof's too) states it.
  b.row('產生時間', taipeiStamp(summary.generatedAt));

  const block = (title: string, data: z.input<typeof SummaryBlock>) => {
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
    b.rule('=');
    b.line(title, 'left', { bold: true });
    b.row('交易筆數（全部狀態）', String(data.count));
    const invoices = data.invoices;
    if (invoices) {
      // The invoice total counts only invoices that stand; voided ones and allowances apart.
      b.row(`有效發票 ${invoices.standing.count} 筆`, formatNtd(invoices.standing.amount), { bold: true });
      if (invoices.voided.count > 0) {
        b.row(`已作廢 ${invoices.voided.count} 筆（不計入）`, formatNtd(invoices.voided.amount));
      }
      section('依發票種類（有效）', invoices.byKind, words(INVOICE_KIND_LABEL));
      // Tax for every kind as the return counts it: a business invoice's as charged, a
      // consumer invoice's inside its total.
      const taxed = Object.entries(invoices.byKind).filter(([, value]) => value.count > 0);
      b.rule();
      b.line('稅額（依申報）');
      for (const [kind, value] of taxed) b.row(`  ${words(INVOICE_KIND_LABEL)(kind)}`, formatNtd(value.tax));
      b.row('  稅額合計', formatNtd(invoices.tax.total), { bold: true });
      if (invoices.allowanceTax !== 0) b.row('  折讓稅額', formatNtd(-invoices.allowanceTax));
    } else {
      b.row(`已開立 ${data.issued.count} 筆`, formatNtd(data.issued.amount), { bold: true });
      b.row('稅額', formatNtd(data.taxAmount));
    }
    section('依狀態', data.byState, words(TX_STATE_LABEL));
    section('依開立方式', data.byOperation, words(OPERATION_LABEL));
    // The one set of figures (issue 22, item 15): gross, voids, allowances, net per method, as
    // the closing screen, the Z report and the export show them.
    if (data.figures) salesFigureRows(b, data.figures, { numbers: false });
    else section('依付款方式', data.byPaymentMethod, paymentName);
    if (data.returns && data.net) {
      const r = data.returns;
      const kind = words(RETURN_KIND_LABEL);
      b.rule();
      b.line('退貨', 'left', { bold: true });
      if (r.voids.count > 0) b.row(`  ${kind('void')} ${r.voids.count} 筆`, formatNtd(-r.voids.amount));
      if (r.allowances.count > 0) {
        b.row(`  ${kind('allowance')} ${r.allowances.count} 筆`, formatNtd(-r.allowances.amount));
      }
      if (r.allowanceVoids.count > 0) {
        b.row(`  ${kind('allowance-void')} ${r.allowanceVoids.count} 筆`, formatNtd(r.allowanceVoids.amount));
      }
      if (r.pending.count > 0)
        b.row(
          `  ${RETURN_STATE_LABEL['needs-verification'].zh} ${r.pending.count} 筆（未計入）`,
          formatNtd(r.pending.amount),
        );
      if (!data.figures) {
        section('退款（依付款方式）', r.byPaymentMethod, paymentName);
        b.rule();
        b.row('淨額', formatNtd(data.net.amount), { bold: true });
        section('淨額（依付款方式）', data.net.byPaymentMethod, paymentName);
      }
      if (data.drawer) {
        b.rule();
        drawerRows(b, data.drawer);
      } else if (data.expectedCash !== undefined)
        b.row('應有現金', formatNtd(data.expectedCash), { bold: true });
    }
  };
  block('銷售', summary.sales);
  // Also a day whose only training is a return (of an earlier day's sale): the band says so.
  if (hasActivity(summary.training)) block('練習模式（不列入營收）', summary.training);
  if (summary.chainHead) {
    // The journal's head when the slip was made: kept with the day's papers, it lets
    // `npm run journal -- verify --expect-head 核對碼` prove later that nothing up to it was
    // removed or rewritten. The check code is `#id:` and the hash's first 16 hex digits.
    b.rule('=');
    b.row('日誌鏈頭', `#${summary.chainHead.entryId}`);
    b.wrapped(summary.chainHead.hash);
    b.row('核對碼', `#${summary.chainHead.entryId}:${summary.chainHead.hash.slice(0, 16)}`, { bold: true });
  }
  if (mark) {
    b.feed(6);
    trainingBand(b, mark);
  }
  return { kind: 'summary', widthDots: paper.dots, columns: paper.columns, blocks: b.blocks };
}

/**
 * The day's one set of figures (shared/domain/sales-figures.ts) as every slip shows it: per
 * payment method its gross, voids, allowances (money off negative) and net, then the totals; with
 * `numbers` (the Z report) also what an accountant checks: the first and last invoice number per
 * track, every void and every allowance by number.
 */
export function salesFigureRows(
  b: SlipBuilder,
  figures: z.output<typeof SalesFigures>,
  options: { numbers: boolean },
): void {
  const partRows = (row: Record<(typeof FIGURE_PARTS)[number], number>, indent: string) => {
    for (const part of FIGURE_PARTS) {
      const amount = part === 'voids' || part === 'allowances' ? -row[part] : row[part];
      b.row(`${indent}${FIGURE_PART_LABEL[part].zh}`, formatNtd(amount), { bold: part === 'net' });
    }
  };
  b.rule();
  b.line('開立、作廢、折讓、淨額', 'left', { bold: true });
  for (const row of figures.byMethod) {
    b.line(`  ${paymentName(row.method)}`);
    partRows(row, '    ');
  }
  b.line(`  合計（開立 ${figures.issuedCount} 張）`);
  partRows(figures.total, '    ');
  if (!options.numbers) return;
  b.rule();
  b.line('字軌號碼（首、迄）', 'left', { bold: true });
  if (figures.tracks.length === 0) b.row('  （無）', '');
  for (const track of figures.tracks) {
    b.row(`  ${track.track} ${track.count} 張`, '');
    b.row('    首', track.first);
    b.row('    迄', track.last);
  }
  b.rule();
  b.line(`作廢 ${figures.voids.length} 張`, 'left', { bold: true });
  for (const v of figures.voids) {
    b.row(`  ${v.invoiceNumber}${v.reissue ? ' 改開' : ''}`, formatNtd(-v.amount));
  }
  b.rule();
  b.line(`折讓 ${figures.allowances.length} 張`, 'left', { bold: true });
  for (const a of figures.allowances) {
    b.row(`  ${a.allowanceNumber ?? '—'}`, formatNtd(-a.amount));
    b.row(`    發票 ${a.invoiceNumber}`, '');
  }
}

/**
 * The drawer's expected cash with its parts named (shared/domain/drawer.ts), as every slip shows
 * it: the float always, the other parts when they moved, money out negative, then the expected
 * cash in bold.
 */
export function drawerRows(b: SlipBuilder, drawer: z.input<typeof DrawerCash>): void {
  for (const part of DRAWER_PARTS) {
    // A part a job stored before it existed (a cash drop, issue 24) did not move.
    const amount = drawer[part] ?? 0;
    if (part !== 'floats' && amount === 0) continue;
    b.row(DRAWER_PART_LABEL[part].zh, formatNtd(DRAWER_PART_SIGN[part] * amount));
  }
  b.row(DRAWER_PART_LABEL.expected.zh, formatNtd(drawer.expected), { bold: true });
}
