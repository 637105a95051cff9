import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkEverySize } from './support/layout';
import { scan, textOf, tillForFile } from './support/till-session';

const COLA = '4710088001689'; // 可口可樂 600ml NT$35
const BENTO = '4710421001178'; // 招牌排骨便當 NT$79

/** The text of a part of the screen as laid out (cells apart), in one line: what a person reads. */
const seen = async (locator: Locator): Promise<string> =>
  (await locator.innerText()).replace(/\s+/g, ' ').trim();

/** On how many lines the element's text is laid out (the tops of its line boxes). */
const linesOf = (locator: Locator): Promise<number> =>
  locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });

/**
 * Issue 15, clear on screen: a cashier asked "what did I charge for this?" opens the journal and
 * reads it off the sale's detail: the catalog price struck through beside what was charged, the
 * discount, what was paid, where the invoice went (the customer's mobile barcode) and the invoice
 * number as the e-invoice service lists it (`AB12345678`), without anything cut at either counter size.
 */
describe('the journal shows a discounted sale to a carrier as the cashier rang it up', () => {
  const till = tillForFile('journal-sale-detail');
  let orderNo = '';
  let invoiceNumber = '';

  it('sells a cola and a bento with NT$10 off the bento, to a mobile barcode, by card', async () => {
    const { page } = till;
    await scan(page, COLA);
    await scan(page, BENTO);
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(2);
    // The bento, the last line scanned, is the selected one: F9 takes NT$10 off it.
    await page.keyboard.press('F9');
    await page.getByTestId('line-discount-dialog').waitFor();
    await page.getByTestId('number-input').fill('10');
    await page.getByTestId('number-confirm').click();
    await expect.poll(() => textOf(page, 'cart-total')).toBe('NT$104');
    expect(await textOf(page, 'line-discounts')).toBe('-NT$10');

    await page.keyboard.press('F10');
    await page.getByTestId('checkout-screen').waitFor();
    await page.keyboard.press('F3');
    await page.getByTestId('carrier-id').fill('/ABC+123');
    await page.getByTestId('carrier-id-ok').waitFor();
    await page.getByTestId('pay-card').click();
    await page.keyboard.press('F12');
    await page.getByTestId('result-screen').waitFor();
    expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('issued');
    orderNo = await textOf(page, 'result-order');
    invoiceNumber = await textOf(page, 'invoice-number');
    expect(invoiceNumber).toMatch(/^[A-Z]{2}\d{8}$/);
    await page.getByTestId('next-sale').click();
    await page.getByTestId('sell-screen').waitFor();
  });

  it('its detail in the journal: catalog price, discount, paid, carrier, invoice number', async () => {
    const { page } = till;
    await page.getByTestId('nav-journal').click();
    await page.getByTestId('journal-screen').waitFor();
    await page.locator(`[data-testid="journal-row"][data-order="${orderNo}"]`).click();
    const detail = page.getByTestId('sale-detail');
    await detail.waitFor();
    expect(await textOf(page, 'sale-detail')).toContain(orderNo);

    expect(await textOf(page, 'detail-invoice')).toBe(invoiceNumber);
    expect(await textOf(page, 'detail-invoice')).toMatch(/^[A-Z]{2}\d{8}$/);
    // Where the invoice went: to the customer's mobile barcode.
    expect(await seen(detail.locator('dd', { hasText: '/ABC+123' }))).toBe('載具 · /ABC+123');

    // The bento: its catalog price NT$79 struck through beside the NT$69 charged, and the discount.
    const bento = detail.locator('tr', { hasText: '招牌排骨便當' });
    expect(await seen(bento.getByTestId('detail-line-price'))).toBe('1 × 79 69');
    expect(await seen(bento.locator('s'))).toBe('79');
    expect(await seen(bento.getByTestId('detail-line-discount'))).toBe('折扣 -NT$10');
    expect(await seen(bento.locator('td').last())).toBe('折扣 -NT$10 NT$69');
    // The cola sold at its catalog price: nothing struck through, no discount.
    const cola = detail.locator('tr', { hasText: '可口可樂' });
    expect(await seen(cola.getByTestId('detail-line-price'))).toBe('1 × 35');
    expect(await cola.locator('s').count()).toBe(0);
    expect(await cola.getByTestId('detail-line-discount').count()).toBe(0);

    // What was paid: the total, and the card payment of it.
    expect(await seen(detail.locator('dt:text-is("金額") + dd'))).toBe('NT$104');
    expect(await seen(detail.locator('tr.table__payment'))).toBe('信用卡 NT$104');

    // Each figure reads as one: "1 × 79 69" and "折扣 -NT$10" are never split over two lines,
    // in either language, even where the narrow detail panel (1024 px) wraps the amount cell.
    for (const width of [1024, 1366]) {
      await page.setViewportSize({ width, height: 768 });
      for (const language of ['zh', 'en']) {
        if (language === 'en') await page.getByTestId('language-toggle').click();
        const where = `${width} ${language}`;
        expect(await linesOf(bento.getByTestId('detail-line-price')), where).toBe(1);
        expect(await linesOf(bento.getByTestId('detail-line-discount')), where).toBe(1);
      }
      await page.getByTestId('language-toggle').click();
    }
    expect(await checkEverySize(page, 'sale-detail', 'journal-sale-detail')).toEqual([]);
  });
});
