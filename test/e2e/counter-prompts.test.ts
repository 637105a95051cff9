import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import { checkEverySize } from './support/layout';
import { scan, SUPERVISOR_PIN, textOf, tillForFile, typeSlowly } from './support/till-session';

const COLA = '4710088001689'; // NT$35

/** Issue 24, item 10: what a Taiwanese counter expects at the checkout and the returns screen. */
describe('counter prompts: common love codes, the card approval code, taking the paper proof back', () => {
  const till = tillForFile('counter-prompts');

  it('offers common love codes with their names beside the field; a tap fills it', async () => {
    const { page, session } = till;
    await scan(page, COLA);
    await page.getByTestId('cart-line').waitFor();
    await page.keyboard.press('F10');
    await page.getByTestId('checkout-screen').waitFor();
    await page.keyboard.press('F4');
    await page.getByTestId('love-codes').waitFor();
    expect(await textOf(page, 'love-code-8585')).toBe('8585 台灣兒童暨家庭扶助基金會（家扶）');
    expect(await checkEverySize(page, 'checkout-screen', 'checkout-love-codes')).toEqual([]);
    await page.getByTestId('love-code-8585').click();
    expect(await page.getByTestId('love-code').inputValue()).toBe('8585');
    expect(await page.getByTestId('love-code-8585').getAttribute('aria-pressed')).toBe('true');
    await saveScreenshot(page, 'counter-love-codes');
    await page.keyboard.press('F12');
    await page.getByTestId('result-screen').waitFor();
    const orderNo = await textOf(page, 'result-order');
    const tx = (await session.call('journal.get', { orderNo }))!.transaction;
    expect(tx.invoice).toMatchObject({ kind: 'donate', loveCode: '8585' });
    await page.getByTestId('next-sale').click();
  });

  it('takes a card approval code at payment and shows it in the journal detail', async () => {
    const { page, session } = till;
    await scan(page, COLA);
    await page.getByTestId('cart-line').waitFor();
    await page.keyboard.press('F10');
    await page.getByTestId('checkout-screen').waitFor();
    await page.keyboard.press('F2');
    await page.keyboard.press('F8');
    await page.getByTestId('card-approval').click();
    await typeSlowly(page, 'ab-1');
    expect(await textOf(page, 'payment-error')).toBe('授權碼只能有英文字母與數字');
    expect(await page.getByTestId('pay').isDisabled()).toBe(true);
    await page.getByTestId('card-approval').fill('ab12c4');
    await page.keyboard.press('F12');
    await page.getByTestId('result-screen').waitFor();
    const orderNo = await textOf(page, 'result-order');
    const tx = (await session.call('journal.get', { orderNo }))!.transaction;
    expect(tx.payments).toEqual([{ method: 'card', amount: 35, approvalCode: 'AB12C4' }]);
    await page.getByTestId('next-sale').click();
    await page.getByTestId('nav-journal').click();
    await page.locator(`[data-testid="journal-row"][data-order="${orderNo}"]`).click();
    expect(await textOf(page, 'detail-approval-code')).toBe('· 授權碼 AB12C4');
  });

  it('reminds the cashier to take the printed paper proof back before a void', async () => {
    const { page } = till;
    // The card sale above printed its paper proof: void it from its journal detail.
    await page.getByTestId('detail-return').click();
    await page.getByTestId('returns-sale').waitFor();
    await expect.poll(() => page.getByTestId('returns-plan').getAttribute('data-kind')).toBe('void');
    expect(await textOf(page, 'returns-take-proof')).toBe(
      '此發票已列印紙本證明聯：作廢前請向顧客收回證明聯。',
    );
    expect(await checkEverySize(page, 'returns-screen', 'returns-take-proof')).toEqual([]);
    await saveScreenshot(page, 'counter-returns-take-proof');
    await page.getByTestId('returns-reason-wrong-invoice').click();
    await page.keyboard.press('F12');
    await page.getByTestId('pin-dialog').waitFor();
    await typeSlowly(page, SUPERVISOR_PIN);
    await page.keyboard.press('Enter');
    await page.getByTestId('returns-outcome').waitFor();
    expect(await page.getByTestId('returns-outcome').getAttribute('data-state')).toBe('done');
  });
});
