import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import { textOf, tillForFile, typeSlowly } from './support/till-session';

/** How far each category tab lies outside the strip's view (0: wholly shown). */
function tabsOutOfView(page: import('playwright-core').Page): Promise<Record<string, number>> {
  return page.getByTestId('category-tabs').evaluate((strip) => {
    const box = strip.getBoundingClientRect();
    const out: Record<string, number> = {};
    for (const tab of strip.querySelectorAll<HTMLElement>('.tab')) {
      const tabBox = tab.getBoundingClientRect();
      out[tab.firstChild?.textContent?.trim() ?? ''] = Math.round(
        Math.max(0, tabBox.right - box.right, box.left - tabBox.left),
      );
    }
    return out;
  });
}

/**
 * Issue 24, items 5 and 2 (the category strip): a search looks through the whole catalog whatever
 * category the last sale left selected, and each hit says its category; the strip only browses.
 * At 1024 px the categories that do not fit are counted on a button that scrolls to them, and
 * the arrow keys reach them too.
 */
describe('the sell screen’s search and category strip', () => {
  const till = tillForFile('sell-search-categories');

  it('a search with 便當 selected still finds 拿鐵, and names its category', async () => {
    const { page } = till;
    await page.getByTestId('category-tabs').getByRole('button', { name: /便當/ }).click();
    await expect.poll(() => page.getByTestId('product-tile').count()).toBe(10);
    await page.getByTestId('product-search').click();
    await typeSlowly(page, '拿鐵', 30);
    await expect.poll(() => page.getByTestId('product-grid').getAttribute('data-query')).toBe('拿鐵');
    expect(await page.getByTestId('grid-empty').count()).toBe(0);
    expect(await textOf(page, 'product-tile')).toContain('現煮拿鐵 中杯');
    expect(await textOf(page, 'tile-category')).toBe('飲料');
    // The strip does not pretend the search is narrowed to 便當.
    expect(
      await page
        .getByTestId('category-tabs')
        .getByRole('button', { name: /便當/ })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    await saveScreenshot(page, 'sell-search-whole-catalog');
    // Picking a category browses it: the search is cleared.
    await page.getByTestId('category-tabs').getByRole('button', { name: /書報/ }).click();
    await expect.poll(() => page.getByTestId('product-tile').count()).toBe(6);
    expect(await page.getByTestId('product-search').inputValue()).toBe('');
    expect(await page.getByTestId('tile-category').count()).toBe(0);
    await page.getByTestId('category-tabs').getByRole('button', { name: /全部/ }).click();
  });

  it('at 1024 px the categories out of view are counted on a button that scrolls to them', async () => {
    const { page } = till;
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByTestId('category-tabs').evaluate((strip) => strip.scrollTo({ left: 0 }));
    const before = await tabsOutOfView(page);
    const hidden = Object.values(before).filter((px) => px > 0).length;
    expect(hidden).toBeGreaterThan(0);
    await expect.poll(() => textOf(page, 'category-after')).toBe(`+${hidden} ›`);
    await page.getByTestId('category-after').click();
    await expect.poll(async () => Object.values(await tabsOutOfView(page)).at(-1)).toBe(0);
    await page.getByTestId('category-before').waitFor({ state: 'visible' });
    await saveScreenshot(page, 'sell-category-strip-scrolled');

    // The keyboard: Home, then the arrow keys walk the tabs, each scrolled into view.
    await page.getByTestId('category-tabs').getByRole('button').last().focus();
    await page.keyboard.press('Home');
    await expect.poll(async () => Object.values(await tabsOutOfView(page))[0]).toBe(0);
    const names = Object.keys(before);
    for (let i = 1; i < names.length; i++) {
      await page.keyboard.press('ArrowRight');
      expect(await page.evaluate(() => document.activeElement?.firstChild?.textContent?.trim())).toBe(
        names[i],
      );
      expect((await tabsOutOfView(page))[names[i]!]).toBe(0);
    }
    await page.getByTestId('category-after').waitFor({ state: 'hidden' });
  });
});
