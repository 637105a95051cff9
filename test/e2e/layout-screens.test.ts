import { describe, expect, it } from 'vitest';
import { checkEverySize, enterPin } from './support/layout';
import { scan, tillForFile } from './support/till-session';

const COLA = '4710088001689';

// Issue 15, clear on screen: every main screen with support/layout.ts's checkEverySize (both
// counter sizes, both languages, a screenshot each).
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
