import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taipeiBusinessDay } from '../../src/shared/domain';
import { artifactsDir } from '../support/chromium';
import type { TestPostgres } from '../support/postgres';
import { startHeadOffice, headOfficeSettingsUpdate } from '../integration/head-office/harness';
import { checkScreen, enterPin } from './support/layout';
import { scan, SUPERVISOR_PIN, textOf, tillForFile } from './support/till-session';

const COLA = '4710088001689';
const BENTO = '4710421001178';
const CASHIER = { id: 'A01', name: '王小美', pin: '1357' };

/**
 * Screens whose problems are reported (in test-results/screens/known-exceptions.txt) but not
 * failed on here, each with who mends it. Keep this list short and name the issue.
 */
// A screen whose problems are known and owned elsewhere: reported in known-exceptions.txt instead of
// failing the walk. Empty: the journal screen, the last one listed, was fixed in the same issue.
const KNOWN_EXCEPTIONS: Record<string, string> = {};

/**
 * Issue 24, items 2 and 3: one walk through every screen of a store day, at 1024×768 and
 * 1366×768, in Chinese and English, with Chromium's real scrollbars (support/chromium.ts): a sale
 * of two lines, the payment, the result, a return found, the shift and its cash drop, the journal, the shift
 * closed, the closing screen and its Z report, Settings (every section, scrolled to its end, with
 * cashiers added), 商品管理 with a product open, head office's status. On each: no word or number broken across lines, no text
 * cut, nothing wider than its box, the document no taller or wider than the window. A screenshot
 * of each under test-results/screens/<screen>-<size>-<language>.png.
 */
