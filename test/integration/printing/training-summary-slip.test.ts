import { afterEach, describe, expect, it } from 'vitest';
import type { DaySummary } from '../../../src/main/journal/types';
import {
  SUMMARY_TITLE,
  SUMMARY_TRAINING_MARK,
  SUMMARY_WITH_TRAINING_MARK,
  summarySlip,
} from '../../../src/main/printing/layout/summary-layout';
import { LINE_DOTS, paperOf, type PaperWidth } from '../../../src/main/printing/paper';
import { renderPreview } from '../../../src/main/printing/preview';
import { MemoryPrintJobStore } from '../../../src/main/printing/print-job-store';
import { PrintService } from '../../../src/main/printing/print-service';
import { loadRasterFont } from '../../../src/main/printing/raster-font';
import { VirtualPrinter } from '../../../src/main/printing/virtual-printer';
import { displayWidth } from '../../../src/shared/domain';
import { decodeEscPos, readableLines } from '../../support/escpos-decoder';
import { issuedSale, NOON_TAIPEI, tempJournal } from '../journal/fixtures';

/**
 * Issue 15: the summary slip of a day with training sales must not pass for the day's takings.
 * A band like the proof's (練習模式，非營業資料 / TRAINING - NOT SALES) at its top and its end;
 * on a day of both, the band says the training is apart (練習交易另列，不列入營收), and the
 * training block stays; a day of real sales only has no band. Printed in Big5 text on the
 * virtual printer at 58 and 80 mm, every line within the paper's columns.
 */
const DAY = '2026-11-22';
const minute = (m: number) => new Date(NOON_TAIPEI.getTime() + m * 60_000);
const TRAINING_BLOCK = '練習模式（不列入營收）';

type Day = 'training' | 'production' | 'both';

function summaryOf(day: Day): { summary: DaySummary; cleanup: () => void } {
  const env = tempJournal(`summary-slip-${day}`);
  const journal = env.open({ now: () => minute(60) });
  if (day !== 'production') issuedSale(journal, 'AB00000001', { training: true, at: minute(1) });
  if (day !== 'training') issuedSale(journal, 'AB00000002', { at: minute(2), total: 320 });
  const summary = journal.summary({ businessDay: DAY });
  return { summary, cleanup: env.cleanup };
}

let printer: VirtualPrinter | null = null;
afterEach(async () => {
  await printer?.close();
  printer = null;
});

async function printed(day: Day, paperWidth: PaperWidth) {
  const { summary, cleanup } = summaryOf(day);
  try {
    printer = await VirtualPrinter.start({ model: 'epson' });
    const config = { uri: printer.uri, model: 'epson' as const, paperWidth, chinese: 'big5' as const };
    const service = new PrintService({
      store: new MemoryPrintJobStore(),
      printer: () => config,
      sellerName: () => '好喝茶飲',
    });
    const result = await service.printSummary(summary);
    expect(result).toMatchObject({ printed: true });
    const preview = await service.preview({ jobId: result.jobId! });
    await service.close();
    const paper = decodeEscPos(printer.printedJobs()[0]!, 'epson');
    return { paper, lines: readableLines(paper), preview: preview!, summary };
  } finally {
    cleanup();
  }
}

const positions = (lines: string[], text: string) =>
  lines.flatMap((line, index) => (line === text ? [index] : []));

