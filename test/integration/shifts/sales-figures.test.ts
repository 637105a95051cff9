import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { taipeiBusinessDay } from '../../../src/shared/domain';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import type { JournalSummary } from '../../../src/shared/ipc/contract/journal';
import type { ReturnResult } from '../../../src/shared/ipc/contract/returns';
import { ZReport } from '../../../src/shared/ipc/contract/shifts';
import { readCsv } from '../journal/csv-reader';
import { order, PIN, textOf, useShiftRig } from './harness';

/**
 * Issue 22, item 15 (one set of figures) and item 2 (a 改開 moves no money), through the core:
 * the closing screen's figures (journal.summary), the Z report, its slip, the summary slip and the
 * summary CSV show the same gross, voids, allowances and net per payment method.
 *
 * The day by hand (NT$), float 1,000:
 *   S1 cash 500; S2 card 300 (3 × 100), allowance of one piece (card 100);
 *   S3 cash 200, voided (cash 200 back); S4 cash 660, 改開 to a tax ID: void of S4's number
 *   (no money back) and a new invoice S5 (no money taken).
 *   gross:      cash 500 + 200 + 660 + 660 = 2,020   card 300    total 2,320 (5 invoices)
 *   voids:      cash 200 + 660 = 860                 card 0      total 860
 *   allowances: cash 0                               card 100    total 100
 *   net:        cash 1,160                           card 200    total 1,360
 *   drawer: floats 1,000 + cash sales 1,360 (S1, S3, S4; not S5) − cash refunds 200 = 2,160.
 */
