import { describe, expect, it } from 'vitest';
import { scan, smallButtons, textOf, tillForFile } from './support/till-session';

// From assets/sample-catalog.csv: the beer is the sample's 菸酒 product.
const BEER = { barcode: '4710088003898', name: '金牌台灣啤酒 330ml' };
const COLA = '4710088001689';

/**
 * Issue 24, item 10 (and issue 28's age-check flag): a 菸酒 product asks the cashier to confirm
 * the customer's age before it goes into the cart, by keyboard (Enter confirms, Esc does not
 * sell) or touch; the answer is in the journal's sale detail. At 1024×768 with real scrollbars;
 * the dialog's layout at both sizes and languages is in layout-dialogs.test.ts.
 */
describe('the age check of a 菸酒 product at the counter', () => {
  const till = tillForFile('age-check');

  it('Esc: the beer is not sold, and the cashier reads why', async () => {
    const { page } = till;
    await scan(page, BEER.barcode);
    await page.getByTestId('age-check-dialog').waitFor();
    expect(await textOf(page, 'age-check-product')).toBe(BEER.name);
    // The confirm button has the focus, so Enter is the confirmation the cashier must give.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'age-check-confirm',
    );
    await page.keyboard.press('Escape');
    await page.getByTestId('age-check-dialog').waitFor({ state: 'detached' });
    expect(await page.getByTestId('cart-line').count()).toBe(0);
    expect(await textOf(page, 'sell-notice')).toBe(`未販售 ${BEER.name}：未確認顧客年滿18歲`);
  });

  it('touch: its buttons are big enough for a finger, and 不販售 does what Esc does', async () => {
    const { page } = till;
    await scan(page, BEER.barcode);
    await page.getByTestId('age-check-dialog').waitFor();
    expect(await smallButtons(page)).toEqual([]);
    await page.getByTestId('age-check-refuse').click();
    await page.getByTestId('age-check-dialog').waitFor({ state: 'detached' });
    expect(await page.getByTestId('cart-line').count()).toBe(0);
  });

  it('scan → prompt → Enter: the beer is in the cart; a second 菸酒 scan in the same cart asks no more', async () => {
    const { page } = till;
    await scan(page, COLA);
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);
    await scan(page, BEER.barcode);
    await page.getByTestId('age-check-dialog').waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('age-check-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(2);
    expect(await page.getByTestId('cart-line').nth(1).textContent()).toContain(BEER.name);
    await scan(page, BEER.barcode);
    await expect.poll(() => textOf(page, 'item-count')).toBe('3');
    expect(await page.getByTestId('age-check-dialog').count()).toBe(0);
  });

  it('the sale records the answer: the journal’s sale detail shows it on the beer’s line', async () => {
    const { page } = till;
    await page.keyboard.press('F10');
    await page.getByTestId('checkout-screen').waitFor();
    await page.keyboard.press('F12');
    await page.getByTestId('result-screen').waitFor();
    expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('issued');
    const orderNo = await textOf(page, 'result-order');
    await page.getByTestId('next-sale').click();
    await page.getByTestId('nav-journal').click();
    await page.getByTestId('journal-screen').waitFor();
    await page.locator(`[data-testid="journal-row"][data-order="${orderNo}"]`).click();
    const detail = page.getByTestId('sale-detail');
    await detail.waitFor();
    const beer = detail.locator('tr', { hasText: BEER.name });
    expect(await beer.getByTestId('detail-age-check').innerText()).toMatch(
      /^ · 已確認年滿18歲 \d{2}:\d{2}:\d{2}$/,
    );
    expect(await detail.locator('tr', { hasText: '可口可樂' }).getByTestId('detail-age-check').count()).toBe(
      0,
    );
  });

  it('a declined check is in the journal too: its 年齡確認 tab lists both, newest first, with the time', async () => {
    const { page } = till;
    // Still on the journal screen from the sale detail above.
    await page.getByTestId('tab-age-checks').click();
    await page.getByTestId('age-checks-table').waitFor();
    const rows = page.getByTestId('age-check-row');
    expect(await rows.count()).toBe(2);
    for (const text of await rows.allInnerTexts()) {
      expect(text).toMatch(/^\d{2}:\d{2}:\d{2}\t金牌台灣啤酒 330ml P017( （練習）)?\t不販售\t—$/);
    }
  });
});
