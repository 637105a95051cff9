import { describe, expect, it } from 'vitest';
import { checkEverySize } from './support/layout';
import { SUPERVISOR_PIN, textOf, tillForFile } from './support/till-session';

/**
 * Issue 22, item 15, on the closing screen at 1024×768: one set of figures, gross, voids,
 * allowances and net per payment method, the same numbers as the Z report and the export
 * (test/integration/shifts/sales-figures.test.ts pins those by hand for the same day).
 *
 * The day (NT$): S1 cash 500; S2 card 300 (3 × 100), one piece allowed (card 100); S3 cash 200,
 * voided; S4 cash 660, 改開 to a tax ID (a void of S4's number, a new invoice, no money moved).
 *   cash: gross 2,020, voids 860, allowances 0, net 1,160
 *   card: gross 300, voids 0, allowances 100, net 200
 *   total: gross 2,320, voids 860, allowances 100, net 1,360
 */
describe('closing: one set of figures, gross, voids, allowances, net per method', () => {
  const till = tillForFile('closing-figures', {
    setUp: async (session) => {
      const sell = async (name: string, quantity: number, unitPrice: number, method: 'cash' | 'card') =>
        session.call('checkout.submit', {
          lines: [{ name, quantity, unitPrice, taxType: 'taxable' }],
          payments: [{ method, amount: quantity * unitPrice }],
          invoice: { kind: 'paper' },
        });
      await sell('保溫杯', 1, 500, 'cash');
      const s2 = await sell('杯墊', 3, 100, 'card');
      const s3 = await sell('杯刷', 1, 200, 'cash');
      const s4 = await sell('保溫杯', 2, 330, 'cash');
      const supervisor = { pin: SUPERVISOR_PIN, by: '陳店長' };
      await session.call('returns.submit', {
        kind: 'return',
        orderNo: s2.orderNo,
        items: [{ sequence: '001', quantity: 1 }],
        reason: '商品瑕疵',
        ...supervisor,
      });
      await session.call('returns.submit', {
        kind: 'void',
        orderNo: s3.orderNo,
        reason: '客人退貨',
        ...supervisor,
      });
      await session.call('returns.submit', {
        kind: 'void-and-reissue',
        orderNo: s4.orderNo,
        invoice: { kind: 'business', buyerTaxId: '04595252', buyerTitle: '好公司' },
        reason: '改統編',
        ...supervisor,
      });
    },
  });

  it('shows gross, voids, allowances and net per method and in total; 已開立 without the voided', async () => {
    const { page } = till;
    await page.getByTestId('nav-closing').click();
    await page.getByTestId('summary-training-figures').waitFor();
    const cell = (row: string, part: string) => textOf(page, `summary-training-figures-${row}-${part}`);
    const expected = {
      cash: ['NT$2,020', '-NT$860', 'NT$0', 'NT$1,160'],
      card: ['NT$300', 'NT$0', '-NT$100', 'NT$200'],
      total: ['NT$2,320', '-NT$860', '-NT$100', 'NT$1,360'],
    };
    for (const [row, amounts] of Object.entries(expected)) {
      const parts = ['gross', 'voids', 'allowances', 'net'];
      expect(await Promise.all(parts.map((part) => cell(row, part))), row).toEqual(amounts);
    }
    expect(await textOf(page, 'summary-training-net')).toBe('NT$1,360');
    // The standing invoices: S1, S2 and the 改開's new one; S3 and S4 voided, apart.
    expect(await textOf(page, 'summary-training-invoices-count')).toBe('3');
    const block = await textOf(page, 'summary-training');
    expect(block).toMatch(/已開立 3 NT\$1,460/);
    expect(block).toMatch(/已作廢 2 NT\$860/);
    expect(block).toContain('開立 作廢 折讓 淨額');
  });

  it('fits at 1024×768 and 1366×768, in Chinese and English: no label wraps', async () => {
    const { page } = till;
    expect(await checkEverySize(page, 'closing-screen', 'closing-figures')).toEqual([]);
  });
});
