import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import {
  horizontalOverflow,
  scan,
  smallButtons,
  SUPERVISOR_PIN,
  textOf,
  tillForFile,
  type TillSession,
} from './support/till-session';

const GREEN_TEA = '4710088001177'; // NT$25 taxable
const BENTO = '4710421001178'; // 招牌排骨便當 NT$79 taxable

/** A paper-proof cash sale through the screens; answers its order number. */
async function sell(page: Page, ...barcodes: string[]): Promise<string> {
  for (const code of barcodes) await scan(page, code);
  await expect.poll(() => page.getByTestId('cart-line').count()).toBe(barcodes.length);
  await page.keyboard.press('F10');
  await page.getByTestId('checkout-screen').waitFor();
  await page.keyboard.press('F12');
  await page.getByTestId('result-screen').waitFor();
  expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('issued');
  return textOf(page, 'result-order');
}

/** The Code 39 text printed on the customer's proof (period, invoice number, random code). */
async function proofBarcode(session: TillSession, orderNo: string): Promise<string> {
  const detail = await session.call('journal.get', { orderNo });
  const printData = JSON.parse(detail!.issue!.printDataString!) as { Barcode: string };
  expect(printData.Barcode).toHaveLength(19);
  return printData.Barcode;
}

describe('returns: a cashier scans the proof, returns one line, and the allowance slip shows', () => {
  const till = tillForFile('returns-allowance');

  it('finds the sale from the scanned proof barcode, returns one green tea, and shows the allowance', async () => {
    const { page, session } = till;
    const orderNo = await sell(page, GREEN_TEA, BENTO);
    const invoice = await textOf(page, 'invoice-number');
    const barcode = await proofBarcode(session, orderNo);
    await page.keyboard.press('F10');
    await page.getByTestId('sell-screen').waitFor();

    // F7 from the sell screen; the scan lands on the returns screen wherever the focus is.
    await page.keyboard.press('F7');
    await page.getByTestId('returns-screen').waitFor();
    expect(await textOf(page, 'returns-scan-hint')).toContain('掃描顧客證明聯');
    await scan(page, barcode);
    await page.getByTestId('returns-sale').waitFor();
    expect(await textOf(page, 'returns-invoice')).toBe(invoice);
    expect(await textOf(page, 'returns-order')).toBe(orderNo);
    // The scan did not stay in the number field.
    expect(await page.getByTestId('returns-number').count()).toBe(0);
    expect(await page.getByTestId('returns-line').count()).toBe(2);

    // The whole sale in its period: the till says it will void.
    await expect.poll(() => page.getByTestId('returns-plan').getAttribute('data-kind')).toBe('void');

    // One of the two lines: an allowance of NT$25, refunded in cash.
    await page.getByTestId('returns-line-value').first().fill('1');
    await expect.poll(() => page.getByTestId('returns-plan').getAttribute('data-kind')).toBe('allowance');
    expect(await textOf(page, 'returns-plan-total')).toBe('NT$25');
    expect(await textOf(page, 'returns-refund-cash')).toBe('NT$25');
    expect(await page.getByTestId('returns-confirm').isDisabled()).toBe(true); // no reason yet
    await page.getByTestId('returns-reason-customer').click();
    await page.getByTestId('returns-by').fill('王小明');
    expect(await smallButtons(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'returns-allowance-choice');

    // The supervisor PIN, then the outcome.
    await page.keyboard.press('F12');
    await page.getByTestId('pin-dialog').waitFor();
    await page.getByTestId('pin-input').fill('1111');
    await page.keyboard.press('Enter');
    await expect.poll(() => textOf(page, 'pin-error')).toContain('PIN');
    await page.getByTestId('pin-input').fill(SUPERVISOR_PIN);
    await page.keyboard.press('Enter');

    await page.getByTestId('returns-outcome').waitFor();
    expect(await page.getByTestId('returns-outcome').getAttribute('data-state')).toBe('done');
    expect(await page.getByTestId('returns-outcome').getAttribute('data-kind')).toBe('allowance');
    const allowanceNumber = await textOf(page, 'returns-allowance-number');
    expect(allowanceNumber).toMatch(/^[A-Z0-9]{4,}/);
    expect(await textOf(page, 'returns-outcome-total')).toBe('NT$25');
    expect(await textOf(page, 'returns-outcome-refund-cash')).toBe('NT$25');

    // The slip: the allowance (two copies) as an image.
    await page.getByTestId('returns-slip-preview').waitFor();
    expect(await textOf(page, 'returns-slip-caption')).toContain('折讓證明單（兩聯');
    // The image is the job that went to the printer, not a drawing for the screen.
    await expect.poll(() => textOf(page, 'returns-slip-caption')).toContain('已列印');
    const size = await page
      .getByTestId('returns-slip-preview')
      .evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, h: img.naturalHeight }));
    expect(size.w).toBeGreaterThan(300);
    expect(size.h).toBeGreaterThan(size.w); // two slips, one under the other
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'returns-allowance-slip');

    // Main agrees: the green tea is returned once, the bento is not.
    const found = await session.call('returns.find', {
      by: 'invoice',
      invoiceNumber: invoice.replace('-', ''),
    });
    const sale = found.matches[0]!;
    expect(sale.lines.map((l) => l.returnedQuantity)).toEqual([1, 0]);
    expect(sale.returns).toEqual([
      expect.objectContaining({ kind: 'allowance', state: 'done', allowanceNumber, totalAmount: 25 }),
    ]);

    // Next return (F10): the same proof scanned again shows what was already returned.
    await page.keyboard.press('F10');
    await page.getByTestId('returns-scan-hint').waitFor();
    await scan(page, barcode);
    await page.getByTestId('returns-history').waitFor();
    expect(await textOf(page, 'returns-history')).toContain(allowanceNumber);
    expect(await page.getByTestId('returns-line-returned').first().innerText()).toContain('1');
    // Part of the sale is allowed already: 改開 is not offered, a void no longer either.
    expect(await page.getByTestId('returns-reissue').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.getByTestId('sell-screen').waitFor();
  });
});
