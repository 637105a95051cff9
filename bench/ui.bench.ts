// The cashier's screens under load, in Debian's Chromium through the web host (the real core):
//   - a 100,000-product catalog imported from CSV (the import itself is timed),
//   - keystroke → the product grid shows that query's results (target: under 50 ms),
//   - scan → the line is in the cart,
//   - a cart growing to 200 lines: time per added line, first lines against the last, frame times,
//   - issue 15: keystrokes and scans in three configurations measured in the same run, side by side:
//     (a) plain, (b) with two held carts, (c) with two held carts and the customer display open
//     (`/customer`, a second page of the same browser), plus the customer display's own lag
//     (scan → the customer page shows the new total) and ratios against last session's figures.
// Each latency is measured inside the page, from the keydown handler to the frame after the DOM
// changed (requestAnimationFrame), so the figures are what the cashier sees, not what CDP sees.
// Benchmarks print; nothing here fails on speed (only on a screen that never shows what it should).
// `SKIP_BUILD=1 npm run bench ui` reuses out/renderer.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, CDPSession, Locator, Page } from 'playwright-core';
import { withCheckDigit } from '../src/shared/domain/catalog-rules';
import type { MethodInput, MethodName, MethodOutput } from '../src/shared/ipc/contract';
import { startTillWebHost } from '../src/web-host/start';
import { launchChromium } from '../test/support/chromium';
import { makeTempDir } from '../test/support/temp-dir';

const PRODUCTS = 100_000;
const KEYSTROKE_TARGET_MS = 50;
const CART_LINES = 200;
const SCANS = 40;
const PIN = '2468';

/**
 * Last session's figures, medians in ms: 2026-11-23 (commit 1cdbe02, this 2-core shared machine),
 * before this file measured the three configurations in one run. Then the held-carts keystrokes
 * were 3 queries (11 keys) on the page that had built the 200-line cart, and the scans used other
 * products; now every configuration types and scans the same. Only for the ratios printed at the end.
 */
const LAST_SESSION = {
  date: '2026-11-23',
  plain: { keystroke: 20, scan: 37 },
  heldCarts: { keystroke: 42, scan: 70 },
} as const;

/** What every configuration types, twice over (one key at a time, 60 ms apart). */
const QUERIES = [
  '統',
  '統一',
  '統一 綠',
  '綠茶',
  '綠茶 600ml',
  '4710',
  '471000012',
  'b0123',
  'b01234',
  '洗髮精 家庭號',
  '國際',
  'zzz',
];
const QUERY_ROUNDS = 2;

const BRANDS = [
  '統一',
  '味全',
  '光泉',
  '義美',
  '黑松',
  '金車',
  '維他露',
  '愛之味',
  '泰山',
  '桂格',
  '旺旺',
  '華元',
  '乖乖',
  '可口可樂',
  '雀巢',
  '伯朗',
  '舒潔',
  '白蘭',
  '花王',
  '獅王',
  '好來',
  '康寧',
  '掬水軒',
  '新東陽',
  '台糖',
];
const ITEMS: [string, string, string][] = [
  ['綠茶', '飲料', 'taxable'],
  ['紅茶', '飲料', 'taxable'],
  ['奶茶', '飲料', 'taxable'],
  ['豆漿', '飲料', 'taxable'],
  ['咖啡', '飲料', 'taxable'],
  ['鮮乳', '飲料', 'taxable'],
  ['洋芋片', '零食', 'taxable'],
  ['蘇打餅乾', '零食', 'taxable'],
  ['米果', '零食', 'taxable'],
  ['巧克力', '零食', 'taxable'],
  ['牛肉麵', '泡麵', 'taxable'],
  ['肉燥麵', '泡麵', 'taxable'],
  ['牙膏', '日用品', 'taxable'],
  ['洗髮精', '日用品', 'taxable'],
  ['衛生紙', '日用品', 'taxable'],
  ['洗碗精', '日用品', 'taxable'],
  ['雞蛋', '生鮮', 'exempt'],
  ['香蕉', '生鮮', 'exempt'],
  ['週刊', '書報', 'exempt'],
  ['國際運費', '服務', 'zero'],
];
const SIZES = ['300ml', '600ml', '1L', '85g', '150g', '5入', '10入', '家庭號', '隨身包', '經濟包'];

