import { describe, expect, it } from 'vitest';
import { renderEscPos } from '../../../src/main/printing/escpos/render-escpos';
import {
  COPY_MARK,
  shiftCloseSlip,
  slipTime,
  X_TITLE,
  xReportSlip,
  Z_TITLE,
  zReportSlip,
} from '../../../src/main/printing/layout/shift-layout';
import type { Slip } from '../../../src/main/printing/layout/slip';
import { paperOf } from '../../../src/main/printing/paper';
import { loadRasterFont } from '../../../src/main/printing/raster-font';
import { slipsForJob } from '../../../src/main/printing/slip-content';
import { displayWidth } from '../../../src/shared/domain';
import type { ShiftFigures, ShiftView, ZReport } from '../../../src/shared/ipc/contract/shifts';
import { decodeEscPos, readableLines } from '../../support/escpos-decoder';

/** The largest figures a busy day may have, and the longest names the contract lets through. */
const figures: ShiftFigures = {
  float: 12_345,
  sales: { count: 1234, amount: 9_876_543 },
  returns: { count: 12, amount: 45_678 },
  net: [
    { method: 'cash', amount: 4_567_890 },
    { method: 'card', amount: 5_123_456 },
    { method: 'other', amount: -1_234 },
    { method: 'line-pay', amount: 88_888 },
  ],
  paidIn: 5_000,
  paidOut: 123_456,
  cashDrops: 0,
  expectedCash: 4_461_779,
  pending: 3,
};
const longName = '歐陽美玲歐陽美玲歐陽美玲歐陽美玲歐陽美玲'; // 20 CJK characters: 40 columns
const closed: ShiftView = {
  shiftId: 41,
  number: 12,
  tillId: 'T01',
  businessDay: '2026-05-04',
  state: 'closed',
  openedBy: longName,
  openedAt: '2026-05-04T09:00:03+08:00',
  closedBy: '王小明',
  closedAt: '2026-05-04T17:30:00+08:00',
  figures,
  reconciliation: [
    { method: 'cash', expected: 4_461_779, counted: 4_461_774, overShort: -5 },
    { method: 'card', expected: 5_123_456, counted: 5_123_466, overShort: 10 },
    { method: 'other', expected: -1_234, counted: -1_234, overShort: 0 },
  ],
  count: { '1000': 4461, '500': 1, '100': 2, '50': 1, '10': 2, '5': 0, '1': 4 },
};
const z: ZReport = {
  number: 7,
  tillId: 'T01',
  businessDay: '2026-05-04',
  madeAt: '2026-05-04T22:05:00+08:00',
  madeBy: longName,
  training: true,
  shifts: [closed, { ...closed, shiftId: 77, number: 13 }],
  figures,
  invoices: [
    {
      kind: 'paper',
      label: { zh: '紙本證明聯', en: 'Paper proof' },
      count: 1000,
      amount: 8_000_000,
      tax: 380_952,
    },
    { kind: 'phone', label: { zh: '手機 QR', en: 'Phone QR' }, count: 0, amount: 0, tax: 0 },
    { kind: 'business', label: { zh: '統一編號', en: 'Tax ID' }, count: 234, amount: 1_876_543, tax: 89_359 },
  ],
  reconciliation: closed.reconciliation!,
  chainHead: `#123456:${'ab'.repeat(32)}`,
};

const texts = (slip: Slip) =>
  slip.blocks.flatMap((block) => (block.kind === 'text' ? [block.text.replace(/\s+/g, ' ').trim()] : []));

describe('the X report, the shift’s close slip and the Z report on 58 and 80 mm paper', () => {
  const slips = (width: 58 | 80) => {
    const paper = paperOf(width);
    return {
      x: xReportSlip(
        {
          layout: 'x-report',
          sellerName: '練習商店',
          shift: { ...closed, state: 'open' },
          figures,
          at: '2026-05-04T05:00:00.000Z',
        },
        paper,
      ),
      close: shiftCloseSlip({ layout: 'shift-close', sellerName: '練習商店', shift: closed }, paper),
      z: zReportSlip(
        { layout: 'z-report', sellerName: '練習商店', report: z, printedAt: '2026-05-04T14:10:00.000Z' },
        paper,
      ),
      copy: zReportSlip(
        {
          layout: 'z-report',
          sellerName: '練習商店',
          report: { ...z, copy: true },
          printedAt: '2026-05-05T01:00:00.000Z',
        },
        paper,
      ),
    };
  };

  for (const width of [58, 80] as const) {
    it(`fits every line in the ${width} mm paper's columns and prints as Big5 text only`, () => {
      const paper = paperOf(width);
      for (const [name, slip] of Object.entries(slips(width))) {
        for (const block of slip.blocks) {
          if (block.kind !== 'text') continue;
          expect(displayWidth(block.text), `${name}: ${block.text}`).toBe(
            block.style.wide ? paper.columns / 2 : paper.columns,
          );
        }
        const decoded = decodeEscPos(
          renderEscPos(slip, { model: 'epson', chinese: 'big5', font: loadRasterFont }),
          'epson',
        );
        expect(decoded.images, name).toHaveLength(0); // every character went as Big5 text
        expect(decoded.drawerKicks, name).toBe(0);
        expect(decoded.cuts, name).toBe(1);
        // No amount or name is cut: each one is found whole on a line.
        const lines = readableLines(decoded).join('\n');
        for (const amount of ['NT$4,461,779', 'NT$9,876,543', '-NT$123,456'])
          expect(lines, name).toContain(amount);
      }
    });
  }

  it('says what each slip is, in Taipei time, and marks a copy at its top and bottom', () => {
    const { x, close, z: original, copy } = slips(58);
    expect(texts(x)).toContain(X_TITLE);
    expect(texts(x)).toContain('列印時間 2026-05-04 13:00:00'); // 05:00 UTC
    expect(texts(close)).toContain('交班單');
    expect(texts(close)).toContain('1000 × 4461 NT$4,461,000');
    expect(texts(close)).toContain('溢短 短少 -NT$5');
    expect(texts(close)).toContain('溢短 溢收 +NT$10');
    expect(texts(original)).toContain(Z_TITLE);
    expect(texts(original)).toContain('Z 編號 Z0007');
    expect(texts(original)).toContain('練習模式（不列入營收）');
    expect(texts(original)).toContain('核對碼 #123456:abababababababab');
    expect(texts(original).some((line) => line.includes('副本'))).toBe(false);
    expect(texts(original).some((line) => line.includes('手機 QR'))).toBe(false); // no invoices of the kind
    const copyLines = texts(copy);
    expect(copyLines[2]).toBe(COPY_MARK);
    expect(copyLines.at(-1)).toBe(COPY_MARK);
    expect(copyLines).toContain('副本列印 2026-05-05 09:00:00');
  });

  it('prints from the stored job content, and refuses content that is not a report', () => {
    const paper = paperOf(80);
    const content = JSON.stringify({
      layout: 'z-report',
      sellerName: '練習商店',
      report: z,
      printedAt: z.madeAt,
    });
    const [slip] = slipsForJob({ kind: 'summary', content, reprint: false }, paper);
    expect(texts(slip!)).toContain('Z 編號 Z0007');
    expect(() =>
      slipsForJob(
        { kind: 'summary', content: JSON.stringify({ layout: 'z-report', report: {} }), reprint: false },
        paper,
      ),
    ).toThrow(/summary content unreadable/);
    expect(slipTime('2026-05-04T22:05:00+08:00')).toBe('2026-05-04 22:05:00');
    expect(slipTime('2026-05-04T14:05:00.000Z')).toBe('2026-05-04 22:05:00');
  });
});
