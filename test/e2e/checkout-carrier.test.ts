import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import { scan, textOf, tillForFile, typeSlowly } from './support/till-session';

const COLA = '4710088001689'; // NT$35

describe('checkout to a carrier: mobile barcode scanned or typed, citizen certificate', () => {
  const till = tillForFile('carrier');

  it('validates a typed mobile barcode live and takes a scanned one in the field, + included', async () => {
    const { page, session } = till;
    await scan(page, COLA);
    await page.getByTestId('cart-line').waitFor();
    await page.keyboard.press('F10');
    await page.keyboard.press('F3');
    const field = page.getByTestId('carrier-id');
    await field.click();
    await typeSlowly(page, '/ABC12', 40);
    expect(await textOf(page, 'carrier-id-error')).toBe('手機條碼是「/」加 7 個字元');
    expect(await page.getByTestId('pay').isDisabled()).toBe(true);

    await field.fill('');
    await scan(page, '/ABC+123');
    expect(await field.inputValue()).toBe('/ABC+123');
    expect(await textOf(page, 'carrier-id-ok')).toContain('格式正確');
    // The scan's Enter stayed in the field: still on the checkout screen.
    expect(await page.getByTestId('checkout-screen').isVisible()).toBe(true);
    await page.getByTestId('pay-card').click();
    await saveScreenshot(page, 'checkout-carrier');
    await page.keyboard.press('F12');

    await page.getByTestId('result-screen').waitFor();
    expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('issued');
    expect(await textOf(page, 'result-kind')).toBe('載具／捐贈（不印證明聯）');
    const detail = await session.call('journal.get', { orderNo: await textOf(page, 'result-order') });
    expect(detail?.transaction.operation).toBe('orderWithoutPrint');
    expect(detail?.transaction.invoice).toMatchObject({
      kind: 'carrier',
      carrierType: '3J0002',
      carrierId: '/ABC+123',
    });
    expect(detail?.prints).toEqual([]);
    await page.keyboard.press('F10');
  });

  it('keeps a mobile barcode scanned on the sell screen for the checkout', async () => {
    const { page, session } = till;
    await page.getByTestId('sell-screen').waitFor();
    await scan(page, '/XYZ.789');
    await expect.poll(() => textOf(page, 'sell-notice')).toContain('已記下手機條碼載具 /XYZ.789');
    expect(await textOf(page, 'prefilled-carrier')).toContain('/XYZ.789');
    expect(await page.getByTestId('cart-line').count()).toBe(0);
    await scan(page, COLA);
    await page.getByTestId('cart-line').waitFor();
    await page.keyboard.press('F10');
    expect(await page.getByTestId('invoice-carrier').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('carrier-id').inputValue()).toBe('/XYZ.789');
    await page.keyboard.press('F12');
    await page.getByTestId('result-screen').waitFor();
    const detail = await session.call('journal.get', { orderNo: await textOf(page, 'result-order') });
    expect(detail?.transaction.invoice.carrierId).toBe('/XYZ.789');
    await page.keyboard.press('F10');
    // The next sale starts without it.
    await page.getByTestId('sell-screen').waitFor();
    expect(await page.getByTestId('prefilled-carrier').count()).toBe(0);
  });

  it('takes a citizen certificate and prints a details slip on request', async () => {
    const { page, session } = till;
    await scan(page, COLA);
    await page.getByTestId('cart-line').waitFor();
    await page.keyboard.press('F10');
    await page.keyboard.press('F3');
    await page.getByTestId('carrier-citizen').click();
    await page.getByTestId('carrier-id').fill('AB1234567890123');
    expect(await textOf(page, 'carrier-id-error')).toBe('自然人憑證條碼為 2 個英文字母加 14 位數字');
    await page.getByTestId('carrier-id').fill('AB12345678901234');
    await page.getByText('列印交易明細').click();
    await page.keyboard.press('F12');
    await page.getByTestId('result-screen').waitFor();
    expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('issued');
    await expect.poll(() => textOf(page, 'print-status')).toBe('交易明細：已列印');
    const detail = await session.call('journal.get', { orderNo: await textOf(page, 'result-order') });
    expect(detail?.transaction.invoice).toMatchObject({
      carrierType: 'CQ0001',
      carrierId: 'AB12345678901234',
      wantsDetails: true,
    });
    expect(detail?.prints.map((job) => [job.kind, job.state])).toEqual([['details', 'printed']]);
    await saveScreenshot(page, 'result-carrier-details');
    await page.keyboard.press('F10');
  });
});
