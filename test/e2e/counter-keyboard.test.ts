import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import { checkEverySize } from './support/layout';
import { scan, SUPERVISOR_PIN, textOf, tillForFile, typeSlowly } from './support/till-session';

const COLA = '4710088001689'; // NT$35
const TAX_ID = '04595252';
const TITLE = '測試股份有限公司';
const CASHIER = { id: 'A01', name: '王小美', pin: '1357' };

/** What has the focus: its test id (BODY when nothing has it, which must not happen here). */
const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

/**
 * Issue 24, item 7: the keyboard gaps a training day found. A cashier signed in with no shift
 * open; each step by keys alone, as at a counter.
 */
describe('keyboard at the counter: shift counts, no-shift banner, Enter pays, 改開 F6 and the PIN', () => {
  const till = tillForFile('counter-keyboard', {
    setUp: async (session) => {
      await session.call('cashiers.save', {
        cashier: { id: CASHIER.id, name: CASHIER.name, pin: CASHIER.pin, active: true, supervisor: false },
        pin: SUPERVISOR_PIN,
      });
      await session.call('session.signIn', { cashierId: CASHIER.id, pin: CASHIER.pin });
    },
  });

  it('says on the sell screen, before the first line, that no shift is open, with the way to open one', async () => {
    const { page } = till;
    await page.getByTestId('sell-no-shift').waitFor();
    expect(await textOf(page, 'sell-no-shift')).toBe('尚未開班：開班點算零用金後才能結帳。 前往開班');
    expect(await page.getByTestId('cart-line').count()).toBe(0);
    expect(await checkEverySize(page, 'sell-screen', 'sell-no-shift')).toEqual([]);
    await saveScreenshot(page, 'counter-sell-no-shift');
    await page.getByTestId('language-toggle').click();
    expect(await textOf(page, 'sell-no-shift')).toContain('No shift is open');
    await page.getByTestId('language-toggle').click();
    await page.getByTestId('sell-open-shift').click();
    await page.getByTestId('shift-screen').waitFor();
    expect(await page.getByTestId('shift-screen').getAttribute('data-view')).toBe('open');
  });

  it('opens the shift by typing the counts at once: the first row has the focus, Enter moves down', async () => {
    const { page, session } = till;
    await expect.poll(() => focused(page)).toBe('count-1000');
    await page.keyboard.type('1');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('count-500');
    await page.keyboard.type('2');
    expect(await textOf(page, 'float-count-total')).toBe('NT$2,000');
    await page.keyboard.press('F12');
    await page.getByTestId('sell-screen').waitFor();
    expect((await session.call('session.current', {})).shift).toMatchObject({
      state: 'open',
      openedBy: CASHIER.name,
    });
    // The shift is open: the banner is gone.
    await page.getByTestId('product-tile').first().waitFor();
    expect(await page.getByTestId('sell-no-shift').count()).toBe(0);
  });

  it('pays with Enter in the cash field once the amount covers the total (not before)', async () => {
    const { page } = till;
    await scan(page, COLA);
    await page.getByTestId('cart-line').waitFor();
    await page.keyboard.press('F10');
    await page.getByTestId('checkout-screen').waitFor();
    await expect.poll(() => focused(page)).toBe('cash-tendered');
    await page.keyboard.type('20');
    await page.keyboard.press('Enter');
    // NT$20 does not cover NT$35: still on the checkout, the shortfall said.
    expect(await page.getByTestId('checkout-screen').count()).toBe(1);
    expect(await textOf(page, 'due')).toBe('NT$15');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('100');
    await page.keyboard.press('Enter');
    await page.getByTestId('result-screen').waitFor();
    expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('issued');
  });

  it('改開: F6 puts the cursor in the tax ID, and the PIN goes into the PIN dialog, never into 經手人', async () => {
    const { page, session } = till;
    const orderNo = await textOf(page, 'result-order');
    const invoice = await textOf(page, 'invoice-number');
    await page.getByTestId('next-sale').click();
    await page.getByTestId('nav-journal').click();
    await page.locator(`[data-testid="journal-row"][data-order="${orderNo}"]`).click();
    await page.getByTestId('detail-return').click();
    await page.getByTestId('returns-sale').waitFor();
    expect(await textOf(page, 'returns-invoice')).toBe(invoice);
    await expect.poll(() => page.getByTestId('returns-plan').getAttribute('data-kind')).toBe('void');

    await page.keyboard.press('F6');
    await page.getByTestId('reissue-panel').waitFor();
    const byBefore = await page.getByTestId('returns-by').inputValue();
    await page.keyboard.press('F6');
    await expect.poll(() => focused(page)).toBe('tax-id');
    await page.keyboard.type(TAX_ID);
    expect(await page.getByTestId('tax-id').inputValue()).toBe(TAX_ID);
    // F12 without the title: the cursor goes to the title (what is missing), no PIN dialog.
    await page.keyboard.press('F12');
    expect(await focused(page)).toBe('buyer-title');
    expect(await page.getByTestId('pin-dialog').count()).toBe(0);
    await page.keyboard.type(TITLE);
    await page.keyboard.press('F12');
    await page.getByTestId('pin-dialog').waitFor();
    await expect.poll(() => focused(page)).toBe('pin-input');
    // A person's keys (a burst ending in Enter would be a scanner's).
    await typeSlowly(page, SUPERVISOR_PIN);
    expect(await page.getByTestId('pin-input').inputValue()).toBe(SUPERVISOR_PIN);
    expect(await page.getByTestId('returns-by').inputValue()).toBe(byBefore);
    await page.keyboard.press('Enter');
    await page.getByTestId('returns-outcome').waitFor();
    expect(await page.getByTestId('returns-outcome').getAttribute('data-state')).toBe('done');
    const newOrder = await textOf(page, 'reissue-order');
    const reissued = (await session.call('journal.get', { orderNo: newOrder }))!.transaction;
    expect(reissued.invoice).toMatchObject({ kind: 'business', buyerTaxId: TAX_ID, buyerTitle: TITLE });
    // Who did it is the signed-in cashier, with no PIN digits in it.
    const found = await session.call('returns.find', { by: 'order', orderNo });
    expect(found.matches[0]!.voidState).toBe('voided');
  });

  it('closes the shift by typing the blind count at once: the first row has the focus', async () => {
    const { page } = till;
    await page.getByTestId('nav-shift').click();
    await page.getByTestId('shift-screen').waitFor();
    await page.keyboard.press('F9');
    await page.locator('[data-testid="shift-screen"][data-view="count"]').waitFor();
    await expect.poll(() => focused(page)).toBe('count-1000');
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('count-500');
    expect(await textOf(page, 'close-count-total')).toBe('NT$2,000');
    await saveScreenshot(page, 'counter-close-count-focus');
  });
});
