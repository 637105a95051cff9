import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import { scan, smallButtons, textOf, tillForFile, typeSlowly } from './support/till-session';

// From assets/sample-catalog.csv.
const GREEN_TEA = { barcode: '4710088001177', name: '茶裏王 日式無糖綠茶 600ml', price: 25 };
const COLA = { barcode: '4710088001689', name: '可口可樂 600ml', price: 35 };
const NEWSPAPER = { barcode: '4713302001175', name: '聯合報', price: 15 };

describe('selling: grid, search and the barcode scanner', () => {
  const till = tillForFile('selling');

  it('shows the sample catalog by category', async () => {
    const { page } = till;
    expect(await textOf(page, 'category-tabs')).toMatch(/飲料.*零食.*便當.*日用品.*書報/);
    await page.getByTestId('category-tabs').getByRole('button', { name: /書報/ }).click();
    await expect.poll(() => page.getByTestId('product-tile').count()).toBe(6);
    expect(await textOf(page, 'product-grid')).toContain('聯合報');
    expect(await textOf(page, 'product-grid')).toContain('免稅');
    await page.getByTestId('category-tabs').getByRole('button', { name: /全部/ }).click();
  });

  it('adds a scanned product wherever the focus is, and takes the scan back out of the search box', async () => {
    const { page } = till;
    await page.getByTestId('product-search').click();
    await scan(page, GREEN_TEA.barcode);
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);
    expect(await page.getByTestId('product-search').inputValue()).toBe('');
    expect(await textOf(page, 'cart-line')).toContain(GREEN_TEA.name);

    // Focus on a product tile (a button): the scan's Enter must not press it.
    await page.getByTestId('product-tile').nth(5).focus();
    await scan(page, COLA.barcode);
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(2);
    expect(await page.getByTestId('cart-line').nth(1).textContent()).toContain(COLA.name);

    // No focus at all.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await scan(page, COLA.barcode);
    await expect.poll(() => textOf(page, 'item-count')).toBe('3');
    expect(await page.getByTestId('cart-line').count()).toBe(2);
    expect(await textOf(page, 'cart-total')).toBe(`NT$${GREEN_TEA.price + 2 * COLA.price}`);
  });

  it('treats slow typing as typing: a search, not a scan', async () => {
    const { page } = till;
    await page.getByTestId('product-search').click();
    await typeSlowly(page, '4710088');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('product-search').inputValue()).toBe('4710088');
    await expect.poll(() => page.getByTestId('product-grid').getAttribute('data-query')).toBe('4710088');
    expect(await page.getByTestId('product-tile').count()).toBe(18);
    expect(await textOf(page, 'item-count')).toBe('3');
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('product-search').inputValue()).toBe('');
  });

  it('reports an unknown barcode plainly and changes nothing', async () => {
    const { page } = till;
    await scan(page, '4710000000001');
    await expect.poll(() => textOf(page, 'sell-notice')).toContain('查無此條碼或品號：4710000000001');
    expect(await textOf(page, 'item-count')).toBe('3');
  });

  it('searches by name, code and barcode; Enter adds an exact code', async () => {
    const { page } = till;
    const search = page.getByTestId('product-search');
    await search.fill('可樂');
    await expect.poll(() => page.getByTestId('product-grid').getAttribute('data-query')).toBe('可樂');
    const names = await page.getByTestId('product-tile').allTextContents();
    expect(names.length).toBe(2);
    expect(names[0]).toContain('可樂果'); // a name that starts with the query first
    await search.fill('p054');
    await expect.poll(() => page.getByTestId('product-tile').count()).toBe(1);
    await search.press('Enter');
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(3);
    expect(await page.getByTestId('cart-line').nth(2).textContent()).toContain(NEWSPAPER.name);
    expect(await search.inputValue()).toBe('');
  });

  it('changes quantity, price and discounts from the function keys and keeps the total in view', async () => {
    const { page } = till;
    // The newspaper line is selected (the last added): F4 quantity 3.
    await page.keyboard.press('F4');
    await page.getByTestId('quantity-dialog').waitFor();
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    await expect.poll(() => textOf(page, 'cart-total')).toBe('NT$140'); // 25 + 70 + 45

    // ↑ selects the cola line; F5 sets its price to 30 each.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('F5');
    await page.getByTestId('price-dialog').waitFor();
    await page.keyboard.type('30');
    await page.keyboard.press('Enter');
    await expect.poll(() => textOf(page, 'cart-total')).toBe('NT$130');
    expect(await page.getByTestId('cart-line').nth(1).textContent()).toContain('改價');

    // F9: 20 % off the cola line (60 → 48).
    await page.keyboard.press('F9');
    await page.getByTestId('line-discount-dialog').waitFor();
    await page.getByTestId('discount-percent').click();
    await page.getByTestId('number-input').fill('20');
    await page.getByTestId('number-confirm').click();
    await expect.poll(() => textOf(page, 'cart-total')).toBe('NT$118');
    expect(await textOf(page, 'line-discounts')).toBe('-NT$12');

    // F6: NT$10 off the order, shared over the lines; taxable and exempt shown apart.
    await page.keyboard.press('F6');
    await page.getByTestId('order-discount-dialog').waitFor();
    await page.keyboard.type('10');
    await page.keyboard.press('Enter');
    await expect.poll(() => textOf(page, 'cart-total')).toBe('NT$108');
    expect(await textOf(page, 'order-discount')).toBe('-NT$10');
    expect(await textOf(page, 'tax-breakdown')).toMatch(/應稅 NT\$\d+ · 免稅 NT\$\d+/);

    // A discount above the line's amount is refused with the reason, and nothing changes.
    await page.keyboard.press('F9');
    await page.getByTestId('number-input').fill('999');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('alert').textContent()).toContain('大於這項的金額');
    await page.keyboard.press('Escape');
    await expect.poll(() => textOf(page, 'cart-total')).toBe('NT$108');
    await saveScreenshot(page, 'selling-cart');
  });

  it('voids a line with F8 (struck through, out of the total) and restores it', async () => {
    const { page } = till;
    await page.getByTestId('cart-line').first().click();
    await page.keyboard.press('F8');
    await expect
      .poll(() => page.getByTestId('cart-line').first().getAttribute('class'))
      .toContain('cart-row--voided');
    const withoutTea = await textOf(page, 'cart-total');
    expect(withoutTea).not.toBe('NT$108');
    await page.keyboard.press('F8');
    await expect.poll(() => textOf(page, 'cart-total')).toBe('NT$108');
  });

  // On a busy counter PC the lookup of a scan can still be under way when the cashier presses the
  // next key. The test holds every lookup until it lets go, so the order is forced, not timed.
  it('an F-key pressed while a scan is still being looked up acts on the cart with that scan in it', async () => {
    const { session } = till;
    const screen = await session.open();
    const held: Array<() => void> = [];
    await screen.route('**/__till/call/catalog.lookup', (route) => {
      held.push(() => void route.continue());
    });
    const letGo = async (count: number) => {
      await expect.poll(() => held.length).toBe(count);
      held.splice(0).forEach((release) => release());
    };
    try {
      // F6 (order discount) right after two scans: the dialog opens once both lines are in,
      // and says the amount before the discount of both.
      await scan(screen, GREEN_TEA.barcode);
      await scan(screen, NEWSPAPER.barcode);
      await screen.keyboard.press('F6');
      expect(await screen.getByTestId('cart-line').count()).toBe(0);
      expect(await screen.getByTestId('order-discount-dialog').count()).toBe(0);
      await letGo(2);
      await screen.getByTestId('order-discount-dialog').waitFor();
      expect(await textOf(screen, 'order-discount-dialog')).toContain(
        `折扣前 NT$${GREEN_TEA.price + NEWSPAPER.price}`,
      );
      expect(await screen.getByTestId('cart-line').count()).toBe(2);
      await screen.keyboard.press('Escape');

      // F4 (quantity) right after a scan: it is the line just scanned that gets the quantity.
      await scan(screen, COLA.barcode);
      await screen.keyboard.press('F4');
      await letGo(1);
      await screen.getByTestId('quantity-dialog').waitFor();
      await screen.keyboard.type('2');
      await screen.keyboard.press('Enter');
      await expect
        .poll(() => textOf(screen, 'cart-total'))
        .toBe(`NT$${GREEN_TEA.price + NEWSPAPER.price + 2 * COLA.price}`);
      expect(await screen.getByTestId('cart-line').nth(2).textContent()).toContain(COLA.name);

      // F6 on an empty cart says why nothing opens.
      await screen.unroute('**/__till/call/catalog.lookup');
      await screen.keyboard.press('F3'); // hold the cart: the counter is empty again
      await expect.poll(() => screen.getByTestId('cart-line').count()).toBe(0);
      await screen.keyboard.press('F6');
      await expect.poll(() => textOf(screen, 'sell-notice')).toContain('購物清單是空的，沒有可折扣的項目');
      expect(await screen.getByTestId('order-discount-dialog').count()).toBe(0);
    } finally {
      await screen.close();
    }
  });

  it('switches to English and back', async () => {
    const { page } = till;
    await page.getByTestId('language-toggle').click();
    expect(await page.getByTestId('to-checkout').textContent()).toContain('Checkout');
    expect(await page.getByTestId('status-mode').textContent()).toBe('Training');
    await page.keyboard.press('F1');
    await page.getByTestId('help-dialog').waitFor();
    expect(await textOf(page, 'help-dialog')).toContain('Keyboard shortcuts');
    await saveScreenshot(page, 'selling-help-en');
    await page.keyboard.press('Escape');
    await page.getByTestId('language-toggle').click();
    expect(await page.getByTestId('to-checkout').textContent()).toContain('結帳');
  });

  it('every button on the sell screen is at least 44 px for a finger', async () => {
    const { page } = till;
    expect(await smallButtons(page)).toEqual([]);
  });

  it('fits 1024×768 and a 15-inch counter screen (1280×1024) without sideways scrolling', async () => {
    const { session } = till;
    for (const [width, height] of [
      [1024, 768],
      [1280, 1024],
    ] as const) {
      const screen = await session.open({ width, height });
      await scan(screen, COLA.barcode);
      await screen.getByTestId('cart-line').waitFor();
      const overflow = await screen.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // The total and the checkout key are on screen, not below the fold.
      for (const id of ['cart-total', 'to-checkout']) {
        const box = (await screen.getByTestId(id).boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(height);
      }
      await saveScreenshot(screen, `selling-${width}x${height}`);
      await screen.close();
    }
  });
});
