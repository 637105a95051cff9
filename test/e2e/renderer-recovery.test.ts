import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import { scan, textOf, tillForFile } from './support/till-session';

// From assets/sample-catalog.csv.
const GREEN_TEA = { barcode: '4710088001177', price: 25 };
const COLA = { barcode: '4710088001689', price: 35 };

/*
 * Issue 23.4: when the renderer crashes, the Electron shell reloads the window at
 * `index.html?recovered=1` (src/main/shell/crash-recovery.ts). The same page in Chromium: the
 * customer's cart must still be there after the reload, and the screen says what happened.
 */
describe('a reloaded till window after a renderer crash', () => {
  const till = tillForFile('renderer-recovery');

  it('keeps the cart in progress, says so once, and a later plain reload says nothing', async () => {
    const { page } = till;
    await scan(page, GREEN_TEA.barcode);
    await scan(page, COLA.barcode);
    await scan(page, COLA.barcode);
    await expect.poll(() => textOf(page, 'cart-total')).toBe(`NT$${GREEN_TEA.price + 2 * COLA.price}`);

    const url = new URL(page.url());
    url.searchParams.set('recovered', '1');
    await page.goto(url.href);
    await page.getByTestId('product-tile').first().waitFor();
    await expect.poll(() => textOf(page, 'cart-total')).toBe(`NT$${GREEN_TEA.price + 2 * COLA.price}`);
    expect(await page.getByTestId('cart-line').count()).toBe(2);
    expect(await textOf(page, 'sell-notice')).toContain('已自動重新載入；購物清單已保留');
    // The address no longer says "recovered": a reload of its own is not a crash.
    expect(new URL(page.url()).searchParams.has('recovered')).toBe(false);
    await saveScreenshot(page, 'renderer-recovered');

    await page.reload();
    await page.getByTestId('product-tile').first().waitFor();
    await expect.poll(() => textOf(page, 'cart-total')).toBe(`NT$${GREEN_TEA.price + 2 * COLA.price}`);
    expect(await page.getByTestId('sell-notice').count()).toBe(0);
  });
});