interface Generated {
  csv: string;
  barcodes: string[];
}

function generateCatalog(count: number): Generated {
  const rows = ['code,barcode,name,category,price,taxType'];
  const barcodes: string[] = [];
  for (let i = 0; i < count; i++) {
    const brand = BRANDS[i % BRANDS.length]!;
    const [item, category, taxType] = ITEMS[Math.floor(i / BRANDS.length) % ITEMS.length]!;
    const size = SIZES[Math.floor(i / (BRANDS.length * ITEMS.length)) % SIZES.length]!;
    const barcode = withCheckDigit(`471${String(i).padStart(9, '0')}`);
    barcodes.push(barcode);
    rows.push(
      `B${String(i).padStart(6, '0')},${barcode},${brand} ${item} ${size} ${i % 997},${category},${10 + (i % 490)},${taxType}`,
    );
  }
  return { csv: rows.join('\n') + '\n', barcodes };
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const quantile = (values: number[], q: number) => {
  const s = sorted(values);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const median = (values: number[]) => quantile(values, 0.5);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const row = (label: string, values: number[]) =>
  `${label.padEnd(40)} median ${ms(median(values)).padStart(9)}  p95 ${ms(quantile(values, 0.95)).padStart(9)}  max ${ms(Math.max(...values)).padStart(9)}  (n=${values.length})`;

// The in-page probes, as plain script text: tsx would wrap named functions in a helper the page lacks.
const PROBES = `
  // The last key (or IME text: no keydown) before the screen changed: read when the change is seen.
  // Also as wall-clock time, to compare with the customer page (another page, another clock origin).
  const keyAt = () => {
    window.__keyAt = performance.now();
    window.__keyEpoch = Date.now();
  };
  window.addEventListener('keydown', keyAt, true);
  window.addEventListener('beforeinput', keyAt, true);
  const afterFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  const waitFor = (check) => new Promise((resolve) => {
    if (check()) return resolve();
    const observer = new MutationObserver(() => {
      if (check()) { observer.disconnect(); resolve(); }
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  window.__phases = [];
  window.__gridDone = async (query) => {
    await waitFor(() => document.querySelector('[data-testid="product-grid"]')?.getAttribute('data-query') === query);
    const start = window.__keyAt;
    const domAt = performance.now();
    const end = await afterFrame();
    const calls = performance.getEntriesByType('resource').filter((e) => e.name.includes('catalog.search') && e.startTime >= start);
    const last = calls[calls.length - 1];
    if (last) window.__phases.push([last.startTime - start, last.responseEnd - last.startTime, domAt - last.responseEnd, end - domAt, calls.length]);
    performance.clearResourceTimings();
    return end - start;
  };
  window.__cartDone = async (lines) => {
    await waitFor(() => document.querySelectorAll('[data-testid="cart-line"]').length >= lines);
    const start = window.__keyAt;
    const keyEpoch = window.__keyEpoch;
    const total = document.querySelector('[data-testid="cart-total"]')?.textContent ?? '';
    return [(await afterFrame()) - start, keyEpoch, total];
  };
  window.__startFrames = () => {
    window.__frames = [];
    window.__framing = true;
    let last = performance.now();
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (window.__framing) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
  window.__stopFrames = () => {
    window.__framing = false;
    return window.__frames.slice(1);
  };
`;

// The customer page's probe: every total it shows, with the wall-clock time of the frame after it.
const CUSTOMER_PROBES = `
  window.__shown = [];
  let shownText;
  const recordTotal = () => {
    const text = document.querySelector('[data-testid="customer-total"]')?.textContent ?? null;
    if (text === shownText) return;
    shownText = text;
    requestAnimationFrame(() => window.__shown.push([Date.now(), text]));
  };
  new MutationObserver(recordTotal).observe(document.body, { subtree: true, childList: true, characterData: true });
  recordTotal();
`;

const startFrameLog = (page: Page) => page.evaluate('window.__startFrames()');
const stopFrameLog = (page: Page) => page.evaluate('window.__stopFrames()') as Promise<number[]>;
const gridDone = (page: Page, query: string) =>
  page.evaluate(`window.__gridDone(${JSON.stringify(query)})`) as Promise<number>;

/** A scan as the till saw it: key → line shown (ms), the Enter key's wall-clock time, the cart's total then. */
interface ScanSample {
  ms: number;
  keyEpoch: number;
  total: string;
}
const cartDone = async (page: Page, lines: number): Promise<ScanSample> => {
  const [ms, keyEpoch, total] = (await page.evaluate(`window.__cartDone(${lines})`)) as [
    number,
    number,
    string,
  ];
  return { ms, keyEpoch, total };
};
const ntdOf = (text: string) => Number(text.replace(/[^\d-]/g, ''));

/** A scanner burst: trusted keys 4 ms apart by their time stamps, then Enter (as in the e2e tests). */
async function scanBurst(cdp: CDPSession, code: string): Promise<void> {
  const start = Date.now() / 1000;
  const sends: Promise<unknown>[] = [];
  [...code, '\r'].forEach((char, i) => {
    const enter = char === '\r';
    const key = enter ? 'Enter' : char;
    const keyCode = enter ? 13 : char.charCodeAt(0);
    const timestamp = start + (i * 4) / 1000;
    sends.push(
      cdp.send('Input.dispatchKeyEvent', {
        type: 'keyDown',
        key,
        text: char,
        windowsVirtualKeyCode: keyCode,
        timestamp,
      }),
      cdp.send('Input.dispatchKeyEvent', {
        type: 'keyUp',
        key,
        windowsVirtualKeyCode: keyCode,
        timestamp: timestamp + 0.001,
      }),
    );
  });
  await Promise.all(sends);
}

type TillWebHost = Awaited<ReturnType<typeof startTillWebHost>>;

interface BenchEnv {
  browser: Browser;
  till: TillWebHost;
  barcodes: string[];
}

/** One till page with the probes installed, and its CDP session for scanner bursts. */
interface TillPage {
  page: Page;
  cdp: CDPSession;
  search: Locator;
}

async function openTill(env: BenchEnv): Promise<TillPage> {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(env.till.host.openUrl);
  await page.getByTestId('product-tile').first().waitFor();
  await page.evaluate(PROBES);
  const cdp = await page.context().newCDPSession(page);
  return { page, cdp, search: page.getByTestId('product-search') };
}

/** Types each query from an empty search box, one key at a time with a human pause; key → results. */
async function typeQueries(
  { page, search }: TillPage,
  queries: readonly string[],
  rounds = 1,
): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const query of queries) {
      await search.fill('');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="product-grid"]')?.getAttribute('data-query') === '',
      );
      await search.focus();
      let typed = '';
      for (const char of query) {
        typed += char;
        const done = gridDone(page, typed);
        // A person types: one key, and the next only after a human pause.
        await page.keyboard.type(char);
        times.push(await done);
        await page.waitForTimeout(60);
      }
    }
  }
  return times;
}

