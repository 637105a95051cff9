import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { enterPin } from './support/layout';
import { scan, textOf, tillForFile } from './support/till-session';

// A barcode no sample product has (check digit 8), and the sample's cola (assets/sample-catalog.csv).
const NEW = { code: 'N001', name: '冷泡烏龍茶 500ml', barcode: '4710000000028' };
const COLA = { barcode: '4710088001689', name: '可口可樂 600ml' };

/**
 * Issue 28, item 1: 商品管理 at 1024×768 with Chromium's real scrollbars. A product added by
 * keyboard alone (F3, Tab, F12), main's reasons shown under the field they belong to, its price
 * changed, and the sell screen's next scan selling it at the new price; retired, a scan is refused
 * with the reason.
 */
describe('商品管理: add, change and retire a product, and the next scan sells it so', () => {
  const till = tillForFile('products');

  const openProducts = async () => {
    const { page } = till;
    await page.getByTestId('nav-settings').click();
    await enterPin(page);
    await page.getByTestId('settings-screen').waitFor();
    await page.getByTestId('open-products').click();
    await page.getByTestId('products-screen').waitFor();
    await page.getByTestId('product-row').first().waitFor();
  };
  const toSell = async () => {
    const { page } = till;
    // Esc closes the editor, Esc again goes back to Settings (no second PIN), then selling.
    while ((await page.getByTestId('products-screen').count()) > 0) await page.keyboard.press('Escape');
    await page.getByTestId('settings-screen').waitFor();
    await page.getByTestId('nav-sell').click();
    await page.getByTestId('sell-screen').waitFor();
  };

  it('adds a product by keyboard; a wrong check digit and a barcode the cola has are refused by the field', async () => {
    const { page } = till;
    await openProducts();
    await page.keyboard.press('F3');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('product-code');
    // Code, price, name, category, scale code, barcode: the Tab order of the form.
    await page.keyboard.type(NEW.code);
    await page.keyboard.press('Tab');
    await page.keyboard.type('45');
    await page.keyboard.press('Tab');
    await page.keyboard.type(NEW.name);
    await page.keyboard.press('Tab');
    await page.keyboard.type('飲料');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('4710000000027'); // the check digit should be 8
    await page.keyboard.press('F12');
    expect(await textOf(page, 'product-barcode-error-0')).toBe(
      '條碼 4710000000027 的檢查碼不符（最後一碼應為 8）',
    );
    expect(await page.getByTestId('products-saved').count()).toBe(0);
    // The field with the reason has the focus: the supervisor types over it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'product-barcode',
    );

    await page.keyboard.press('Control+A');
    await page.keyboard.type(COLA.barcode);
    await page.keyboard.press('F12');
    expect(await textOf(page, 'product-barcode-error-0')).toBe(
      `條碼 ${COLA.barcode} 已屬於「${COLA.name}」（P004）`,
    );

    await page.keyboard.press('Control+A');
    await page.keyboard.type(NEW.barcode);
    await page.keyboard.press('F12');
    expect(await textOf(page, 'products-saved')).toBe(`已新增「${NEW.name}」`);
    expect(await page.getByTestId('product-barcode-error-0').count()).toBe(0);
    await page.getByTestId('products-search').fill(NEW.code);
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(1);
    expect(await page.getByTestId('product-row').innerText()).toBe(`${NEW.code}\t${NEW.name}\tNT$45`);
  });

  it('changes its price; the next scan on the sell screen sells it at the new price', async () => {
    const { page } = till;
    await page.getByTestId('product-price').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('55');
    await page.keyboard.press('F12');
    await expect.poll(() => textOf(page, 'products-saved')).toBe(`已儲存「${NEW.name}」：售價 NT$45 → NT$55`);
    await toSell();
    await scan(page, NEW.barcode);
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);
    expect(await page.getByTestId('cart-line').innerText()).toContain(NEW.name);
    expect(await textOf(page, 'line-amount')).toBe('NT$55');
  });

  it('retired: a scan is refused with the reason, and the cart stays as it was', async () => {
    const { page } = till;
    await openProducts();
    // A scan on 商品管理 finds the product; Enter on the search opens it.
    await scan(page, NEW.barcode);
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(1);
    await page.getByTestId('products-search').press('Enter');
    await page.getByTestId('product-retired').check();
    await page.keyboard.press('F12');
    await expect.poll(() => textOf(page, 'products-saved')).toBe(`已儲存「${NEW.name}」`);
    expect(await textOf(page, 'product-retired-tag')).toBe('停售');
    await toSell();
    await scan(page, NEW.barcode);
    await expect.poll(() => textOf(page, 'sell-notice')).toBe(`${NEW.name} 已停售，不能販售`);
    expect(await page.getByTestId('cart-line').count()).toBe(1);
  });

  it('exports the catalog from Settings as CSV: the file imports back as it was', async () => {
    const { page, session } = till;
    await page.getByTestId('nav-settings').click();
    await enterPin(page);
    await page.getByTestId('catalog-export-folder').fill(session.dataDir);
    await page.getByTestId('catalog-export-csv').click();
    const answer = await textOf(page, 'catalog-export-answer');
    expect(answer).toMatch(/^已匯出 63 項商品：.*catalog-\d{8}-\d{6}\.csv$/);
    const file = answer.slice(answer.indexOf('：') + 1);
    expect(readFileSync(file, 'utf8')).toContain(
      `${NEW.code},${NEW.barcode},${NEW.name},飲料,55,taxable,0,,,1\r\n`,
    );
  });
});
