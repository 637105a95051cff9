import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taipeiBusinessDay } from '../../src/shared/domain';
import { saveScreenshot } from '../support/chromium';
import type { TestPostgres } from '../support/postgres';
import {
  startHeadOffice,
  TILL_PASSWORD,
  TILL_ROLE,
  headOfficeSettingsUpdate,
} from '../integration/head-office/harness';
import { statusBarProblems } from './support/layout';
import { smallButtons, SUPERVISOR_PIN, textOf, tillForFile } from './support/till-session';

/**
 * Head office in Chromium (issue 17), against a real PostgreSQL the test starts: set through the
 * contract as Settings would, the status bar says synced, unreachable while head office is down
 * (the reason in the detail view) and synced again, on one line at 1024 px in both languages; the
 * closing screen shows the store as head office has it; the Settings card shows the address and
 * that the password is set, never the password.
 */
describe('head office: the status bar, the detail view, the store view', () => {
  let pg: TestPostgres;
  beforeAll(async () => {
    ({ pg } = await startHeadOffice('24549210')); // the training seller: the settings' default
  });
  afterAll(async () => {
    await pg?.close();
  });
  const till = tillForFile('head-office', {
    setUp: async (session) => {
      await session.call('settings.update', headOfficeSettingsUpdate(pg, SUPERVISOR_PIN));
      await session.call('checkout.submit', {
        lines: [{ name: '招牌排骨便當', quantity: 1, unitPrice: 79, taxType: 'taxable' }],
        payments: [{ method: 'cash', amount: 100 }],
        invoice: { kind: 'paper' },
      });
      await session.call('headOffice.sync', {});
    },
  });

  it('says synced on one line at 1024 px, in both languages', async () => {
    const { page } = till;
    await expect.poll(() => page.getByTestId('status-head-office').getAttribute('data-state')).toBe('synced');
    expect(await textOf(page, 'status-head-office')).toBe('總部：已同步');
    expect(await statusBarProblems(page)).toEqual([]);
    await page.getByTestId('language-toggle').click();
    expect(await textOf(page, 'status-head-office')).toBe('Head office: synced');
    expect(await statusBarProblems(page)).toEqual([]);
    await page.getByTestId('language-toggle').click();
  });

  it('says unreachable while head office is down, with the reason in the detail view, then synced', async () => {
    const { page, session } = till;
    await pg.stop('fast');
    try {
      await session.call('headOffice.sync', {});
      await expect
        .poll(() => page.getByTestId('status-head-office').getAttribute('data-state'))
        .toBe('unreachable');
      expect(await textOf(page, 'status-head-office')).toBe('總部：無法連線');
      expect(await page.getByTestId('status-head-office').getAttribute('title')).toContain('收銀機照常營業');
      await page.getByTestId('language-toggle').click();
      expect(await statusBarProblems(page)).toEqual([]);
      await page.getByTestId('language-toggle').click();
      await page.getByTestId('status-head-office').click();
      await page.getByTestId('head-office-detail').waitFor();
      expect(await textOf(page, 'head-office-reason')).toContain('無法連線到總部資料庫');
      expect(await smallButtons(page)).toEqual([]);
      await saveScreenshot(page, 'head-office-unreachable');
    } finally {
      await pg.start();
    }
    // The detail view's own button: the line follows the pushed status.
    await page.getByTestId('head-office-sync').click();
    await expect.poll(() => textOf(page, 'head-office-state')).toBe('總部：已同步');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('status-head-office').getAttribute('data-state')).toBe('synced');
  });

  it('shows the store from head office below the closing screen’s sections', async () => {
    const { page } = till;
    await page.getByTestId('nav-closing').click();
    await page.getByTestId('closing-screen').waitFor();
    const row = page.getByTestId('store-view-till').first();
    await row.waitFor();
    expect(await row.getAttribute('data-till')).toBe('T01');
    expect(await textOf(page, 'store-view-training')).toMatch(/T01 1 · NT\$79/);
    expect(await textOf(page, 'store-view-training')).toContain('現金');
    // Its place: after the export and the journal check, before the action bar.
    const below = await page.evaluate(() => {
      const store = document.querySelector('[data-testid="store-view"]')!;
      const exportPanel = document.querySelector('[data-testid="export-panel"]')!;
      return Boolean(exportPanel.compareDocumentPosition(store) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(below).toBe(true);
    expect(taipeiBusinessDay(new Date())).toBe(await page.getByTestId('closing-day').inputValue());
    await page.getByTestId('store-view').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'head-office-store-view');
  });

  it('shows the address and that the password is set in Settings, never the password', async () => {
    const { page } = till;
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('pin-dialog').waitFor();
    await page.getByTestId('pin-input').fill(SUPERVISOR_PIN);
    await page.getByTestId('pin-confirm').click();
    await page.getByTestId('settings-head-office').waitFor();
    expect(await page.getByTestId('set-hq-url').inputValue()).toBe(
      `postgres://${TILL_ROLE}@127.0.0.1:${pg.port}/${pg.database}`,
    );
    expect(await page.getByTestId('set-hq-store').inputValue()).toBe('S1');
    expect(await page.getByTestId('set-hq-tls-off').getAttribute('aria-pressed')).toBe('true');
    expect(await textOf(page, 'secret-headOfficePassword-state')).toBe('已設定');
    expect(await page.getByTestId('secret-headOfficePassword').inputValue()).toBe('');
    expect(await page.content()).not.toContain(TILL_PASSWORD);
    expect(await smallButtons(page)).toEqual([]);
  });
});
