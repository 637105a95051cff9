import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import { overflowProblems } from './support/layout';
import { scan, textOf, tillForFile } from './support/till-session';

/** The QR code the customer would scan, read off the customer display's image. */
async function decodeQr(page: Page): Promise<string | null> {
  const src = await page.getByTestId('customer-qr').locator('img').getAttribute('src');
  const png = PNG.sync.read(Buffer.from(src!.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/**
 * Issue 15: the customer display as the web host serves it, a second page (`/customer`, same
 * token) beside the till's page. The till sells; the customer page shows the store's name, the
 * cart as it grows, the total, the cash and the change, and the donate/bind QR code of a phone
 * sale, without calling anything itself.
 */
describe('the customer display follows the sale on a second page', () => {
  const till = tillForFile('customer-display');
  let customer: Page;

  it('opens read only with the store’s name and follows the cart', async () => {
    const { page, session } = till;
    customer = await session.browser.newPage({ viewport: { width: 1024, height: 600 } });
    const calls: string[] = [];
    customer.on('request', (request) => {
      if (request.url().includes('/__till/call/')) calls.push(request.url());
    });
    await customer.goto(`${session.till.host.url}customer?token=${session.till.host.token}`);
    await customer.getByTestId('customer-display').waitFor();
    expect(await customer.getByTestId('sell-screen').count()).toBe(0);

    await scan(page, '4710088001689'); // 可口可樂 NT$35
    await page.getByTestId('cart-line').waitFor();
    await expect.poll(() => customer.getByTestId('customer-line').count()).toBe(1);
    await scan(page, '4710088001689');
    await scan(page, '4710088001177');
    await expect.poll(() => textOf(customer, 'customer-lines')).toMatch(/可口可樂[\s\S]*× 2/);
    const seller = (await session.call('settings.get', {})).settings.sellerName;
    expect(await textOf(customer, 'customer-store')).toBe(seller);
    await expect.poll(() => textOf(customer, 'customer-total')).toBe(await textOf(page, 'cart-total'));
    expect(calls).toEqual([]); // read only: the page calls nothing
  });

  it('shows the cash and the change of a cash sale', async () => {
    const { page } = till;
    await page.keyboard.press('F10');
    await page.getByTestId('cash-tendered').fill('500');
    await expect
      .poll(() => customer.getAttribute('[data-testid="customer-display"]', 'data-phase'))
      .toBe('paying');
    await expect.poll(() => textOf(customer, 'customer-paid').catch(() => '')).toContain('500');
    await page.keyboard.press('F12');
    await page.getByTestId('result-screen').waitFor();
    await expect
      .poll(() => customer.getAttribute('[data-testid="customer-display"]', 'data-phase'))
      .toBe('done');
    const change = await textOf(page, 'result-change');
    expect(await textOf(customer, 'customer-change')).toBe(change);
    expect(await customer.getByTestId('customer-line').count()).toBe(2);
    expect(await overflowProblems(customer, 'customer-display')).toEqual([]);
    await saveScreenshot(customer, 'customer-display-change');
    await page.keyboard.press('F10');
    await expect
      .poll(() => customer.getAttribute('[data-testid="customer-display"]', 'data-phase'))
      .toBe('idle');
  });

  it('shows the donate/bind QR code of a phone sale, exactly the returned link', async () => {
    const { page, session } = till;
    await scan(page, '4710088001177');
    await page.getByTestId('cart-line').waitFor();
    await page.keyboard.press('F10');
    await page.keyboard.press('F5');
    await page.keyboard.press('F12');
    await page.getByTestId('qr-image').waitFor();
    const orderNo = await textOf(page, 'result-order');
    const link = (await session.call('journal.get', { orderNo }))?.issue?.qrCodeUrl;
    expect(link).toMatch(/^https:\/\//);
    await customer.getByTestId('customer-qr').waitFor();
    expect(await decodeQr(customer)).toBe(link);
    expect(await textOf(customer, 'customer-qr')).toContain('捐贈');
    await saveScreenshot(customer, 'customer-display-qr');
    await page.keyboard.press('F10');
    await expect.poll(() => customer.getByTestId('customer-qr').count()).toBe(0);
  });
});
