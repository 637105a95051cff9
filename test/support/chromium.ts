import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Debian's Chromium, never a downloaded one; flags that keep it off the network. With real
 * scrollbars: Playwright hides them by default (`--hide-scrollbars`), but a counter PC's classic
 * scrollbars take 17 px, and a layout that fits only without them wraps or cuts at the counter.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    ignoreDefaultArgs: ['--hide-scrollbars'],
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export const artifactsDir = resolve(import.meta.dirname, '../../test-results');

/**
 * Saves a screenshot under test-results/ (kept by CI as an artifact) and returns its path; a name
 * with a slash (`screens/sell-1024x768-zh`) lands in that folder.
 */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const path = join(artifactsDir, `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path, fullPage: true });
  return path;
}