describe('every screen at 1024×768 and 1366×768, in Chinese and English: nothing cut, broken or off screen', () => {
  let pg: TestPostgres;
  beforeAll(async () => {
    ({ pg } = await startHeadOffice('24549210')); // the training seller: the settings' default
  });
  afterAll(async () => {
    await pg?.close();
  });
  const till = tillForFile('layout-screens', {
    async setUp(session) {
      await session.call('settings.update', headOfficeSettingsUpdate(pg, SUPERVISOR_PIN));
      // Cashiers in Settings (their table has a heading for screen readers only: item 3).
      for (const [id, name, pin] of [
        [CASHIER.id, CASHIER.name, CASHIER.pin],
        ['A02', '陳大文', '2580'],
        ['A03', 'Lin Mei-ling', '3690'],
      ] as const)
        await session.call('cashiers.save', { cashier: { id, name, pin }, pin: SUPERVISOR_PIN });
      await session.call('session.signIn', { cashierId: CASHIER.id, pin: CASHIER.pin });
      await session.call('shift.open', { float: { '1000': 1, '100': 5 } });
      // Two 菸酒 products declined at the age check: the journal's 年齡確認 tab has rows.
      for (const [code, product] of [
        ['P017', '金牌台灣啤酒 330ml'],
        ['P090', '長壽菸 軟盒 20支'],
      ] as const)
        await session.call('counter.ageCheckDeclined', { code, product });
      // A day's worth before the walk: big amounts, cash and card, an allowance, a void, a 改開
      // (more rows than a screen holds: the lists get their real scrollbars).
      const sell = (name: string, quantity: number, unitPrice: number, method: 'cash' | 'card') =>
        session.call('checkout.submit', {
          lines: [{ name, quantity, unitPrice, taxType: 'taxable' }],
          payments: [{ method, amount: quantity * unitPrice }],
          invoice: { kind: 'paper' },
        });
      const sales = [];
      for (const [name, quantity, unitPrice, method] of [
        ['保溫杯 不鏽鋼 750ml', 1, 12_345, 'cash'],
        ['杯墊', 3, 100, 'card'],
        ['杯刷', 1, 200, 'cash'],
        ['保溫杯', 2, 330, 'cash'],
        ['禮盒 綜合堅果', 4, 1_280, 'card'],
        ['咖啡豆 1kg', 2, 980, 'cash'],
        ['便當', 12, 85, 'cash'],
        ['茶葉禮盒', 1, 2_400, 'card'],
        ['紙袋', 1, 2, 'cash'],
      ] as const)
        sales.push(await sell(name, quantity, unitPrice, method));
      const supervisor = { pin: SUPERVISOR_PIN, by: '陳店長' };
      await session.call('returns.submit', {
        kind: 'return',
        orderNo: sales[1]!.orderNo,
        items: [{ sequence: '001', quantity: 1 }],
        reason: '商品瑕疵',
        ...supervisor,
      });
      await session.call('returns.submit', {
        kind: 'void',
        orderNo: sales[2]!.orderNo,
        reason: '客人退貨',
        ...supervisor,
      });
      await session.call('returns.submit', {
        kind: 'void-and-reissue',
        orderNo: sales[3]!.orderNo,
        invoice: { kind: 'business', buyerTaxId: '04595252', buyerTitle: '好公司' },
        reason: '改統編',
        ...supervisor,
      });
    },
  });

  it('walks every screen of a store day', async () => {
    const { page, session } = till;
    const problems: string[] = [];
    const known: string[] = [];
    const check = async (...args: Parameters<typeof checkScreen>) => {
      const found = await checkScreen(...args);
      (KNOWN_EXCEPTIONS[args[2]] ? known : problems).push(...found);
    };

    // Sell, with two lines in the cart.
    await scan(page, COLA);
    await scan(page, BENTO);
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(2);
    await check(page, 'sell-screen', 'sell');

    // The payment, then the result.
    await page.keyboard.press('F10');
    await check(page, 'checkout-screen', 'payment');
    await page.getByTestId('pay-cash').click();
    await page.keyboard.press('F12');
    await page.getByTestId('result-screen').waitFor();
    expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('issued');
    const orderNo = await textOf(page, 'result-order');
    await check(page, 'result-screen', 'result');
    await page.getByTestId('next-sale').click();
    await page.getByTestId('sell-screen').waitFor();

    // Returns: the empty screen, then the sale found by its proof's barcode.
    await page.getByTestId('nav-returns').click();
    await check(page, 'returns-screen', 'returns');
    const detail = await session.call('journal.get', { orderNo });
    const barcode = (JSON.parse(detail!.issue!.printDataString!) as { Barcode: string }).Barcode;
    await scan(page, barcode);
    await page.getByTestId('returns-sale').waitFor();
    await check(page, 'returns-screen', 'returns-sale');

    // The shift under way, then the journal.
    await page.getByTestId('nav-shift').click();
    await expect.poll(() => page.getByTestId('shift-screen').getAttribute('data-view')).toBe('overview');
    await check(page, 'shift-screen', 'shift');
    // The cash drop (F5, issue 24 item 10) in its fullest state: main's refusal of more than the
    // drawer holds, in words, under the amount and the reason.
    const openCashDrop = async () => {
      await page.keyboard.press('F5');
      await page.getByTestId('movement-dialog').waitFor();
      await page.getByTestId('movement-amount').fill('900000');
      await page.getByTestId('movement-confirm').click();
      await enterPin(page);
      await page.getByTestId('movement-error').waitFor();
    };
    await openCashDrop();
    await check(page, 'movement-dialog', 'cash-drop', { dialog: { reopen: openCashDrop } });
    await page.keyboard.press('Escape');
    await page.getByTestId('movement-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('nav-journal').click();
    await page.getByTestId('journal-screen').waitFor();
    await check(page, 'journal-screen', 'journal');
    await page.getByTestId('tab-age-checks').click();
    await page.getByTestId('age-checks-table').waitFor();
    await check(page, 'journal-screen', 'journal-age-checks');

    // Invoice mode (issue 27): the service refuses connections, two sales are issued offline
    // (the result with 離線開立 · 待上傳), then the sale screen in offline mode with its notice and
    // the status bar's 離線開立中, offline numbers and uploads waiting beside everything else.
    await page.getByTestId('nav-sell').click();
    await page.getByTestId('sell-screen').waitFor();
    await session.call('settings.update', { patch: { invoiceModeGroup: 'OFF01' }, pin: SUPERVISOR_PIN });
    expect((await session.call('invoiceMode.topUp', { pin: SUPERVISOR_PIN })).reason).toBeNull();
    await session.injectFault('unreachable', 1, 86_400_000);
    for (const last of [false, true]) {
      await scan(page, COLA);
      await page.getByTestId('cart-line').waitFor();
      await page.keyboard.press('F10');
      await page.getByTestId('pay-cash').click();
      await page.keyboard.press('F12');
      await page.getByTestId('result-offline').waitFor();
      if (last) await check(page, 'result-screen', 'result-offline');
      await page.getByTestId('next-sale').click();
      await page.getByTestId('sell-screen').waitFor();
    }
    await page.getByTestId('sell-invoice-mode').waitFor();
    await page.getByTestId('status-offline-uploads').waitFor();
    await check(page, 'sell-screen', 'sell-offline');
    await (await session.till.core.trainingAdmin())!.reachable!();

    // The shift closed; the closing screen and its Z report.
    await session.call('shift.close', { count: { '1000': 20, '100': 6, '10': 5 }, print: false });
    await page.getByTestId('nav-closing').click();
    await page.getByTestId('day-shifts-table').waitFor();
    await check(page, 'closing-screen', 'closing');
    const openZ = async () => {
      await page.getByTestId('z-report').click();
      await enterPin(page);
      await page.getByTestId('z-report-view').waitFor();
    };
    await openZ();
    await check(page, 'z-report-view', 'z-report', {
      // Made once; the language switch reopens it as the copy, the same layout.
      dialog: {
        async reopen() {
          await page.getByTestId('z-report-copy').click();
          await enterPin(page);
          await page.getByTestId('z-report-view').waitFor();
        },
      },
    });
    await page.keyboard.press('Escape');
    await page.getByTestId('z-report-view').waitFor({ state: 'detached' });
    expect(taipeiBusinessDay(new Date())).toBe(await page.getByTestId('closing-day').inputValue());

    // Settings, every section: checked at the top and scrolled to its end (item 3).
    await page.getByTestId('nav-settings').click();
    await enterPin(page);
    await page.getByTestId('settings-screen').waitFor();
    await check(page, 'settings-screen', 'settings');
    await check(page, 'settings-screen', 'settings-end', {
      async prepare() {
        await page.getByTestId('settings-screen').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
        await page.mouse.move(500, 400);
        await page.mouse.wheel(0, 2000); // a wheel past the end scrolls nothing else
      },
    });

    // 商品管理 (issue 28), from Settings: the list beside the editor, a product open in it with
    // main's reason under its barcode (a long bilingual line in the narrow column).
    await page.getByTestId('open-products').click();
    await page.getByTestId('product-row').first().waitFor();
    await page.getByTestId('product-row').first().click();
    await page.getByTestId('product-barcode-add').click();
    await page.getByTestId('product-barcode').last().fill(COLA);
    await page.keyboard.press('F12');
    await page.getByTestId('product-barcode-error-1').waitFor();
    await check(page, 'products-screen', 'products');
    await page.getByTestId('products-back').click();
    await page.getByTestId('products-leave-discard').click();
    await page.getByTestId('products-back').click();
    await page.getByTestId('settings-screen').waitFor();

    // Head office's status, from the status bar.
    await page.getByTestId('nav-sell').click();
    // The offline sales above reach head office on its next sync: this one, not a timer's.
    await session.call('headOffice.sync', {});
    await expect.poll(() => page.getByTestId('status-head-office').getAttribute('data-state')).toBe('synced');
    // The sync pulls head office's catalog too: its version joins the bar (the fullest bar the walk
    // sees), so the checks below never depend on whether the pull was quicker than the screenshot.
    await page.getByTestId('status-catalog').waitFor();
    const openHeadOffice = async () => {
      await page.getByTestId('status-head-office').click();
      await page.getByTestId('head-office-detail').waitFor();
    };
    await openHeadOffice();
    await check(page, 'head-office-detail', 'head-office', { dialog: { reopen: openHeadOffice } });
    await page.keyboard.press('Escape');
    await page.getByTestId('head-office-detail').waitFor({ state: 'detached' });

    writeFileSync(
      join(artifactsDir, 'screens', 'known-exceptions.txt'),
      `${Object.entries(KNOWN_EXCEPTIONS)
        .map(([screen, why]) => `${screen}: ${why}`)
        .join('\n')}\n\n${known.join('\n')}\n`,
    );
    expect(problems).toEqual([]);
  });
});
