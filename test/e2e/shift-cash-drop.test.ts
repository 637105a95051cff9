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
});
