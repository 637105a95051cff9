import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import { scan, textOf, tillForFile } from './support/till-session';

const BENTO = '4710421001178'; // NT$79 taxable
const COFFEE = 'P012'; // 現煮美式咖啡 NT$45 taxable (by code)
const NEWSPAPER = '4713302001175'; // NT$15 exempt

describe('checkout for a business buyer: tax ID and title', () => {
  const till = tillForFile('business');

  it('checks the tax ID and title live, refuses mixed tax before payment, and issues a B invoice with its proof', async () => {
    const { page, session } = till;
    await scan(page, BENTO);
    await scan(page, NEWSPAPER);
    await page.getByTestId('product-search').fill(COFFEE);
    await page.getByTestId('product-search').press('Enter');
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(3);
    await page.keyboard.press('F10');
    await page.keyboard.press('F6');

    await page.getByTestId('tax-id').fill('12345678');
    expect(await textOf(page, 'tax-id-error')).toBe('統一編號檢查碼不正確，請再確認一次');
    await page.getByTestId('tax-id').fill('04595252');
    expect(await textOf(page, 'tax-id-ok')).toContain('格式正確');
    await page.getByTestId('buyer-title').fill('測試股份有限公司');
    expect(await textOf(page, 'invoice-kind-error')).toBe('有統一編號的發票不能混合稅別，請分開結帳');
    expect(await page.getByTestId('pay').isDisabled()).toBe(true);
    await saveScreenshot(page, 'checkout-business-mixed');

    // Back to the cart: void the exempt newspaper, then the invoice can go.
    await page.keyboard.press('Escape');
    await page.getByTestId('cart-line').nth(1).click();
    await page.keyboard.press('F8');
    await page.keyboard.press('F10');
    expect(await page.getByTestId('invoice-business').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('tax-id').inputValue()).toBe('04595252');
    expect(await page.getByTestId('invoice-kind-error').count()).toBe(0);
    await page.getByTestId('quick-200').click();
    await page.keyboard.press('F12');

    await page.getByTestId('result-screen').waitFor();
    expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('issued');
    expect(await textOf(page, 'result-total')).toBe('NT$124');
    expect(await textOf(page, 'result-change')).toBe('NT$76');
    const detail = await session.call('journal.get', { orderNo: await textOf(page, 'result-order') });
    const tx = detail!.transaction;
    expect(tx.operation).toBe('order');
    expect(tx.invoice).toMatchObject({
      kind: 'business',
      buyerTaxId: '04595252',
      buyerTitle: '測試股份有限公司',
    });
    // B: SalesAmount = round(124 / 1.05) = 118, TaxAmount = 6, lines without tax adding up to 118.
    expect(tx.totals).toMatchObject({ totalAmount: 124, salesAmount: 118, taxAmount: 6 });
    expect(tx.requestData).toMatchObject({ InvoiceFor: 'B', BuyerID: '04595252', TaxType: '1' });
    await expect.poll(() => textOf(page, 'print-status')).toBe('電子發票證明聯：已列印');
    await saveScreenshot(page, 'result-business');
    await page.keyboard.press('F10');
  });

  it('with a mobile barcode as well, issues without paper', async () => {
    const { page, session } = till;
    await scan(page, BENTO);
    await page.getByTestId('cart-line').waitFor();
    await page.keyboard.press('F10');
    await page.keyboard.press('F6');
    await page.getByTestId('tax-id').fill('10458570');
    await page.getByTestId('buyer-title').fill('甲公司');
    await page.getByTestId('business-mobile').fill('/abc+123');
    expect(await textOf(page, 'business-mobile-ok')).toContain('格式正確');
    await page.keyboard.press('F12');
    await page.getByTestId('result-screen').waitFor();
    const detail = await session.call('journal.get', { orderNo: await textOf(page, 'result-order') });
    expect(detail?.transaction.operation).toBe('orderWithoutPrint');
    expect(detail?.transaction.invoice).toMatchObject({
      carrierType: '3J0002',
      carrierId: '/ABC+123',
      buyerTaxId: '10458570',
    });
    expect(detail?.prints).toEqual([]);
  });
});
