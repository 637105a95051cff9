import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkEverySize } from './support/layout';
import { scan, textOf, tillForFile } from './support/till-session';

const COLA = '4710088001689'; // 可口可樂 NT$35
const GREEN_TEA = '4710088001177'; // 茶裏王 NT$25
const CHIPS = '4710105001173'; // 樂事 NT$39
const BENTO = '4710421001178'; // 招牌排骨便當 NT$79

/** Scans a cart and waits until every line of it is in (a scan lands asynchronously). */
async function scanCart(page: Page, codes: readonly string[]): Promise<void> {
  const before = await page.getByTestId('cart-line').count();
  for (const code of codes) await scan(page, code);
  await expect.poll(() => page.getByTestId('cart-line').count()).toBe(before + codes.length);
}

/** From the sell screen with a cart: checkout (cash, exact) and F12, to the result screen. */
async function checkOut(page: Page): Promise<void> {
  await page.keyboard.press('F10');
  await page.getByTestId('checkout-screen').waitFor();
  await page.keyboard.press('F12');
  await page.getByTestId('result-screen').waitFor();
}

/** How many lines a button's label takes (its height over its line height). */
function labelLines(page: Page, testId: string): Promise<number> {
  return page
    .getByTestId(testId)
    .locator('.key-button__label')
    .evaluate((label) => {
      const lineHeight =
        parseFloat(getComputedStyle(label).lineHeight) || 1.2 * parseFloat(getComputedStyle(label).fontSize);
      return Math.round(label.getBoundingClientRect().height / lineHeight);
    });
}

/**
 * Issue 15, clear on screen, for what opens over the screens and the outcomes a cashier meets on
 * a bad day: each at 1024×768 and 1366×768, in Chinese and English, with the checks of
 * support/layout.ts. The dialogs are checked in their fullest state (an error shown), since that
 * is where a longer English text would first push something out of its box.
 */
describe('the dialogs and the failed outcomes at both counter sizes, in Chinese and English', () => {
  const till = tillForFile('layout-dialogs');

  it('the supervisor PIN dialog (Settings), with its wrong-PIN message', async () => {
    const { page } = till;
    const open = async () => {
      await page.getByTestId('nav-settings').click();
      await page.getByTestId('pin-dialog').waitFor();
      await page.getByTestId('pin-input').fill('1111');
      await page.getByTestId('pin-confirm').click();
      await page.getByTestId('pin-error').waitFor();
    };
    await open();
    expect(await textOf(page, 'pin-error')).toBe('PIN 不正確');
    expect(await checkEverySize(page, 'pin-dialog', 'dialog-pin', { dialog: { reopen: open } })).toEqual([]);
    // Esc gives up on the settings: back to selling.
    await page.keyboard.press('Escape');
    await page.getByTestId('sell-screen').waitFor();
  });

  it('the age check of a 菸酒 product (issue 24, item 10), over the sell screen', async () => {
    const { page } = till;
    const open = async () => {
      await scan(page, '4710088003898'); // 金牌台灣啤酒, the sample's 菸酒 product
      await page.getByTestId('age-check-dialog').waitFor();
    };
    await open();
    expect(
      await checkEverySize(page, 'age-check-dialog', 'dialog-age-check', { dialog: { reopen: open } }),
    ).toEqual([]);
    // Esc: not sold, the cart as it was.
    await page.keyboard.press('Escape');
    await page.getByTestId('age-check-dialog').waitFor({ state: 'detached' });
    expect(await page.getByTestId('cart-line').count()).toBe(0);
  });

  it('the held carts (F11), each with its time and total', async () => {
    const { page } = till;
    // Two carts held with F3 (the first with several names, which share one line), a third started.
    await scanCart(page, [COLA, GREEN_TEA, CHIPS, BENTO]);
    await page.keyboard.press('F3');
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(0);
    await scanCart(page, [GREEN_TEA]);
    await page.keyboard.press('F3');
    await expect.poll(() => textOf(page, 'held-count')).toBe('(2)');
    await scanCart(page, [COLA]);
    const open = async () => {
      await page.keyboard.press('F11');
      await page.getByTestId('held-carts-dialog').waitFor();
    };
    await open();
    expect(await page.getByTestId('held-cart-total').allTextContents()).toEqual(['NT$178', 'NT$25']);
    expect(await textOf(page, 'held-carts')).toMatch(/\d{2}:\d{2}:\d{2}/);
    expect(
      await checkEverySize(page, 'held-carts-dialog', 'dialog-held-carts', { dialog: { reopen: open } }),
    ).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('held-carts-dialog').waitFor({ state: 'detached' });
    expect(await textOf(page, 'cart-total')).toBe('NT$35');
    // The sell screen with carts held: 取單 (2) / Recall (2) stays on one line at both widths.
    const lines: string[] = [];
    for (const width of [1024, 1366]) {
      await page.setViewportSize({ width, height: 768 });
      for (const language of ['zh', 'en']) {
        await page.getByTestId('language-toggle').click();
        lines.push(`${width} ${language === 'zh' ? 'en' : 'zh'}: ${await labelLines(page, 'recall-cart')}`);
      }
    }
    await page.setViewportSize({ width: 1024, height: 768 });
    expect(lines).toEqual(['1024 en: 1', '1024 zh: 1', '1366 en: 1', '1366 zh: 1']);
  });

  it('the reprint dialog (補印) from the result screen, with its missing-field message', async () => {
    const { page } = till;
    await checkOut(page);
    expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('issued');
    const open = async () => {
      await page.getByTestId('result-reprint').click();
      await page.getByTestId('reprint-dialog').waitFor();
      await page.getByTestId('reprint-confirm').click();
      await page.getByTestId('reprint-error').waitFor();
    };
    await open();
    expect(await textOf(page, 'reprint-error')).toBe('請輸入經手人');
    expect(
      await checkEverySize(page, 'reprint-dialog', 'dialog-reprint', { dialog: { reopen: open } }),
    ).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('reprint-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('next-sale').click();
    await page.getByTestId('sell-screen').waitFor();
  });

  it('the result screen when the service refuses the invoice, its technical details open', async () => {
    const { page, session } = till;
    await scanCart(page, [BENTO]);
    // The service answers StatusCode 0 (a refusal) to the next request.
    await session.injectFault('status-0');
    await checkOut(page);
    expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('rejected');
    expect(await textOf(page, 'result-screen')).toContain('發票服務拒絕了這筆發票');
    // Support reads the service's own words from the details: open, they must fit too.
    await page.getByTestId('result-detail').locator('summary').click();
    expect(await checkEverySize(page, 'result-screen', 'result-rejected')).toEqual([]);
    // Nothing was issued: the sale is cancelled, and the next one starts empty.
    await page.getByTestId('abandon-sale').click();
    await page.getByTestId('sell-screen').waitFor();
    expect(await page.getByTestId('cart-line').count()).toBe(0);
  });

  it('the result screen when the outcome is unknown (待確認), with the steps to take', async () => {
    const { page, session } = till;
    await scanCart(page, [CHIPS]);
    // The service issues, then the answer is lost on the way: nobody knows whether it issued.
    await session.injectFault('drop-after-commit');
    await checkOut(page);
    expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('needs-verification');
    expect(await textOf(page, 'verify-steps')).toContain('不要重新結帳');
    expect(await checkEverySize(page, 'result-screen', 'result-needs-verification')).toEqual([]);
    await page.getByTestId('next-sale').click();
    await page.getByTestId('sell-screen').waitFor();
  });
});
