import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { scan, SUPERVISOR_PIN, textOf, tillForFile } from './support/till-session';

const COLA = '4710088001689'; // 可口可樂 NT$35
const CASHIER = { id: 'A01', name: '王小美', pin: '1357' };

/** How many "not found" beeps the page has made (support/beep.ts counts them on <html>). */
const errorBeeps = (page: Page) =>
  page.evaluate(() => Number(document.documentElement.dataset.errorBeeps ?? 0));

/**
 * Keys as fast as a barcode scanner sends them, ending in Enter: a person who knows the PIN (or
 * an amount) by heart types it that fast. `scan` gives the key events scanner-rate time stamps
 * through the DevTools protocol, so the burst is the same however busy this machine is.
 */
const typeAtScannerSpeed = (page: Page, text: string) => scan(page, text);

/**
 * Issue 24: a cash drop (中途收大鈔) at the counter, 1024×768, with Chromium's real scrollbars;
 * and the scanner's keys taken as a scan only where a scan belongs: a supervisor PIN or an amount
 * typed quickly into a dialog's field stays there.
 */
describe('a cash drop with the supervisor PIN, and fast typing in a dialog that is no scan', () => {
  const till = tillForFile('shift-cash-drop', {
    async setUp(session) {
      await session.call('cashiers.save', {
        cashier: { ...CASHIER, active: true, supervisor: false },
        pin: SUPERVISOR_PIN,
      });
      await session.call('session.signIn', { cashierId: CASHIER.id, pin: CASHIER.pin });
      await session.call('shift.open', { float: { '1000': 1 }, takeOver: false });
      // NT$15,000 of cash in the drawer besides the float: expected NT$16,000.
      const sale = await session.call('checkout.submit', {
        lines: [{ name: '禮盒', quantity: 3, unitPrice: 5000, taxType: 'taxable' }],
        payments: [{ method: 'cash', amount: 15_000 }],
        invoice: { kind: 'paper' },
      });
      if (sale.state !== 'issued') throw new Error(`the setup sale is ${sale.state}`);
    },
  });

  it('a supervisor PIN typed at scanner speed opens Settings; it is not a scan on the sell screen', async () => {
    const { page } = till;
    const beeps = await errorBeeps(page);
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('pin-dialog').waitFor();
    await typeAtScannerSpeed(page, SUPERVISOR_PIN);
    await page.getByTestId('settings-screen').waitFor();
    expect(await page.getByTestId('pin-dialog').count()).toBe(0);
    expect(await errorBeeps(page)).toBe(beeps);
    await page.getByTestId('nav-sell').click();
    await page.getByTestId('sell-screen').waitFor();
    expect(await page.getByTestId('sell-notice').count()).toBe(0);
  });

  it('a scan while the quantity dialog is open still closes it and adds the product', async () => {
    const { page } = till;
    await scan(page, COLA);
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);
    await page.keyboard.press('F4');
    await page.getByTestId('quantity-dialog').waitFor();
    await scan(page, COLA);
    await page.getByTestId('quantity-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => textOf(page, 'cart-total')).toBe('NT$70');
    await page.keyboard.press('F3'); // hold the cart: the counter is empty for what follows
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(0);
  });

  it('F5 on the shift screen: the amount and Enter, the supervisor PIN and Enter; more than the drawer holds is refused in words', async () => {
    const { page } = till;
    await page.getByTestId('nav-shift').click();
    await expect.poll(() => page.getByTestId('shift-screen').getAttribute('data-view')).toBe('overview');
    expect(await textOf(page, 'shift-cash-drop')).toContain('中途收大鈔');
    await page.keyboard.press('F5');
    await page.getByTestId('movement-dialog').waitFor();
    expect(await page.getByTestId('movement-dialog').getAttribute('aria-label')).toBe('中途收大鈔');
    // The usual reason is there already: the amount and Enter are all a drop needs.
    expect(await page.getByTestId('movement-reason').inputValue()).toBe('存入保險箱');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'movement-amount',
    );
    await typeAtScannerSpeed(page, '20000');
    expect(await page.getByTestId('movement-amount').inputValue()).toBe('20000');
    await page.getByTestId('pin-dialog').waitFor();
    // The PIN has the cursor (the approver's name beside it is optional).
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('pin-input');
    await typeAtScannerSpeed(page, SUPERVISOR_PIN);
    await page.getByTestId('movement-error').waitFor();
    expect(await textOf(page, 'movement-error')).toContain('中途收大鈔 NT$20,000 超過錢櫃應有的現金，未記錄');
    // Blind count: the refusal never tells the cashier what the drawer should hold (NT$16,000).
    expect(await textOf(page, 'movement-error')).not.toContain('16,000');
    expect(await page.getByTestId('pin-dialog').count()).toBe(0);
    expect(await page.getByTestId('shift-notice').count()).toBe(0);

    await page.getByTestId('movement-amount').selectText();
    await typeAtScannerSpeed(page, '10000');
    await page.getByTestId('pin-dialog').waitFor();
    await typeAtScannerSpeed(page, SUPERVISOR_PIN);
    await page.getByTestId('movement-dialog').waitFor({ state: 'detached' });
    expect(await textOf(page, 'shift-notice')).toBe('中途收大鈔 NT$10,000 已記錄，錢櫃已開啟。');
  });

  it('the X report shows the drop apart, and the expected cash after it', async () => {
    const { page } = till;
    await page.keyboard.press('F8');
    await page.getByTestId('pin-dialog').waitFor();
    await typeAtScannerSpeed(page, SUPERVISOR_PIN);
    await page.getByTestId('x-report').waitFor();
    const figures = page.getByTestId('x-report-figures');
    expect(await figures.getByTestId('figure-cash-drops').innerText()).toBe('-NT$10,000');
    expect(await figures.getByTestId('figure-expected-cash').innerText()).toBe('NT$6,000');
    await page.keyboard.press('Escape');
    await page.getByTestId('x-report').waitFor({ state: 'detached' });
  });

  it('the shift closes even on NT$6,000 counted; its figures and the Z report name the drop, in both languages', async () => {
    const { page } = till;
    await page.keyboard.press('F9');
    await page.getByTestId('count-1000').focus();
    await page.keyboard.type('6');
    await page.keyboard.press('F12');
    await page.getByTestId('count-confirm-ok').click();
    await expect.poll(() => page.getByTestId('shift-screen').getAttribute('data-view')).toBe('result');
    expect(await textOf(page, 'shift-verdict')).toContain('相符');
    const figures = page.getByTestId('shift-figures');
    expect(await figures.getByTestId('figure-cash-drops').innerText()).toBe('-NT$10,000');
    expect(await figures.getByTestId('figure-expected-cash').innerText()).toBe('NT$6,000');
    expect(await textOf(page, 'shift-figures')).toContain('中途收大鈔 -NT$10,000');
    await page.getByTestId('language-toggle').click();
    expect(await textOf(page, 'shift-figures')).toContain('Cash drops -NT$10,000');
    await page.getByTestId('language-toggle').click();
    await page.getByTestId('shift-done').click();

    await page.getByTestId('nav-closing').click();
    await page.getByTestId('z-report').click();
    await page.getByTestId('pin-dialog').waitFor();
    await typeAtScannerSpeed(page, SUPERVISOR_PIN);
    await page.getByTestId('z-report-view').waitFor();
    const z = page.getByTestId('z-report-figures');
    expect(await z.getByTestId('figure-cash-drops').innerText()).toBe('-NT$10,000');
    expect(await z.getByTestId('figure-expected-cash').innerText()).toBe('NT$6,000');
  });
});
