import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import { textOf, tillForFile } from './support/till-session';

const PIN = '1357';

describe('first run (training mode) and the supervisor settings', () => {
  const till = tillForFile('settings', { firstRunDone: false, sample: false, firstRun: true });

  it('starts on the first-run screen and sets up a training till with the sample catalog', async () => {
    const { page, session } = till;
    expect(await textOf(page, 'first-run')).toContain('練習模式');
    await page.getByTestId('first-run-seller').fill('');
    await page.getByTestId('first-run-start').click();
    expect(await textOf(page, 'first-run-error')).toBe('請輸入店名（最多 40 字）');

    await page.getByTestId('first-run-seller').fill('阿明商店');
    await page.getByTestId('first-run-till').fill('t02');
    // No PIN and no explicit choice to run without one: refused (main refuses it as well).
    await page.getByTestId('first-run-start').click();
    expect(await textOf(page, 'first-run-error')).toBe('請設定主管 PIN，或勾選「不使用主管 PIN」');
    expect(
      await session.call('settings.update', { patch: { firstRunDone: true } }).catch((e: Error) => e.message),
    ).toContain('pin-not-set');
    await page.getByTestId('first-run-pin').fill(PIN);
    await page.getByTestId('first-run-pin-again').fill('1358');
    await page.getByTestId('first-run-start').click();
    expect(await textOf(page, 'first-run-error')).toBe('兩次輸入的 PIN 不同');
    await page.getByTestId('first-run-pin-again').fill(PIN);
    await saveScreenshot(page, 'first-run');
    await page.getByTestId('first-run-start').click();

    await page.getByTestId('sell-screen').waitFor();
    await expect.poll(() => page.getByTestId('product-tile').count()).toBeGreaterThan(50);
    await expect.poll(() => textOf(page, 'status-till')).toBe('收銀機 T02');
    expect(await textOf(page, 'status-mode')).toBe('練習模式');
    const view = await session.call('settings.get', {});
    expect(view.settings).toMatchObject({
      mode: 'training',
      sellerName: '阿明商店',
      tillId: 'T02',
      firstRunDone: true,
    });
    expect(view.secrets.supervisorPin.set).toBe(true);
    expect(view.pinRequired).toBe(true);
    expect(view.supervisorPin).toBe('set');
    expect(await page.getByTestId('status-no-pin').count()).toBe(0);
  });

  it('opens the settings only with the supervisor PIN', async () => {
    const { page } = till;
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('pin-dialog').waitFor();
    await page.getByTestId('pin-input').fill('0000');
    await page.keyboard.press('Enter');
    expect(await textOf(page, 'pin-error')).toBe('PIN 不正確');
    await page.getByTestId('pin-input').fill(PIN);
    await page.keyboard.press('Enter');
    await page.getByTestId('settings-screen').waitFor();
    expect(await page.getByTestId('set-seller').inputValue()).toBe('阿明商店');
  });

  it('saves keys write-only, and refuses production mode while the service is not configured', async () => {
    const { page, session } = till;
    await page.getByTestId('secret-apiKey').fill('prod-api-key-123');
    await page.getByTestId('settings-save').click();
    // The web host keeps its key on disk (no OS key store): refused until the supervisor accepts it.
    await expect.poll(() => textOf(page, 'settings-error')).toContain('接受不安全的金鑰儲存');
    expect(await besideInView(page, 'settings-error', 'settings-save')).toEqual({
      inView: true,
      sameRow: true,
    });
    expect((await session.call('settings.get', {})).secrets.apiKey.set).toBe(false);
    await page.getByTestId('set-accept-insecure-storage').check();
    await page.getByTestId('settings-save').click();
    await expect.poll(() => textOf(page, 'settings-saved')).toBe('已儲存');
    // Where the button is: in view (the form is scrolled to its secrets, far from its foot) and
    // on the button's row.
    expect(await besideInView(page, 'settings-saved', 'settings-save')).toEqual({
      inView: true,
      sameRow: true,
    });
    await page.getByTestId('insecure-storage-accepted').waitFor();
    expect(await textOf(page, 'secret-apiKey-state')).toBe('已設定');
    expect(await page.getByTestId('secret-apiKey').inputValue()).toBe('');
    expect(await page.content()).not.toContain('prod-api-key-123');
    const view = await session.call('settings.get', {});
    expect(view.secrets.apiKey.set).toBe(true);
    expect(JSON.stringify(view)).not.toContain('prod-api-key-123');

    // The standard API (returns) has its own address and key pair, write-only as well.
    await page.getByTestId('set-standard-url').fill('https://standard.example.com.tw');
    await page.getByTestId('secret-standardApiKey').fill('std-api-key-456');
    await page.getByTestId('secret-standardSigningSecret').fill('std-signing-secret-789');
    await page.getByTestId('settings-save').click();
    await expect.poll(() => textOf(page, 'secret-standardApiKey-state')).toBe('已設定');
    expect(await textOf(page, 'secret-standardSigningSecret-state')).toBe('已設定');
    const standard = await session.call('settings.get', {});
    expect(standard.settings.standardServiceUrl).toBe('https://standard.example.com.tw');
    expect(standard.standardSecrets).toEqual({
      standardApiKey: { set: true },
      standardSigningSecret: { set: true },
    });
    expect(JSON.stringify(standard) + (await page.content())).not.toMatch(
      /std-api-key-456|std-signing-secret-789/,
    );

    await page.getByTestId('set-mode-production').click();
    await page.keyboard.press('F12');
    await expect.poll(() => textOf(page, 'settings-error')).toContain('正式營業模式尚缺');
    expect((await session.call('settings.get', {})).settings.mode).toBe('training');
    await page.getByTestId('set-mode-training').click();
  });

  it('imports a catalog: a bad file is reported by line and changes nothing; a good Big5 file is added', async () => {
    const { page, session } = till;
    const before = await session.call('catalog.categories', {});
    const bad = join(session.dataDir, 'bad.csv');
    writeFileSync(
      bad,
      [
        'code,barcode,name,category,price,taxType',
        'N1,,新品,飲料,30,taxable',
        'N2,4710088001178,壞條碼,飲料,30,taxable',
        'N3,,沒價錢,飲料,,taxable',
      ].join('\n'),
    );
    await page.getByTestId('import-path').fill(bad);
    await page.getByTestId('import-path-button').click();
    await page.getByTestId('import-rejected').waitFor();
    const errors = await page.getByTestId('import-row-errors').locator('li').allInnerTexts();
    expect(errors.map((e) => /^第 \d+ 行/.exec(e)?.[0])).toEqual(['第 3 行', '第 4 行']);
    expect(await textOf(page, 'import-rejected')).toContain('商品資料沒有任何變更');
    expect(await session.call('catalog.categories', {})).toEqual(before);
    await saveScreenshot(page, 'settings-import-rejected');

    // A file picked on the screen, saved by Excel in Big5, merged into the catalog.
    await page.getByTestId('import-merge').click();
    await page.getByTestId('import-file').setInputFiles({
      name: 'new.csv',
      mimeType: 'text/csv',
      buffer: iconv.encode('品號,品名,類別,售價,稅別\r\nN9,鳳梨酥 6入,零食,180,應稅\r\n', 'cp950'),
    });
    await expect.poll(() => textOf(page, 'import-ok')).toContain(`共 ${before.productCount + 1} 項商品`);
    expect((await session.call('catalog.lookup', { code: 'N9' })).product?.name).toBe('鳳梨酥 6入');
  });

  it('prints a test page on the virtual printer and shows it', async () => {
    const { page } = till;
    await page.getByTestId('printer-test').click();
    await expect.poll(() => textOf(page, 'printer-test-result')).toBe('測試頁已印出');
    await page.getByTestId('printer-test-preview').waitFor();
    await page.getByTestId('printer-check').click();
    await expect.poll(() => textOf(page, 'printer-state')).toContain('virtual');
  });

  it('sets the default language to English, and the screen follows', async () => {
    const { page, session } = till;
    await page.getByTestId('set-lang-en').click();
    await page.keyboard.press('F12');
    await expect.poll(() => textOf(page, 'settings-saved')).toBe('Saved');
    expect(await textOf(page, 'status-mode')).toBe('Training');
    expect((await session.call('settings.get', {})).settings.language).toBe('en');
    await saveScreenshot(page, 'settings-en');

    // A new page (a restart) starts in English, and the catalog merge is on the sell screen.
    const again = await session.open();
    expect(await again.getByTestId('to-checkout').innerText()).toContain('Checkout');
    await again.getByTestId('product-search').fill('鳳梨酥');
    await expect.poll(() => again.getByTestId('product-tile').count()).toBe(1);
    await again.close();
  });
});

/** Whether a message is inside the viewport and on the same row as the button it answers. */
async function besideInView(page: Page, messageId: string, buttonId: string) {
  const message = await page.getByTestId(messageId).boundingBox();
  const button = await page.getByTestId(buttonId).boundingBox();
  const viewport = page.viewportSize();
  if (!message || !button || !viewport) return { inView: false, sameRow: false };
  const middle = message.y + message.height / 2;
  return {
    inView: message.y >= 0 && message.y + message.height <= viewport.height && message.x >= 0,
    sameRow: middle >= button.y && middle <= button.y + button.height,
  };
}