/** Scans each code (a distinct product each), the next as soon as the last line is shown. */
async function scanCodes({ page, cdp }: TillPage, codes: readonly string[]): Promise<ScanSample[]> {
  const before = await page.getByTestId('cart-line').count();
  const samples: ScanSample[] = [];
  for (const [i, code] of codes.entries()) {
    const done = cartDone(page, before + i + 1);
    await scanBurst(cdp, code);
    samples.push(await done);
  }
  return samples;
}

/** F3: the cart is put aside and the till starts an empty one. */
async function holdCart({ page }: TillPage): Promise<void> {
  await page.keyboard.press('F3');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="cart-line"]').length === 0);
}

/** The 200-line cart as it was built: per line, frames, and keystrokes with it in the cart. */
interface Cart200 {
  perLine: number[];
  frames: number[];
  wallMs: number;
  lines: number;
  total: string;
  keystrokes: number[];
}

/** A configuration to measure: its till page and, in (c), the customer display's page. */
interface Configuration {
  name: string;
  till: TillPage;
  customer: Page | null;
}

/** (a) Plain: a fresh till page, nothing held, no customer display. */
async function plain(env: BenchEnv): Promise<Configuration> {
  return { name: '(a) plain', till: await openTill(env), customer: null };
}

/**
 * (b) Held carts: on a fresh page a 200-line cart is built (timed: the "cart 200" figures) and
 * held (F3), then a 5-line one; both kept in the renderer's store and localStorage.
 */
