import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import { scan, textOf, tillForFile } from './support/till-session';

/** Reads the QR code the customer would scan, from the image on the page. */
async function decodeQr(page: Page): Promise<string | null> {
  const src = await page.getByTestId('qr-image').getAttribute('src');
  const png = PNG.sync.read(Buffer.from(src!.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

describe('the customer decides on the phone: the QR code of QrCodeUrl', () => {
  const till = tillForFile('phone');

  it('issues through /Append/OrderReturnQKey and shows the returned https link as a large QR code', async () => {
    const { page, session } = till;
    await scan(page, '4710088001177');
    await page.getByTestId('cart-line').waitFor();
    await page.keyboard.press('F10');
    await page.keyboard.press('F5');
    expect(await page.getByTestId('invoice-phone').getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('F12');

    await page.getByTestId('qr-panel').waitFor();
    await page.getByTestId('qr-image').waitFor();
    const orderNo = await textOf(page, 'result-order');
    const detail = await session.call('journal.get', { orderNo });
    expect(detail?.transaction.operation).toBe('orderReturnQKey');
    const link = detail?.issue?.qrCodeUrl;
    expect(link).toMatch(/^https:\/\//);
    // Exactly the link as returned, never one built from QKey.
    expect(await decodeQr(page)).toBe(link);
    const box = await page.getByTestId('qr-image').boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(300);
    expect(await textOf(page, 'qr-panel')).toContain('請用手機掃描 QR Code');
    expect(await textOf(page, 'qr-panel')).toContain('Scan the QR code with your phone');
    expect(await textOf(page, 'qr-note')).toContain('顯示 QR Code 不代表顧客已完成');
    await saveScreenshot(page, 'result-phone-qr');
    await page.keyboard.press('F10');
  });

  it('shows no QR entry when the service returns no link, and says the invoice stands', async () => {
    const { page, session } = till;
    await scan(page, '4710088001177');
    await page.getByTestId('cart-line').waitFor();
    await page.keyboard.press('F10');
    await page.keyboard.press('F5');
    await session.injectFault('no-qr-url');
    await page.keyboard.press('F12');
    await page.getByTestId('result-screen').waitFor();
    expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('issued');
    expect(await textOf(page, 'qr-missing')).toContain('不顯示 QR Code');
    expect(await page.getByTestId('qr-panel').count()).toBe(0);
    expect(await page.locator('img').count()).toBe(0);
    await saveScreenshot(page, 'result-phone-no-link');
    await page.keyboard.press('F10');
  });
});
