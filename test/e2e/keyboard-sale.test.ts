import { spawn, type ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildScaleBarcode } from '../../src/shared/domain/scale-barcode';
import { SUPERVISOR_PIN, textOf, tillForFile, typeSlowly } from './support/till-session';

// From assets/sample-catalog.csv.
const GREEN_TEA = { barcode: '4710088001177', price: 25 };
const COLA = { barcode: '4710088001689', price: 35 };

/** What has the focus: its test id, else its tag (BODY is what must never happen). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute('data-testid') ?? element?.tagName ?? 'none';
  });

const cdpSessions = new WeakMap<Page, CDPSession>();

/**
 * A wedge scan whose keys are `gaps[i]` ms apart by their event time stamps (the last gap is the
 * Enter's): a burst at 5 ms with the stalls a busy machine puts in it.
 */
async function scanWithGaps(page: Page, code: string, gaps: number[]): Promise<void> {
  let cdp = cdpSessions.get(page);
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    cdpSessions.set(page, cdp);
  }
  const session = cdp;
  let time = Date.now();
  const sends: Promise<unknown>[] = [];
  [...code, '\r'].forEach((char, i) => {
    if (i > 0) time += gaps[i - 1] ?? 5;
    const enter = char === '\r';
    const key = enter ? 'Enter' : char;
    const code = enter ? 'Enter' : `Digit${char}`;
    const windowsVirtualKeyCode = enter ? 13 : char.charCodeAt(0);
    const timestamp = time / 1000;
    sends.push(
      session.send('Input.dispatchKeyEvent', {
        type: 'keyDown',
        key,
        code,
        text: char,
        windowsVirtualKeyCode,
        timestamp,
      }),
      session.send('Input.dispatchKeyEvent', {
        type: 'keyUp',
        key,
        code,
        windowsVirtualKeyCode,
        timestamp: timestamp + 0.001,
      }),
    );
  });
  await Promise.all(sends);
}

/** Busy loops beside the browser, one per CPU, until stopped. */
function busyLoops(): { stop(): void } {
  const children: ChildProcess[] = [];
  for (let i = 0; i < Math.max(1, cpus().length); i++) {
    children.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  }
  return {
    stop() {
      for (const child of children) child.kill('SIGKILL');
    },
  };
}

