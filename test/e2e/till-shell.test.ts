import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import { startTillSession, type TillSession } from './support/till-session';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

describe('the till shell in Chromium through the web host', () => {
  // A fresh install: nothing set up through the contract, each test opens its own page.
  let session: TillSession;

  beforeAll(async () => {
    session = await startTillSession('shell', { firstRunDone: false, sample: false });
  });

  afterAll(async () => {
    await session?.close();
  });

  it('shows live status from the main-process core in the status bar', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1024, height: 768 } });
    await page.goto(session.till.host.openUrl);
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
    const page = await session.browser.newPage();
    await page.goto(session.till.host.url);
    // zh-TW first: a fresh page shows the Traditional Chinese message.
    await expect.poll(() => page.getByTestId('status-bar').textContent()).toContain('連線未授權');
    await page.close();
  });
});