describe.each([58, 80] as const)('the summary slip on %i mm paper', (paperWidth) => {
  const columns = paperOf(paperWidth).columns;

  it('marks a training day at its top and its end: 練習模式，非營業資料 / TRAINING - NOT SALES', async () => {
    const { paper, lines } = await printed('training', paperWidth);
    const zh = positions(lines, SUMMARY_TRAINING_MARK.zh);
    const en = positions(lines, SUMMARY_TRAINING_MARK.en);
    expect(zh).toHaveLength(2);
    expect(en).toHaveLength(2);
    const title = lines.indexOf(SUMMARY_TITLE);
    // The band comes before anything else a reader sees, the seller's name included.
    expect(lines.slice(0, 4)).toEqual([
      '*'.repeat(columns),
      SUMMARY_TRAINING_MARK.zh,
      SUMMARY_TRAINING_MARK.en,
      '*'.repeat(columns),
    ]);
    expect(zh[0]).toBeLessThan(title);
    // And again after the last figure (the chain's check code).
    const check = lines.findIndex((line) => line.startsWith('核對碼'));
    expect(check).toBeGreaterThan(title);
    expect(zh[1]).toBeGreaterThan(check);
    expect(lines.slice(-4)).toEqual([
      '*'.repeat(columns),
      SUMMARY_TRAINING_MARK.zh,
      SUMMARY_TRAINING_MARK.en,
      '*'.repeat(columns),
    ]);
    expect(lines).toContain(TRAINING_BLOCK);
    expect(lines.some((line) => line.includes(SUMMARY_WITH_TRAINING_MARK.zh))).toBe(false);
    for (const line of paper.lines) expect(displayWidth(line), line).toBeLessThanOrEqual(columns);
  });

  it('says on a day of both that the training is apart, and keeps the training block', async () => {
    const { paper, lines } = await printed('both', paperWidth);
    expect(positions(lines, SUMMARY_WITH_TRAINING_MARK.zh)).toHaveLength(2);
    expect(positions(lines, SUMMARY_WITH_TRAINING_MARK.en)).toHaveLength(2);
    expect(lines.indexOf(SUMMARY_WITH_TRAINING_MARK.zh)).toBeLessThan(lines.indexOf(SUMMARY_TITLE));
    // The real sales stand as the day's figures; the training block is still there, apart.
    expect(lines).toContain('有效發票 1 筆 NT$320');
    expect(lines).toContain(TRAINING_BLOCK);
    expect(lines.some((line) => line.includes(SUMMARY_TRAINING_MARK.zh))).toBe(false);
    for (const line of paper.lines) expect(displayWidth(line), line).toBeLessThanOrEqual(columns);
  });

  it('prints no band for a day of real sales only', async () => {
    const { paper, lines } = await printed('production', paperWidth);
    expect(lines[0]).toBe('好喝茶飲');
    expect(lines).toContain('有效發票 1 筆 NT$320');
    expect(lines.some((line) => /練習|TRAINING|\*{8}/.test(line))).toBe(false);
    for (const line of paper.lines) expect(displayWidth(line), line).toBeLessThanOrEqual(columns);
  });

  it('draws both bands in the preview the closing screen shows', async () => {
    const training = await printed('training', paperWidth);
    const paper = paperOf(paperWidth);
    // The same slip with its two bands (rule, zh, en, rule and the feed) taken off.
    const slip = summarySlip(training.summary, paper, '好喝茶飲');
    const bare = { ...slip, blocks: slip.blocks.slice(5, -5) };
    expect(bare.blocks[0]).toMatchObject({ kind: 'text', text: expect.stringContaining('好喝茶飲') });
    expect(bare.blocks.at(-1)).toMatchObject({ kind: 'text', text: expect.stringContaining('核對碼') });
    const without = renderPreview(bare, paper, loadRasterFont());
    expect(training.preview.heightDots).toBeGreaterThanOrEqual(without.heightDots + 8 * LINE_DOTS);
    expect(training.preview.widthDots).toBe(without.widthDots);
  });
});

describe('the summary slip’s band (layout model)', () => {
  it('fits every line of both bands to the full width at 58 and 80 mm', () => {
    for (const day of ['training', 'both'] as const) {
      const { summary, cleanup } = summaryOf(day);
      try {
        for (const width of [58, 80] as const) {
          const slip = summarySlip(summary, paperOf(width), '好喝茶飲');
          for (const block of slip.blocks) {
            if (block.kind !== 'text') continue;
            expect(displayWidth(block.text)).toBe(block.style.wide ? slip.columns / 2 : slip.columns);
          }
        }
      } finally {
        cleanup();
      }
    }
  });
});
