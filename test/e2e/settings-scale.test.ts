import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import { enterPin } from './support/layout';
import { scan, SUPERVISOR_PIN, textOf, tillForFile } from './support/till-session';

/**
 * An EAN-13 from its first 12 digits: the check digit by the GS1 rule (weights 1 and 3 from the
 * left), worked out here rather than by the till's own helper, so a label the till accepts is one
 * a real scale would print.
 */
function ean13(first12: string): string {
  const sum = [...first12].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

// The label the new setting reads: prefix 25, product code 4321 (4 digits), then the price in
// tenths of a NT$ (6 digits, 1 decimal): 001280 = NT$128.0. The old setting (prefixes 20-22, a
// 5-digit code, a weight) reads nothing from it.
const LABEL = ean13('254321001280');
const PRODUCT = '滷味拼盤 秤重';

/** Where an element is on the screen, or a failure naming it when it is not shown. */
async function boxOf(locator: Locator, name: string) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${name} is not shown`);
  return box;
}

/** Is the middle of the element the element itself (not under the action bar or another card)? */
function uncovered(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((el) => {
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && el.contains(top);
  });
}

/**
 * Settings' scale-label card (秤重／計價條碼): a store whose new scale prints a different layout
 * changes the card, saves it with the card's own button, reads "saved" beside that button, and the
 * next label scanned at the counter is read the new way.
 */
describe('the scale-label settings: saved where the supervisor looks, read at the next scan', () => {
  const till = tillForFile('settings-scale', {
    async setUp(session) {
      await session.call('catalog.import', {
        source: {
          kind: 'text',
          text: `code,barcode,name,category,price,taxType\n4321,,${PRODUCT},熟食,100,taxable\n`,
          fileName: 'deli.csv',
        },
        mode: 'merge',
        pin: SUPERVISOR_PIN,
      });
      // The store's old scale: weight labels, prefixes 20-22, 5-digit codes.
      await session.call('settings.update', {
        patch: {
          scaleBarcode: {
            enabled: true,
            prefixFrom: 20,
            prefixTo: 22,
            codeLength: 5,
            value: 'weight',
            decimals: 3,
          },
        },
        pin: SUPERVISOR_PIN,
      });
    },
  });

  it('with the old setting, the new scale’s label is not read: not found, nothing in the cart', async () => {
    const { page } = till;
    expect(LABEL).toBe('2543210012800');
    await scan(page, LABEL);
    await expect.poll(() => textOf(page, 'sell-notice')).toBe(`查無此條碼或品號：${LABEL}`);
    expect(await page.getByTestId('cart-line').count()).toBe(0);
  });

  it('refuses a range that runs downwards: the reason shown, the card’s save button disabled', async () => {
    const { page } = till;
    await page.getByTestId('nav-settings').click();
    await enterPin(page);
    const card = page.getByTestId('settings-scale-barcode');
    await card.scrollIntoViewIfNeeded();
    await page.getByTestId('scale-prefix-from').selectOption('26');
    await page.getByTestId('scale-prefix-to').selectOption('24');
    expect(await card.getByRole('alert').innerText()).toBe('前綴範圍必須由小到大');
    expect(await page.getByTestId('scale-save').isDisabled()).toBe(true);
    expect(await page.getByTestId('scale-example').count()).toBe(0);
    // Put right, the reason goes and the button can be pressed again.
    await page.getByTestId('scale-prefix-from').selectOption('24');
    await page.getByTestId('scale-prefix-to').selectOption('26');
    expect(await card.getByRole('alert').count()).toBe(0);
    expect(await page.getByTestId('scale-save').isEnabled()).toBe(true);
  });

  it('saves the new layout with the card’s button and says so beside it, in view', async () => {
    const { page } = till;
    await page.getByTestId('scale-code-length').selectOption('4');
    await page.getByTestId('scale-value').selectOption('price');
    await page.getByTestId('scale-decimals').selectOption('1');
    // The example spells out the new layout before it is saved.
    const example = await textOf(page, 'scale-example');
    expect(example).toContain(`例：${ean13('241234000015')} = 品號 1234，金額 1.5 元`);
    // A price label has no weight in it: the weight × price per kg note is for weight labels.
    expect(example).not.toContain('重量');
    await page.getByTestId('scale-save').click();
    await page.getByTestId('scale-saved').waitFor();
    expect(await textOf(page, 'scale-saved')).toBe('已儲存');

    // In the window, on the button's line, just after it, and not under anything.
    const viewport = page.viewportSize()!;
    const saved = await boxOf(page.getByTestId('scale-saved'), 'the saved message');
    const button = await boxOf(page.getByTestId('scale-save'), 'the save button');
    expect(saved.x).toBeGreaterThanOrEqual(0);
    expect(saved.y).toBeGreaterThanOrEqual(0);
    expect(saved.x + saved.width).toBeLessThanOrEqual(viewport.width);
    expect(saved.y + saved.height).toBeLessThanOrEqual(viewport.height);
    const middle = (box: { y: number; height: number }) => box.y + box.height / 2;
    expect(Math.abs(middle(saved) - middle(button))).toBeLessThan(button.height / 2);
    expect(saved.x).toBeGreaterThanOrEqual(button.x + button.width);
    expect(saved.x - (button.x + button.width)).toBeLessThan(48);
    expect(await uncovered(page, 'scale-saved')).toBe(true);
    await saveScreenshot(page, 'settings-scale-saved');

    // The till keeps it (what the sell screen will read), not only the card.
    const { settings } = await till.session.call('settings.get', {});
    expect(settings.scaleBarcode).toEqual({
      enabled: true,
      prefixFrom: 24,
      prefixTo: 26,
      codeLength: 4,
      value: 'price',
      decimals: 1,
    });
  });

  it('back at the counter, the label is read the new way: the product at the label’s price', async () => {
    const { page } = till;
    await page.getByTestId('nav-sell').click();
    await page.getByTestId('sell-screen').waitFor();
    await scan(page, LABEL);
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);
    const line = page.getByTestId('cart-line');
    expect(await line.locator('.cart-row__name').innerText()).toBe(PRODUCT);
    expect(await textOf(page, 'line-amount')).toBe('NT$128');
    expect(await textOf(page, 'cart-total')).toBe('NT$128');

    // The same label with a wrong check digit is no scale label: refused, the cart unchanged.
    const misread = `${LABEL.slice(0, 12)}${(Number(LABEL[12]) + 1) % 10}`;
    await scan(page, misread);
    await expect.poll(() => textOf(page, 'sell-notice')).toBe(`查無此條碼或品號：${misread}`);
    expect(await page.getByTestId('cart-line').count()).toBe(1);
  });
});