describe('one set of figures on screen, slip, Z and export', () => {
  const rig = useShiftRig('shifts-sales-figures');
  const today = taipeiBusinessDay(new Date());
  const byHand = {
    cash: { gross: 2020, voids: 860, allowances: 0, net: 1160 },
    card: { gross: 300, voids: 0, allowances: 100, net: 200 },
    total: { gross: 2320, voids: 860, allowances: 100, net: 1360 },
  };
  const numbers = {
    voided: [] as string[],
    allowance: '',
    allowed: '',
    reissued: '',
    issued: [] as string[],
  };
  let z: ZReport;

  it('a day of sales, a void, an allowance and a 改開', async () => {
    await rig.call('cashiers.save', { cashier: { id: 'A01', name: '王小明', pin: '1111' }, pin: PIN });
    await rig.call('session.signIn', { cashierId: 'A01', pin: '1111' });
    await rig.call('shift.open', { float: { '1000': 1 } });
    const sell = async (lines: Array<[string, number, number]>, paid: Array<['cash' | 'card', number]>) => {
      const sale = await rig.call<CheckoutResult>('checkout.submit', order(lines, paid));
      expect(sale.state).toBe('issued');
      numbers.issued.push(sale.invoiceNumber!);
      return sale;
    };
    await sell([['保溫杯', 1, 500]], [['cash', 500]]);
    const s2 = await sell([['杯墊', 3, 100]], [['card', 300]]);
    const s3 = await sell([['杯刷', 1, 200]], [['cash', 200]]);
    const s4 = await sell(
      [
        ['保溫杯', 2, 300],
        ['杯刷', 1, 60],
      ],
      [['cash', 660]],
    );
    const allowance = await rig.call<ReturnResult>('returns.submit', {
      kind: 'return',
      orderNo: s2.orderNo,
      items: [{ sequence: '001', quantity: 1 }],
      reason: '商品瑕疵',
      pin: PIN,
      by: '陳店長',
    });
    expect(allowance).toMatchObject({ kind: 'allowance', state: 'done', totalAmount: 100 });
    numbers.allowance = allowance.allowanceNumber!;
    numbers.allowed = s2.invoiceNumber!;
    const voided = await rig.call<ReturnResult>('returns.submit', {
      kind: 'void',
      orderNo: s3.orderNo,
      reason: '客人退貨',
      pin: PIN,
      by: '陳店長',
    });
    expect(voided.state).toBe('done');
    const reissue = await rig.call<ReturnResult>('returns.submit', {
      kind: 'void-and-reissue',
      orderNo: s4.orderNo,
      invoice: { kind: 'business', buyerTaxId: '04595252', buyerTitle: '好公司' },
      reason: '改統編',
      pin: PIN,
      by: '陳店長',
    });
    expect(reissue.reissue).toMatchObject({ state: 'issued' });
    const found = await rig.call<{ matches: Array<{ invoiceNumber: string }> }>('returns.find', {
      by: 'order',
      orderNo: reissue.reissue!.orderNo,
    });
    numbers.reissued = found.matches[0]!.invoiceNumber;
    numbers.issued.push(numbers.reissued);
    numbers.voided = [s3.invoiceNumber!, s4.invoiceNumber!].sort();
    await rig.call('shift.close', { count: { '1000': 2, '100': 1, '50': 1, '10': 1 } });
  });

  it('the screen’s figures (journal.summary): gross, voids, allowances, net per method; the drawer counts the 改開 once', async () => {
    const summary = await rig.call<JournalSummary>('journal.summary', { businessDay: today });
    const block = summary.training; // the rig's till is in training mode
    expect(block.figures.byMethod).toEqual([
      { method: 'cash', ...byHand.cash },
      { method: 'card', ...byHand.card },
    ]);
    expect(block.figures.total).toEqual(byHand.total);
    expect(block.figures.issuedCount).toBe(5);
    expect(block.drawer).toMatchObject({ floats: 1000, cashSales: 1360, cashRefunds: 200, expected: 2160 });
  });

  it('the Z report holds the same figures, the tracks used, every void and allowance by number', async () => {
    const from = rig.printedCount();
    z = ZReport.parse(await rig.call('day.zReport', { businessDay: today, pin: PIN, print: true }));
    const figures = z.sales!;
    expect(figures.total).toEqual(byHand.total);
    expect(figures.byMethod.find((row) => row.method === 'cash')).toMatchObject(byHand.cash);
    expect(figures.byMethod.find((row) => row.method === 'card')).toMatchObject(byHand.card);
    const sorted = [...numbers.issued].sort();
    const track = sorted[0]!.slice(0, 2);
    expect(figures.tracks).toEqual([{ track, first: sorted[0], last: sorted.at(-1), count: 5 }]);
    expect(figures.voids).toEqual(
      numbers.voided.map((invoiceNumber) => ({
        invoiceNumber,
        amount: invoiceNumber === numbers.voided.find((n) => n !== numbers.issued[2]) ? 660 : 200,
        reissue: invoiceNumber !== numbers.issued[2],
      })),
    );
    expect(figures.allowances).toEqual([
      { allowanceNumber: numbers.allowance, invoiceNumber: numbers.allowed, amount: 100 },
    ]);
    // Item 2: the drawer on the Z counts the 改開's money once.
    expect(z.figures.drawer).toMatchObject({ cashSales: 1360, cashRefunds: 200, expected: 2160 });

    const slip = textOf(rig.printedSince(from));
    expect(slip).toMatch(/開立\s+NT\$2,020/);
    expect(slip).toMatch(/作廢\s+-NT\$860/);
    expect(slip).toMatch(/折讓\s+-NT\$100/);
    expect(slip).toMatch(/淨額\s+NT\$1,160/);
    expect(slip).toMatch(/淨額\s+NT\$200/);
    expect(slip).toMatch(/淨額\s+NT\$1,360/);
    expect(slip).toMatch(new RegExp(`首\\s+${sorted[0]}`));
    expect(slip).toMatch(new RegExp(`迄\\s+${sorted.at(-1)}`));
    expect(slip).toMatch(new RegExp(`${numbers.issued[2]}\\s+-NT\\$200`));
    expect(slip).toMatch(new RegExp(`${numbers.issued[3]} 改開\\s+-NT\\$660`));
    expect(slip).toContain(numbers.allowance);
    expect(slip).toContain(`發票 ${numbers.allowed}`);
  });

  it('the summary slip prints the same block', async () => {
    const from = rig.printedCount();
    await rig.call('printing.printSummary', { businessDay: today });
    const slip = textOf(rig.printedSince(from));
    expect(slip).toMatch(/開立\s+NT\$2,020/);
    expect(slip).toMatch(/作廢\s+-NT\$860/);
    expect(slip).toMatch(/淨額\s+NT\$1,160/);
    expect(slip).toMatch(/淨額\s+NT\$1,360/);
  });

  it('the summary CSV sums to the same numbers, in words and in codes', async () => {
    const folder = join(rig.dir, 'exports');
    mkdirSync(folder, { recursive: true });
    const summaryRows = async (headers: 'en' | 'codes') => {
      const exported = await rig.call<{ files: Array<{ table: string; file: string }> }>('journal.export', {
        businessDay: today,
        format: 'csv',
        headers,
        tables: ['cash'],
        folder: join(folder, headers),
        pin: PIN,
      });
      const file = exported.files.find((written) => written.table === 'summary')!.file;
      const [header, ...lines] = readCsv(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
      return lines.map((line) => Object.fromEntries(header!.map((h, i) => [h, line[i]!])));
    };
    mkdirSync(join(folder, 'en'));
    mkdirSync(join(folder, 'codes'));
    const words = await summaryRows('en');
    const codes = await summaryRows('codes');
    const inWords = (section: string, item: string) =>
      Number(
        words.find(
          (row) =>
            row['Block code'] === 'training' && row['Section code'] === section && row['Item code'] === item,
        )?.['Amount'],
      );
    // The legacy file writes its numbers as text cells, a negative one behind the spreadsheet's
    // quote (csv.ts): read as a script would.
    const inCodes = (part: string, item: string) =>
      Number(
        codes
          .find((row) => row['section'] === `training.figures.${part}` && row['key'] === item)
          ?.['amount']?.replace(/^'/, ''),
      );
    for (const method of ['cash', 'card', 'all'] as const) {
      const hand = byHand[method === 'all' ? 'total' : method];
      const signed = {
        gross: hand.gross,
        voids: 0 - hand.voids,
        allowances: 0 - hand.allowances,
        net: hand.net,
      };
      for (const part of ['gross', 'voids', 'allowances', 'net'] as const) {
        expect(inWords(`figures-${part}`, method), `${part} ${method}`).toBe(signed[part]);
        expect(inCodes(part, method), `${part} ${method}`).toBe(signed[part]);
      }
    }
  });
});
