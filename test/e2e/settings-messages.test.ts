import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import type { TestPostgres } from '../support/postgres';
import { startHeadOffice, TILL_PASSWORD, headOfficeSettingsUpdate } from '../integration/head-office/harness';
import { enterPin } from './support/layout';
import { scan, SUPERVISOR_PIN, textOf, tillForFile } from './support/till-session';

/**
 * Issue 24, items 4 and 9, as a supervisor meets them: a bad seller tax ID said by the field's
 * name and in words, and the red message gone once the value is put right and saved; Esc with
 * edits not saved asks first; head office's 立即同步 says it is busy, then how it went; the scale
 * label example of Settings scans, with the sample catalog, as the amount it shows.
 */
describe('settings say what they mean; 立即同步 answers; the scale label example scans as shown', () => {
  let pg: TestPostgres;
  beforeAll(async () => {
    ({ pg } = await startHeadOffice('24549210')); // the training seller: the settings' default
  });
  afterAll(async () => {
    await pg?.close();
  });
  const till = tillForFile('settings-messages', {
    async setUp(session) {
      await session.call('settings.update', headOfficeSettingsUpdate(pg, SUPERVISOR_PIN));
    },
  });

  it('a bad seller tax ID: which field and what is wrong, in Chinese first; gone once put right and saved', async () => {
    const { page } = till;
    await page.getByTestId('nav-settings').click();
    await enterPin(page);
    await page.getByTestId('set-company').fill('12345678');
    await page.keyboard.press('F12');
    await page.getByTestId('settings-error').waitFor();
    expect(await textOf(page, 'settings-error')).toBe(
      '賣方統一編號「12345678」：統一編號檢查碼不正確，請再確認一次',
    );
    await saveScreenshot(page, 'settings-bad-tax-id');
    // Put back as saved, and saved: the red message goes.
    await page.getByTestId('set-company').fill('24549210');
    await page.keyboard.press('F12');
    await page.getByTestId('settings-saved').waitFor();
    expect(await page.getByTestId('settings-error').count()).toBe(0);
    await page.getByTestId('language-toggle').click();
    await page.getByTestId('set-company').fill('12345678');
    await page.keyboard.press('F12');
    expect(await textOf(page, 'settings-error')).toBe(
      'Company tax ID "12345678": The tax ID check digit is wrong: check the number again',
    );
    await page.getByTestId('language-toggle').click();
    await page.getByTestId('set-company').fill('24549210');
  });

  it('Esc with edits not saved asks before throwing them away', async () => {
    const { page, session } = till;
    await page.getByTestId('set-seller').fill('好喝茶飲');
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-leave').waitFor();
    // Esc again keeps editing: the edit is still there.
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-leave').waitFor({ state: 'detached' });
    expect(await page.getByTestId('set-seller').inputValue()).toBe('好喝茶飲');
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-leave-discard').click();
    await page.getByTestId('sell-screen').waitFor();
    expect((await session.call('settings.get', {})).settings.sellerName).toBe('練習商店');
    // Nothing edited: Esc goes straight back.
    await page.getByTestId('nav-settings').click();
    await enterPin(page);
    await page.getByTestId('settings-screen').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('sell-screen').waitFor();
    expect(await page.getByTestId('settings-leave').count()).toBe(0);
  });

  it('立即同步 says it is busy, then how it went, in words', async () => {
    const { page } = till;
    await expect.poll(() => page.getByTestId('status-head-office').getAttribute('data-state')).toBe('synced');
    await page.getByTestId('status-head-office').click();
    await page.getByTestId('head-office-detail').waitFor();
    // The sync's request held until the busy state is seen: the order of events forced.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const asked = new Promise<void>((resolve) => (arrived = resolve));
    await page.route('**/__till/call/headOffice.sync', async (route: Route) => {
      arrived();
      await held;
      await route.continue();
    });
    await page.getByTestId('head-office-sync').click();
    await asked;
    expect(await page.getByTestId('head-office-sync').isDisabled()).toBe(true);
    expect(await textOf(page, 'head-office-sync')).toContain('同步中');
    expect(await page.getByTestId('head-office-sync-result').getAttribute('data-state')).toBe('busy');
    expect(await textOf(page, 'head-office-sync-result')).toBe('正在與總部同步…');
    release();
    await expect
      .poll(() => page.getByTestId('head-office-sync-result').getAttribute('data-state'))
      .toBe('ok');
    expect(await textOf(page, 'head-office-sync-result')).toMatch(
      /^同步完成：總部已收到本機全部紀錄（到 #\d+）。 \(\d{4}-\d\d-\d\d \d\d:\d\d\)$/,
    );
    await page.unroute('**/__till/call/headOffice.sync');
    await saveScreenshot(page, 'head-office-sync-done');
    await page.keyboard.press('Escape');
  });

  it('the scale label example with 0 decimals scans, in the sample catalog, as the amount it shows', async () => {
    const { page } = till;
    await page.getByTestId('nav-settings').click();
    await enterPin(page);
    const card = page.getByTestId('settings-scale-barcode');
    await card.scrollIntoViewIfNeeded();
    await page.getByTestId('scale-enabled').check();
    await page.getByTestId('scale-value').selectOption('price');
    await page.getByTestId('scale-decimals').selectOption('0');
    const example = await textOf(page, 'scale-example');
    const [, label, code, amount] = /^例：(\d{13}) = 品號 (\d+)，金額 ([\d.]+) 元/.exec(example) ?? [];
    expect(label, example).toBeDefined();
    expect(amount).toBe('128');
    await page.getByTestId('scale-save').click();
    await page.getByTestId('scale-saved').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('sell-screen').waitFor();
    await scan(page, label!);
    await page.getByTestId('cart-line').waitFor();
    expect(await textOf(page, 'cart-line')).toContain('台灣芭樂 秤重 每公斤');
    expect(await textOf(page, 'line-amount')).toBe(`NT$${amount}`);
    expect(code).toBe('01234');
  });

  it('a wrong head-office password: tried on save, and what head office answered said', async () => {
    const { page } = till;
    await page.getByTestId('nav-settings').click();
    await enterPin(page);
    await page.getByTestId('secret-headOfficePassword').fill('not-the-password');
    await page.keyboard.press('F12');
    await expect.poll(() => page.getByTestId('settings-hq-answer').getAttribute('data-state')).toBe('failed');
    expect(await textOf(page, 'settings-hq-answer')).toBe(
      '總部連線測試：同步未完成：總部資料庫拒絕登入：帳號或密碼錯誤。未變更任何資料。',
    );
    await saveScreenshot(page, 'settings-hq-wrong-password');
    // The right one: head office answers, and says so.
    await page.getByTestId('secret-headOfficePassword').fill(TILL_PASSWORD);
    await page.keyboard.press('F12');
    await expect.poll(() => page.getByTestId('settings-hq-answer').getAttribute('data-state')).toBe('ok');
    expect(await textOf(page, 'settings-hq-answer')).toMatch(/^總部連線測試：同步完成/);
  });
});
