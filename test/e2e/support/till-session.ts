import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { PROVIDER_VARIANT_IDS, type ProviderVariantId } from '../../../src/provider/variants';
import type { MethodInput, MethodName, MethodOutput } from '../../../src/shared/ipc/contract';
import { startTillWebHost } from '../../../src/web-host/start';
import { launchChromium, saveScreenshot } from '../../support/chromium';
import { makeTempDir } from '../../support/temp-dir';

/**
 * One till for one e2e file: the real core (catalog, journal, checkout engine, the training
 * service, the virtual printer) behind the web host, and Debian's Chromium. Setup that is not
 * what a test is about (first run done, the sample catalog) goes straight through the contract.
 */
export interface TillSession {
  till: Awaited<ReturnType<typeof startTillWebHost>>;
  browser: Browser;
  dataDir: string;
  call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
  /** A page at 1024×768 (the smallest counter screen) with the till loaded and the sell screen shown. */
  open(options?: { width?: number; height?: number; firstRun?: boolean }): Promise<Page>;
  /** The training service's verification channel: make the next POS requests misbehave. */
  injectFault(kind: string, count?: number, ms?: number): Promise<void>;
  close(): Promise<void>;
}

const silentLogger = { info() {}, warn() {}, error() {} };

/** The supervisor PIN every session sets up (first run cannot finish without one). */
export const SUPERVISOR_PIN = '2468';

export interface TillSessionOptions {
  /** Default true: the first-run setup is done, the sell screen comes up. */
  firstRunDone?: boolean;
  /** Default true: the sample catalog is loaded. */
  sample?: boolean;
  /**
   * The provider variant (the `providerVariant` setting): the training service speaks it, the
   * till signs and reads it. SystemLead's segment group takes 2 characters: its till is `T1`.
   */
  variant?: ProviderVariantId;
}

/** The variants the e2e suite runs its representative sales in (CI runs both). */
export const E2E_VARIANTS: readonly ProviderVariantId[] = PROVIDER_VARIANT_IDS;