async function withHeldCarts(env: BenchEnv): Promise<Configuration & { held: string; cart200: Cart200 }> {
  const till = await openTill(env);
  await startFrameLog(till.page);
  const wallStart = performance.now();
  const built = await scanCodes(
    till,
    Array.from({ length: CART_LINES }, (_, i) => env.barcodes[(i * 15_485_863) % PRODUCTS]!),
  );
  const wallMs = performance.now() - wallStart;
  const frames = await stopFrameLog(till.page);
  const lines = await till.page.getByTestId('cart-line').count();
  const total = await till.page.getByTestId('cart-total').innerText();
  // A keystroke with 200 lines in the cart (the cart must not slow the grid down).
  const keystrokes = await typeQueries(till, ['統一', '綠茶 6', 'b0999']);
  await holdCart(till);
  await scanCodes(
    till,
    Array.from({ length: 5 }, (_, i) => env.barcodes[(i * 7_919) % PRODUCTS]!),
  );
  await holdCart(till);
  const held = (await till.page.getByTestId('held-count').innerText()).trim();
  return {
    name: `(b) held carts ${held}`,
    held,
    till,
    customer: null,
    cart200: { perLine: built.map((s) => s.ms), frames, wallMs, lines, total, keystrokes },
  };
}

/** (c) As (b), and the customer display open: `/customer` (same token) in a second page of the browser. */
async function withHeldCartsAndDisplay(env: BenchEnv): Promise<Configuration> {
  const held = await withHeldCarts(env);
  const customer = await env.browser.newPage({ viewport: { width: 1024, height: 600 } });
  await customer.goto(`${env.till.host.url}customer?token=${env.till.host.token}`);
  await customer.getByTestId('customer-display').waitFor();
  await customer.evaluate(CUSTOMER_PROBES);
  return { name: `(c) held carts ${held.held} + customer display`, till: held.till, customer };
}

/** What one configuration measured: the same keys and the same scans in each. */
interface ScreenFigures {
  name: string;
  keystrokes: number[];
  phases: number[][];
  scans: ScanSample[];
}

async function measureScreen(
  config: Configuration,
  scanCodesList: readonly string[],
): Promise<ScreenFigures> {
  const { page, search } = config.till;
  await page.evaluate('window.__phases = []');
  const keystrokes = await typeQueries(config.till, QUERIES, QUERY_ROUNDS);
  const phases = (await page.evaluate('window.__phases')) as number[][];
  await search.fill('');
  const scans = await scanCodes(config.till, scanCodesList);
  return { name: config.name, keystrokes, phases, scans };
}

/**
 * Not timed: after the measured scans the customer page shows the till's total and lines (so its
 * figures are not of a display that never updated); then each scan's lag from the recorded totals:
 * its Enter key → the first frame whose total is at least that scan's (totals only grow here; a
 * burst of scans may be published as one update).
 */
async function customerDisplayLag(config: Configuration, scans: ScanSample[]): Promise<number[]> {
  const customer = config.customer!;
  const total = await config.till.page.getByTestId('cart-total').innerText();
  const lines = await config.till.page.getByTestId('cart-line').count();
  try {
    await customer.waitForFunction(
      ([total, lines]) =>
        document.querySelector('[data-testid="customer-total"]')?.textContent === total &&
        document.querySelectorAll('[data-testid="customer-line"]').length === lines,
      [total, lines] as const,
      { timeout: 10_000 },
    );
  } catch {
    const shown = await customer.getByTestId('customer-display').innerText();
    throw new Error(
      `the customer display never showed the till's ${total} and ${lines} lines; it shows: ${shown}`,
    );
  }
  console.log(
    `customer display check: shows ${total} and ${lines} lines after the measured scans, as the till`,
  );
  // The frame after the last total has been recorded.
  await customer.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
  );
  const shown = (await customer.evaluate('window.__shown')) as [number, string | null][];
  return scans.flatMap((scan) => {
    const seen = shown.find(([, text]) => text !== null && ntdOf(text) >= ntdOf(scan.total));
    return seen ? [seen[0] - scan.keyEpoch] : [];
  });
}