describe('a whole sale by keyboard only, scans under load, held carts', () => {
  const till = tillForFile('keyboard-sale');

  it('sells by keyboard alone: search, results, cart, checkout fields, pay', async () => {
    const { page, session } = till;
    expect(await focused(page)).toBe('product-search');

    // Several results: Enter moves into them, the arrows move across, Enter adds.
    await page.keyboard.type('可樂');
    await expect.poll(() => page.getByTestId('product-grid').getAttribute('data-query')).toBe('可樂');
    expect(await page.getByTestId('product-tile').count()).toBe(2);
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('product-tile');
    await page.keyboard.press('ArrowRight');
    const second = await page.evaluate(() => document.activeElement?.getAttribute('data-code'));
    expect(second).toBe(await page.getByTestId('product-tile').nth(1).getAttribute('data-code'));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);

    // Esc back to the search; one result: Enter adds it.
    await page.keyboard.press('Escape');
    expect(await focused(page)).toBe('product-search');
    await typeSlowly(page, 'p054');
    await expect.poll(() => page.getByTestId('product-tile').count()).toBe(1);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(2);
    expect(await page.getByTestId('product-search').inputValue()).toBe('');

    // The arrows move through the cart: ↑ selects the first line, F4 makes it 2.
    await page.keyboard.press('ArrowUp');
    expect(await page.getByTestId('cart-line').nth(0).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('F4');
    await page.getByTestId('quantity-dialog').waitFor();
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await expect.poll(() => textOf(page, 'item-count')).toBe('3');
    // F6: NT$5 off the order (the journal keeps it beside the list prices).
    await page.keyboard.press('F6');
    await page.getByTestId('order-discount-dialog').waitFor();
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await expect.poll(() => textOf(page, 'order-discount')).toBe('-NT$5');
    const total = Number((await textOf(page, 'cart-total')).replace(/\D/g, ''));

    // Checkout opens in the cash amount.
    await page.keyboard.press('F10');
    await page.getByTestId('checkout-screen').waitFor();
    await expect.poll(() => focused(page)).toBe('cash-tendered');
    // Every invoice key puts the cursor in its field; paper has none: back to the cash.
    await page.keyboard.press('F6');
    await expect.poll(() => focused(page)).toBe('tax-id');
    await page.keyboard.press('F4');
    await expect.poll(() => focused(page)).toBe('love-code');
    await page.keyboard.press('F3');
    await expect.poll(() => focused(page)).toBe('carrier-id');
    await page.keyboard.type('/ABC+123');
    await expect.poll(() => page.getByTestId('carrier-id-ok').count()).toBe(1);
    await page.keyboard.press('F7');
    await expect.poll(() => focused(page)).toBe('cash-tendered');
    await page.keyboard.type('1000');
    expect(await page.getByTestId('cash-tendered').inputValue()).toBe('1000');
    expect(await textOf(page, 'change')).toBe(`NT$${(1000 - total).toLocaleString('en-US')}`);

    // Typing with nothing focused lands in the field that needs it, not on the page.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.type('5');
    expect(await focused(page)).toBe('cash-tendered');
    expect(await page.getByTestId('cash-tendered').inputValue()).toBe('5');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('2000');

    await page.keyboard.press('F12');
    await page.getByTestId('result-screen').waitFor();
    expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('issued');
    const detail = await session.call('journal.get', { orderNo: await textOf(page, 'result-order') });
    expect(detail?.transaction.totals.totalAmount).toBe(total);
    // The journal keeps the original prices and the discounts taken off, and the carrier used.
    const lines = detail!.transaction.lines;
    expect(lines.reduce((sum, line) => sum + (line.discount ?? 0), 0)).toBe(5);
    for (const line of lines.filter((l) => l.discount))
      expect(line.listPrice).toBeGreaterThan(line.unitPrice);
    expect(detail?.transaction.invoice.carrierId).toBe('/ABC+123');
    await page.keyboard.press('F10');
    await page.getByTestId('sell-screen').waitFor();
    expect(await page.getByTestId('cart-line').count()).toBe(0);
  });

  it('keeps thirty scans whole under a CPU load, stalls in the bursts included', async () => {
    const { page } = till;
    await page.getByTestId('product-search').focus();
    const load = busyLoops();
    try {
      for (let i = 0; i < 30; i++) {
        const product = i % 2 === 0 ? GREEN_TEA : COLA;
        // 5 ms keys; every third scan has a 60-140 ms stall in the middle, some before the Enter.
        const gaps = [...product.barcode].map((_, k) =>
          i % 3 === 0 && k === 4 ? 60 + (i % 5) * 20 : i % 4 === 1 && k === 12 ? 90 : 5,
        );
        await scanWithGaps(page, product.barcode, gaps);
      }
      await expect.poll(() => textOf(page, 'item-count'), { timeout: 20_000 }).toBe('30');
    } finally {
      load.stop();
    }
    expect(await page.getByTestId('cart-line').count()).toBe(2);
    expect(await page.getByTestId('product-search').inputValue()).toBe('');
    expect(await textOf(page, 'cart-total')).toBe(`NT$${15 * GREEN_TEA.price + 15 * COLA.price}`);
    expect(await page.getByTestId('sell-notice').count()).toBe(0);
  });

  it('says loudly when a scan matches nothing: a message and a beep', async () => {
    const { page } = till;
    const before = Number((await page.evaluate(() => document.documentElement.dataset.errorBeeps)) ?? 0);
    await scanWithGaps(page, '4710000000001', Array(13).fill(4) as number[]);
    await expect.poll(() => textOf(page, 'sell-notice')).toContain('4710000000001');
    expect(await page.getByTestId('sell-notice').getAttribute('role')).toBe('alert');
    expect(Number(await page.evaluate(() => document.documentElement.dataset.errorBeeps))).toBe(before + 1);
  });

  it('holds carts and recalls them later, by keyboard, across a reload; cancels a cart after asking', async () => {
    const { page } = till;
    // The 30-scan cart from before is held (F3): the counter is free.
    await page.keyboard.press('F3');
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(0);
    expect(await textOf(page, 'held-count')).toBe('(1)');
    await scanWithGaps(page, COLA.barcode, Array(13).fill(4) as number[]);
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);
    await page.keyboard.press('F3');
    await expect.poll(() => textOf(page, 'held-count')).toBe('(2)');

    // Held carts outlive a reload (a restart of the app).
    await page.reload();
    await page.getByTestId('product-tile').first().waitFor();
    expect(await textOf(page, 'held-count')).toBe('(2)');

    await page.keyboard.press('F11');
    await page.getByTestId('held-carts-dialog').waitFor();
    const totals = await page.getByTestId('held-cart-total').allTextContents();
    expect(totals).toEqual([`NT$${15 * GREEN_TEA.price + 15 * COLA.price}`, `NT$${COLA.price}`]);
    expect(await textOf(page, 'held-carts')).toMatch(/\d{2}:\d{2}:\d{2}/);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => textOf(page, 'cart-total')).toBe(`NT$${COLA.price}`);
    expect(await textOf(page, 'held-count')).toBe('(1)');

    // Recalling with a cart in progress holds that one: nothing is lost.
    await page.keyboard.press('F11');
    await page.getByTestId('held-carts-dialog').waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => textOf(page, 'item-count')).toBe('30');
    expect(await textOf(page, 'held-count')).toBe('(1)');

    // Cancel the whole cart: asked first; Esc keeps it, the confirm empties it.
    await page.getByTestId('cancel-cart').click();
    await page.getByTestId('cancel-cart-dialog').waitFor();
    await page.keyboard.press('Escape');
    expect(await textOf(page, 'item-count')).toBe('30');
    await page.getByTestId('cancel-cart').click();
    await page.getByTestId('cancel-cart-dialog').waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(0);
    expect(await textOf(page, 'held-count')).toBe('(1)');
  });

  it('shows progress and the time waited while issuing, says when the service is slow, and the status bar agrees', async () => {
    const { page, session } = till;
    await scanWithGaps(page, COLA.barcode, Array(13).fill(4) as number[]);
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);
    await page.keyboard.press('F10');
    await page.getByTestId('checkout-screen').waitFor();
    await page.keyboard.press('F8');
    await session.injectFault('delay-before', 1, 6500);
    await page.keyboard.press('F12');
    await page.getByTestId('issuing-progress').waitFor();
    await expect.poll(() => page.getByTestId('status-service').getAttribute('data-state')).toBe('issuing');
    expect(await textOf(page, 'status-service')).not.toContain('連線正常');
    await expect.poll(() => textOf(page, 'issuing-waited')).toMatch(/已等 [1-9] 秒/);
    await page.getByTestId('issuing-slow').waitFor({ timeout: 6000 });
    expect(await textOf(page, 'issuing-slow')).toContain('發票服務回應較慢');
    await expect.poll(() => page.getByTestId('status-service').getAttribute('data-state')).toBe('slow');
    expect(await textOf(page, 'status-service')).toContain('回應緩慢');
    await page.getByTestId('result-screen').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('issued');
    await expect.poll(() => page.getByTestId('status-service').getAttribute('data-state')).toBe('reachable');
  });

  it('reads a scale label: the product by its embedded code, weight × price per kg', async () => {
    const { page, session } = till;
    await session.call('catalog.import', {
      source: {
        kind: 'text',
        text: 'code,barcode,name,category,price,taxType\n12345,,雞胸肉 每公斤,生鮮,180,exempt\n',
        fileName: 'scale.csv',
      },
      mode: 'merge',
      pin: SUPERVISOR_PIN,
    });
    await session.call('settings.update', {
      patch: {
        scaleBarcode: {
          enabled: true,
          prefixFrom: 20,
          prefixTo: 29,
          codeLength: 5,
          value: 'weight',
          decimals: 3,
        },
      },
      pin: SUPERVISOR_PIN,
    });
    await page.reload();
    await page.getByTestId('product-tile').first().waitFor();
    const label = buildScaleBarcode(21, '12345', 0.5, { codeLength: 5, decimals: 3 });
    await scanWithGaps(page, label, Array(13).fill(4) as number[]);
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);
    expect(await textOf(page, 'cart-line')).toContain('雞胸肉 每公斤 0.5 kg');
    expect(await textOf(page, 'cart-total')).toBe('NT$90');
    // A label whose code is not in the catalog says so.
    await scanWithGaps(
      page,
      buildScaleBarcode(21, '99999', 0.5, { codeLength: 5, decimals: 3 }),
      Array(13).fill(4) as number[],
    );
    await expect.poll(() => textOf(page, 'sell-notice')).toContain('99999');
  });
});