export async function startTillSession(name: string, options: TillSessionOptions = {}): Promise<TillSession> {
  const temp = makeTempDir(`e2e-${name}`);
  const till = await startTillWebHost({ dataDir: temp.dir, logger: silentLogger });
  const browser = await launchChromium();
  const call: TillSession['call'] = async (method, input) => {
    const result = await till.core.dispatch(method, input, { host: 'web' });
    if (!result.ok) throw new Error(`${method}: ${JSON.stringify(result.error)}`);
    return result.value as never;
  };
  if (options.firstRunDone ?? true) {
    await call('settings.setPin', { newPin: SUPERVISOR_PIN });
    await call('settings.update', { patch: { firstRunDone: true }, pin: SUPERVISOR_PIN });
  }
  if (options.sample ?? true) await call('catalog.loadSample', { pin: SUPERVISOR_PIN });
  if (options.variant && options.variant !== 'profile') {
    // Through Settings, as a store would: the training service restarts in that dialect.
    await call('settings.update', {
      patch: { providerVariant: options.variant, tillId: options.variant === 'systemlead' ? 'T1' : 'T01' },
      pin: SUPERVISOR_PIN,
    });
  }

  return {
    till,
    browser,
    dataDir: temp.dir,
    call,
    async open({ width = 1024, height = 768, firstRun = false } = {}) {
      const page = await browser.newPage({ viewport: { width, height } });
      page.on('pageerror', (error) => {
        throw error;
      });
      await page.goto(till.host.openUrl);
      await page.getByTestId(firstRun ? 'first-run' : 'sell-screen').waitFor();
      if (!firstRun) await page.getByTestId('product-tile').first().waitFor();
      return page;
    },
    async injectFault(kind, count = 1, ms) {
      // The core holds the random admin token of its training service's start.
      const channel = await till.core.trainingAdmin();
      if (!channel) throw new Error('no training service');
      const response = await fetch(new URL('/_admin/faults', channel.url), {
        method: 'POST',
        headers: { authorization: `Bearer ${channel.adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ kind, count, ...(ms === undefined ? {} : { ms }) }),
      });
      if (!response.ok) throw new Error(`fault ${kind}: HTTP ${response.status} ${await response.text()}`);
    },
    async close() {
      await browser.close();
      await till.close();
      temp.remove();
    },
  };
}

const cdpSessions = new WeakMap<Page, CDPSession>();

const keyInfo = (char: string): { code: string; keyCode: number } => {
  if (/\d/.test(char)) return { code: `Digit${char}`, keyCode: char.charCodeAt(0) };
  if (/[a-z]/i.test(char))
    return { code: `Key${char.toUpperCase()}`, keyCode: char.toUpperCase().charCodeAt(0) };
  const oem: Record<string, [string, number]> = {
    '/': ['Slash', 191],
    '+': ['Equal', 187],
    '-': ['Minus', 189],
    '.': ['Period', 190],
  };
  const [code, keyCode] = oem[char] ?? ['Unidentified', 0];
  return { code, keyCode };
};

/**
 * A barcode scanner (keyboard wedge): real, trusted key events, `gapMs` apart by their event
 * time stamps, then Enter. The time stamps are set through the DevTools protocol, so the burst
 * looks the same to the page however busy this machine is.
 */
export async function scan(page: Page, code: string, gapMs = 4): Promise<void> {
  let cdp = cdpSessions.get(page);
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    cdpSessions.set(page, cdp);
  }
  const session = cdp;
  const start = Date.now() / 1000;
  const sends: Promise<unknown>[] = [];
  [...code, '\r'].forEach((char, i) => {
    const timestamp = start + (i * gapMs) / 1000;
    const enter = char === '\r';
    const { code: keyCode, keyCode: windowsVirtualKeyCode } = enter
      ? { code: 'Enter', keyCode: 13 }
      : keyInfo(char);
    const key = enter ? 'Enter' : char;
    sends.push(
      session.send('Input.dispatchKeyEvent', {
        type: 'keyDown',
        key,
        code: keyCode,
        text: char,
        windowsVirtualKeyCode,
        timestamp,
      }),
      session.send('Input.dispatchKeyEvent', {
        type: 'keyUp',
        key,
        code: keyCode,
        windowsVirtualKeyCode,
        timestamp: timestamp + 0.001,
      }),
    );
  });
  await Promise.all(sends);
}

/** A person typing: at least `gapMs` between keys (more when the machine is busy: still a person). */
export async function typeSlowly(page: Page, text: string, gapMs = 120): Promise<void> {
  await page.keyboard.type(text, { delay: gapMs });
}

/** The buttons shown on the page that are smaller than a finger (44 px) either way. */
export function smallButtons(page: Page): Promise<Array<{ text: string; width: number; height: number }>> {
  return page.evaluate(() =>
    [...document.querySelectorAll('button')]
      .filter((b) => b.offsetParent !== null)
      .map(
        (b) =>
          ({ text: b.textContent, ...b.getBoundingClientRect().toJSON() }) as {
            text: string;
            width: number;
            height: number;
          },
      )
      .filter((r) => r.width < 44 || r.height < 44),
  );
}

/** How far the page scrolls sideways (0 or less: it fits the window). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The text a person sees (as laid out: cells apart), in one line, for assertions a person would make. */
export async function textOf(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).innerText()).replace(/\s+/g, ' ').trim();
}

/**
 * The hooks of an e2e file whose tests share one till and one page, in the order they run: the
 * till starts, `setUp` runs (setup through the contract that the page must find done), the page
 * opens; a failed test leaves a screenshot; the till closes after the last test. The tests read
 * `session` and `page` from the answer once they run.
 */
export function tillForFile(
  name: string,
  options: TillSessionOptions & {
    /** The page opens on the first-run screen (with firstRunDone: false). */
    firstRun?: boolean;
    setUp?(session: TillSession): Promise<void>;
  } = {},
): { readonly session: TillSession; readonly page: Page } {
  let session: TillSession | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    session = await startTillSession(name, options);
    await options.setUp?.(session);
    page = await session.open({ firstRun: options.firstRun });
  });
  afterEach((context) => screenshotIfFailed(page, context));
  afterAll(async () => {
    await session?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error(`e2e ${name}: the till is not started (read it inside a test)`);
    return value;
  };
  return {
    get session() {
      return started(session);
    },
    get page() {
      return started(page);
    },
  };
}

/** Keeps a screenshot of the page as it was when a test failed (test-results/failed-<name>.png). */
async function screenshotIfFailed(
  page: Page | undefined,
  context: { task: { name: string; result?: { state?: string } } },
): Promise<void> {
  if (!page || context.task.result?.state !== 'fail') return;
  const name = context.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  await saveScreenshot(page, `failed-${name}`).catch(() => undefined);
}
