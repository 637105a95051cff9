import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import { screenProblems } from './support/layout';
import { horizontalOverflow, scan, SUPERVISOR_PIN, tillForFile } from './support/till-session';

const COLA = '4710088001689';

/**
 * Issue 15, clear on screen: every main screen at both counter sizes (1024×768, 1366×768) and in
 * both languages, with the support/layout.ts checks (nothing wider than its box, no text cut, no
 * word or number broken across lines, the status bar and the header on one line) and a screenshot
 * each (test-results/layout-<screen>-<size>[-en].png).
 */
async function checkEverySize(page: Page, testId: string, name: string): Promise<string[]> {
  const problems: string[] = [];
  for (const [width, height] of [
    [1024, 768],
    [1366, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const language of ['zh', 'en'] as const) {
      if (language === 'en') await page.getByTestId('language-toggle').click();
      await page.getByTestId(testId).waitFor();
      const where = `${name} ${width}×${height} ${language}`;
      if ((await horizontalOverflow(page)) > 0) problems.push(`${where}: the page scrolls sideways`);
      for (const problem of await screenProblems(page, testId)) problems.push(`${where}: ${problem}`);
      await saveScreenshot(page, `layout-${name}-${width}x${height}${language === 'en' ? '-en' : ''}`);
    }
    await page.getByTestId('language-toggle').click();
  }
  await page.setViewportSize({ width: 1024, height: 768 });
  return problems;
}

async function enterPin(page: Page): Promise<void> {
  await page.getByTestId('pin-dialog').waitFor();
  await page.getByTestId('pin-input').fill(SUPERVISOR_PIN);
  await page.getByTestId('pin-confirm').click();
}

describe('every main screen at 1024×768 and 1366×768, in Chinese and English: nothing cut or broken', () => {
  const till = tillForFile('layout-screens');

  it('sell, with a line in the cart', async () => {
    const { page } = till;
    await scan(page, COLA);
    await page.getByTestId('cart-line').waitFor();
    expect(await checkEverySize(page, 'sell-screen', 'sell')).toEqual([]);
  });

  it('checkout', async () => {
    const { page } = till;
    await page.keyboard.press('F10');
    expect(await checkEverySize(page, 'checkout-screen', 'checkout')).toEqual([]);
  });

  it('result', async () => {
    const { page } = till;
    await page.getByTestId('pay-cash').click();
    await page.keyboard.press('F12');
    await page.getByTestId('result-screen').waitFor();
    expect(await checkEverySize(page, 'result-screen', 'result')).toEqual([]);
    await page.getByTestId('next-sale').click();
    await page.getByTestId('sell-screen').waitFor();
  });

  it('journal', async () => {
    const { page } = till;
    await page.getByTestId('nav-journal').click();
    expect(await checkEverySize(page, 'journal-screen', 'journal')).toEqual([]);
  });

  it('returns', async () => {
    const { page } = till;
    await page.getByTestId('nav-returns').click();
    expect(await checkEverySize(page, 'returns-screen', 'returns')).toEqual([]);
  });

  it('closing', async () => {
    const { page } = till;
    await page.getByTestId('nav-closing').click();
    expect(await checkEverySize(page, 'closing-screen', 'closing')).toEqual([]);
  });

  it('settings', async () => {
    const { page } = till;
    await page.getByTestId('nav-settings').click();
    await enterPin(page);
    expect(await checkEverySize(page, 'settings-screen', 'settings')).toEqual([]);
  });
});