async function closeConfiguration(config: Configuration): Promise<void> {
  await config.customer?.close();
  await config.till.page.close();
}

export default async function bench(): Promise<void> {
  if (!process.env.SKIP_BUILD) {
    console.log('building the renderer (electron-vite build)…');
    execFileSync('npx', ['electron-vite', 'build'], { stdio: 'ignore' });
  }
  const temp = makeTempDir('bench-ui');
  const till = await startTillWebHost({ dataDir: temp.dir, logger: { info() {}, warn() {}, error() {} } });
  const call = async <M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> => {
    const result = await till.core.dispatch(method, input, { host: 'web' });
    if (!result.ok) throw new Error(`${method}: ${JSON.stringify(result.error)}`);
    return result.value as MethodOutput<M>;
  };
  const browser = await launchChromium();
  try {
    // First run needs a supervisor PIN now; imports are a supervisor's act.
    await call('settings.setPin', { newPin: PIN });
    await call('settings.update', { patch: { firstRunDone: true }, pin: PIN });

    // --- the catalog: generate, import, search in main ---
    const generated = generateCatalog(PRODUCTS);
    const file = join(temp.dir, 'catalog-100k.csv');
    writeFileSync(file, generated.csv);
    const importStart = performance.now();
    const imported = await call('catalog.import', {
      source: { kind: 'path', path: file },
      mode: 'replace',
      pin: PIN,
    });
    const importMs = performance.now() - importStart;
    if (imported.status !== 'imported') throw new Error('the generated catalog was refused');
    console.log(
      `catalog import: ${imported.productCount.toLocaleString('en-US')} products, ${(generated.csv.length / 1e6).toFixed(1)} MB of CSV in ${ms(importMs)} ` +
        `(${Math.round(imported.productCount / (importMs / 1000)).toLocaleString('en-US')} rows/s)`,
    );

    const mainSearch: number[] = [];
    for (let round = 0; round < 20; round++) {
      for (const query of QUERIES) {
        const start = performance.now();
        await call('catalog.search', { query, category: null, limit: 60 });
        mainSearch.push(performance.now() - start);
      }
    }
    const lookups: number[] = [];
    for (let i = 0; i < 500; i++) {
      const start = performance.now();
      await call('catalog.lookup', { code: generated.barcodes[(i * 7919) % PRODUCTS]! });
      lookups.push(performance.now() - start);
    }

    // --- the screen in three configurations, one after the other, each on fresh pages closed after
    // it (so only (c)'s till publishes to the customer display): the same keys, the same scans.
    const env: BenchEnv = { browser, till, barcodes: generated.barcodes };
    const scanList = Array.from({ length: SCANS }, (_, i) => generated.barcodes[(i * 104_729) % PRODUCTS]!);

    const a = await plain(env);
    const plainFigures = await measureScreen(a, scanList);
    await closeConfiguration(a);

    const b = await withHeldCarts(env);
    const heldFigures = await measureScreen(b, scanList);
    await closeConfiguration(b);
    const { cart200 } = b;

    const c = await withHeldCartsAndDisplay(env);
    const displayFigures = await measureScreen(c, scanList);
    const displayLag = await customerDisplayLag(c, displayFigures.scans);
    await closeConfiguration(c);

    const configurations = [plainFigures, heldFigures, displayFigures];

    // --- figures ---
    console.log(row('main: catalog.search (in process)', mainSearch));
    console.log(row('main: catalog.lookup (in process)', lookups));
    for (const figures of configurations) {
      console.log(figures.name);
      console.log(row('  keystroke → results shown', figures.keystrokes));
      console.log(
        row(
          '  scan → line shown',
          figures.scans.map((s) => s.ms),
        ),
      );
    }
    console.log(row('(c) customer display: scan → total shown', displayLag));

    const phaseNames = [
      'key → request sent',
      'request → answer (HTTP + main)',
      'answer → grid in the DOM',
      'DOM → next frame',
    ];
    console.log(
      `keystroke phases (medians)${''.padEnd(14)}${['(a)', '(b)', '(c)'].map((n) => n.padStart(10)).join('')}`,
    );
    phaseNames.forEach((phase, i) => {
      const cells = configurations.map((f) => ms(median(f.phases.map((p) => p[i]!))).padStart(10));
      console.log(`  ${phase.padEnd(38)}${cells.join('')}`);
    });
    const perKey = configurations.flatMap((f) => f.phases.map((p) => p[4]!));
    console.log(
      `  requests per keystroke: ${Math.min(...perKey)}-${Math.max(...perKey)} (${perKey.length} keystrokes)`,
    );

    console.log(row('cart 200: keystroke, 200-line cart', cart200.keystrokes));
    console.log(row('cart 200: scan → line shown', cart200.perLine));
    const first = cart200.perLine.slice(0, 20);
    const last = cart200.perLine.slice(-20);
    console.log(row('cart 200: lines 1-20', first));
    console.log(row('cart 200: lines 181-200', last));
    console.log(
      `cart 200: ${cart200.lines} lines, total ${cart200.total}, ${ms(cart200.wallMs)} wall (${ms(cart200.wallMs / CART_LINES)} per line incl. the scanner's own burst)`,
    );
    console.log(
      row('cart 200: frame intervals', cart200.frames) +
        `  frames > 50 ms: ${cart200.frames.filter((f) => f > 50).length}`,
    );

    // Side by side: medians (p95), and the ratios of the medians.
    const key = (f: ScreenFigures) => f.keystrokes;
    const scan = (f: ScreenFigures) => f.scans.map((s) => s.ms);
    const cell = (values: number[]) =>
      `${median(values).toFixed(1)} (${quantile(values, 0.95).toFixed(1)})`.padStart(22);
    const times = (value: number) => `${value.toFixed(2)}×`.padStart(22);
    const side = (label: string, cells: string[]) => console.log(`${label.padEnd(56)}${cells.join('')}`);
    side(
      'side by side, ms: median (p95)',
      ['keystroke → results', 'scan → line shown'].map((h) => h.padStart(22)),
    );
    for (const figures of configurations) side(figures.name, [cell(key(figures)), cell(scan(figures))]);
    const ratio = (label: string, over: ScreenFigures, under: { keystroke: number; scan: number }) =>
      side(label, [times(median(key(over)) / under.keystroke), times(median(scan(over)) / under.scan)]);
    const medians = (f: ScreenFigures) => ({ keystroke: median(key(f)), scan: median(scan(f)) });
    ratio('(b) / (a), medians', heldFigures, medians(plainFigures));
    ratio('(c) / (a), medians', displayFigures, medians(plainFigures));
    ratio('(c) / (b), medians', displayFigures, medians(heldFigures));
    const lastPlain = LAST_SESSION.plain;
    const lastHeld = LAST_SESSION.heldCarts;
    ratio(
      `(c) / last session plain (${LAST_SESSION.date}: ${lastPlain.keystroke} / ${lastPlain.scan} ms)`,
      displayFigures,
      lastPlain,
    );
    ratio(
      `(c) / last session held (${LAST_SESSION.date}: ${lastHeld.keystroke} / ${lastHeld.scan} ms)`,
      displayFigures,
      lastHeld,
    );

    const keystrokes = plainFigures.keystrokes;
    const p95 = quantile(keystrokes, 0.95);
    console.log(
      `ratios: (a) keystroke median / ${KEYSTROKE_TARGET_MS} ms target = ${(median(keystrokes) / KEYSTROKE_TARGET_MS).toFixed(2)}, ` +
        `p95 / target = ${(p95 / KEYSTROKE_TARGET_MS).toFixed(2)}; ` +
        `(a) screen keystroke / main search (medians) = ${(median(keystrokes) / median(mainSearch)).toFixed(1)}×; ` +
        `cart lines 181-200 / lines 1-20 (medians) = ${(median(last) / median(first)).toFixed(2)}×`,
    );
    for (const figures of configurations) {
      const keys = figures.keystrokes;
      console.log(
        median(keys) < KEYSTROKE_TARGET_MS && quantile(keys, 0.95) < KEYSTROKE_TARGET_MS * 2
          ? `${figures.name}: keystroke target met (median under ${KEYSTROKE_TARGET_MS} ms)`
          : `${figures.name}: keystroke target NOT met (median ${ms(median(keys))})`,
      );
    }
  } finally {
    await browser.close();
    await till.close();
    temp.remove();
  }
}
