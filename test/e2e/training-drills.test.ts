import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import {
  horizontalOverflow,
  scan,
  smallButtons,
  SUPERVISOR_PIN,
  textOf,
  tillForFile,
} from './support/till-session';

/**
 * Issue 15, honest in training: a store rehearses a bad day from Settings. The supervisor arms
 * the "service fault (5xx)" drill, the card says what the cashier will see, and the next sale
 * shows exactly that: outcome unknown, do not check out again, order in the verification list.
 */
describe('a fault drill from Settings in training mode', () => {
  const till = tillForFile('drills');

  it('arms a drill with the PIN that opened Settings and says what the cashier should see', async () => {
    const { page } = till;
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('pin-dialog').waitFor();
    await page.getByTestId('pin-input').fill(SUPERVISOR_PIN);
    await page.getByTestId('pin-confirm').click();
    await page.getByTestId('settings-training-drills').waitFor();
    await page.getByTestId('drill-server-error').click();
    const armed = await textOf(page, 'drill-armed');
    expect(armed).toContain('服務故障（5xx）');
    expect(armed).toContain('無法確定發票是否已開立');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await smallButtons(page)).toEqual([]);
    await page.getByTestId('settings-training-drills').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'settings-training-drills');
    await page.keyboard.press('Escape');
    await page.getByTestId('sell-screen').waitFor();
  });

  it('the next sale meets the drill as described, the one after it does not', async () => {
    const { page, session } = till;
    await scan(page, '4710088001689');
    await page.getByTestId('cart-line').waitFor();
    await page.keyboard.press('F10');
    await page.keyboard.press('F12');
    await page.getByTestId('result-screen').waitFor();
    expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('needs-verification');
    const screen = await textOf(page, 'result-screen');
    expect(screen).toContain('無法確定發票是否已開立');
    expect(screen).toContain('發票服務暫時故障');
    const orderNo = await textOf(page, 'result-order');
    const lookup = await session.call('verification.lookupTraining', { orderNo });
    expect(lookup.found).toBe(false);
    await saveScreenshot(page, 'result-drill-server-error');

    await page.getByTestId('next-sale').click();
    await page.getByTestId('sell-screen').waitFor();
    await scan(page, '4710088001177');
    await page.getByTestId('cart-line').waitFor();
    await page.keyboard.press('F10');
    await page.keyboard.press('F12');
    await page.getByTestId('result-screen').waitFor();
    expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('issued');
  });
});
