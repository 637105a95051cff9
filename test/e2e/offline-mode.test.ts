import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import {
  horizontalOverflow,
  scan,
  smallButtons,
  SUPERVISOR_PIN,
  textOf,
  tillForFile,
} from './support/till-session';

const COLA = '4710088001689';
/** Longer than the test: the outage ends when the test says so (the service's `reachable`). */
const A_DAY_MS = 86_400_000;

/** One cash sale of a cola, paid exactly (F10, F12), to its result screen. */
async function sell(page: Page): Promise<string | null> {
  await scan(page, COLA);
  await page.getByTestId('cart-line').waitFor();
  await page.keyboard.press('F10');
  await page.keyboard.press('F12');
  await page.getByTestId('result-screen').waitFor();
  return page.getByTestId('result-screen').getAttribute('data-state');
}

async function nextSale(page: Page): Promise<void> {
  await page.getByTestId('next-sale').click();
  await page.getByTestId('sell-screen').waitFor();
}

/**
 * Issue 27 at the counter, in Chromium at 1024×768 with real scrollbars: the training service
 * stops answering (its `unreachable` fault, connections refused), the sales that never reached it
 * are issued offline with the till's own numbers and a proof, the till switches to offline mode
 * by itself and says so; the service comes back, the till returns online by itself and the
 * offline invoices upload (the status bar's count goes to 0).
 */
describe('offline mode at the counter', () => {
  const till = tillForFile('offline-mode', {
    async setUp(session) {
      await session.call('settings.update', { patch: { invoiceModeGroup: 'OFF01' }, pin: SUPERVISOR_PIN });
    },
  });

  it('a supervisor tops up the offline numbers in Settings; the status bar shows them', async () => {
    const { page } = till;
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('pin-dialog').waitFor();
    await page.getByTestId('pin-input').fill(SUPERVISOR_PIN);
    await page.getByTestId('pin-confirm').click();
    await page.getByTestId('settings-invoice-mode').waitFor();
    expect(await page.getByTestId('set-invoice-mode-group').inputValue()).toBe('OFF01');
    await page.getByTestId('invoice-mode-top-up').click();
    await page.getByTestId('invoice-mode-top-up-answer').waitFor();
    expect(await textOf(page, 'invoice-mode-top-up-answer')).toBe('已補充：離線號碼 剩 50');
    await page.locator('[data-testid="status-offline-numbers"][data-left="50"]').waitFor();
    expect(await textOf(page, 'status-offline-numbers')).toBe('離線號碼 剩 50');
    expect(await horizontalOverflow(page)).toBe(0);
    await page.getByTestId('settings-invoice-mode').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'settings-invoice-mode');
    await page.keyboard.press('Escape');
    await page.getByTestId('sell-screen').waitFor();
  });

  it('the service refuses connections: sales are issued offline with a proof, and the till says it is issuing offline', async () => {
    const { page, session } = till;
    await session.injectFault('unreachable', 1, A_DAY_MS);
    // The first sale never reached the service: issued with the till's own number, a proof printed.
    expect(await sell(page)).toBe('issued');
    expect(await textOf(page, 'result-offline')).toBe('離線開立 · 待上傳');
    expect(await textOf(page, 'result-offline-message')).toContain('已離線開立發票');
    await page.getByTestId('print-preview').waitFor();
    await nextSale(page);
    // The second in a row: the till switches to offline mode by itself, and says so calmly.
    expect(await sell(page)).toBe('issued');
    await page.getByTestId('status-offline-mode').waitFor();
    expect(await textOf(page, 'status-offline-mode')).toBe('離線開立中');
    await nextSale(page);
    const notice = page.getByTestId('sell-invoice-mode');
    await notice.waitFor();
    expect(await notice.getAttribute('data-mode')).toBe('offline');
    expect(await textOf(page, 'sell-invoice-mode')).toContain('已改為離線開立');
    // In offline mode nothing is sent: the next sale is issued offline at once, with its proof.
    expect(await sell(page)).toBe('issued');
    expect(await textOf(page, 'result-offline')).toBe('離線開立 · 待上傳');
    await page.getByTestId('print-preview').waitFor();
    await page.locator('[data-testid="status-offline-uploads"][data-waiting="3"]').waitFor();
    expect(await textOf(page, 'status-offline-uploads')).toBe('待上傳 3');
    expect(await textOf(page, 'status-offline-numbers')).toBe('離線號碼 剩 47');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await smallButtons(page)).toEqual([]);
    await saveScreenshot(page, 'result-issued-offline');
    await nextSale(page);
    expect(await horizontalOverflow(page)).toBe(0);
    await saveScreenshot(page, 'sell-offline-mode');
  });

  it('the service answers again: the till returns online by itself and the offline invoices upload', async () => {
    const { page, session } = till;
    const channel = await session.till.core.trainingAdmin();
    await channel!.reachable!();
    // The probe finds the service, the upload follows at once: nothing waits any more.
    await page.getByTestId('status-offline-mode').waitFor({ state: 'detached', timeout: 60_000 });
    await page
      .locator('[data-testid="status-offline-numbers"][data-waiting="0"]')
      .waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('status-offline-uploads').count()).toBe(0);
    const notice = page.getByTestId('sell-invoice-mode');
    expect(await notice.getAttribute('data-mode')).toBe('online');
    expect(await textOf(page, 'sell-invoice-mode')).toContain('離線開立的發票已全部上傳');
    await saveScreenshot(page, 'sell-back-online');
    await page.getByTestId('sell-invoice-mode-dismiss').click();
    await notice.waitFor({ state: 'detached' });
    // The journal: each offline sale is marked 離線開立 · 已上傳.
    await page.getByTestId('nav-journal').click();
    await page.getByTestId('journal-row').first().waitFor();
    const badges = await page.getByTestId('offline-upload').allInnerTexts();
    expect(badges.map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
      '離線開立 · 已上傳',
      '離線開立 · 已上傳',
      '離線開立 · 已上傳',
    ]);
    // And online again, the next sale is the e-invoice service's.
    await page.keyboard.press('Escape');
    await page.getByTestId('sell-screen').waitFor();
    expect(await sell(page)).toBe('issued');
    expect(await page.getByTestId('result-offline').count()).toBe(0);
  });
});
