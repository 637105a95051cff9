import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTillWebHost } from '../../src/web-host/start';
import { launchChromium, saveScreenshot } from '../support/chromium';
import { makeTempDir } from '../support/temp-dir';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

describe('the till shell in Chromium through the web host', () => {
  const temp = makeTempDir('e2e-shell');
  let till: Awaited<ReturnType<typeof startTillWebHost>>;
  let browser: Browser;

  beforeAll(async () => {
    till = await startTillWebHost({ dataDir: temp.dir, logger: silent });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await till?.close();
    temp.remove();
  });

  it('shows live status from the main-process core in the status bar', async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    await page.goto(till.host.openUrl);
    const bar = page.getByTestId('status-bar');
    await expect.poll(() => bar.textContent()).toContain('T01');
    expect(await page.getByTestId('status-mode').textContent()).toBe('練習模式');
    expect(await page.getByTestId('status-version').textContent()).toContain(`v${pkg.version}`);
    // The token left the address bar once the page stored it.
    expect(page.url()).not.toContain('token=');
    await saveScreenshot(page, 'till-shell');

    // The status is live: a settings change in the core shows after a refresh from the core.
    // The header's language switch (the first-run screen has an English button of its own).
    await page.getByTestId('language-toggle').click();
    expect(await page.getByTestId('status-mode').textContent()).toBe('Training');
    await page.close();
  });

  it('refuses a page without the token', async () => {
    const page = await browser.newPage();
    await page.goto(till.host.url);
    // zh-TW first: a fresh page shows the Traditional Chinese message.
    await expect.poll(() => page.getByTestId('status-bar').textContent()).toContain('連線未授權');
    await page.close();
  });
});

const silent = { info() {}, warn() {}, error() {} };
