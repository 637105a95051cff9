import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import { horizontalOverflow, scan, SUPERVISOR_PIN, textOf, tillForFile } from './support/till-session';

const COLA = '4710088001689'; // NT$35 taxable

describe('補印: a proof printed again from the result screen and from the journal', () => {
  const till = tillForFile('returns-reprint');

  it('asks who, why and the PIN, and prints 電子發票證明聯補印, never a second original', async () => {
    const { page, session } = till;
    await scan(page, COLA);
    await page.getByTestId('cart-line').waitFor();
    await page.keyboard.press('F10');
    await page.getByTestId('checkout-screen').waitFor();
    await page.keyboard.press('F12');
    await page.getByTestId('result-screen').waitFor();
    const orderNo = await textOf(page, 'result-order');
    await expect.poll(() => textOf(page, 'print-status')).toBe('電子發票證明聯：已列印');

    // From the result screen: who and why are required, then the PIN.
    await page.getByTestId('result-reprint').click();
    await page.getByTestId('reprint-dialog').waitFor();
    await page.getByTestId('reprint-confirm').click();
    expect(await textOf(page, 'reprint-error')).toBe('請輸入經手人');
    await page.getByTestId('reprint-by').fill('陳店員');
    await page.getByTestId('reprint-quick-reason').first().click(); // 卡紙
    await page.getByTestId('reprint-pin').fill('1111');
    await page.getByTestId('reprint-confirm').click();
    await expect.poll(() => textOf(page, 'reprint-error')).toContain('PIN');
    await page.getByTestId('reprint-pin').fill(SUPERVISOR_PIN);
    await page.getByTestId('reprint-confirm').click();

    await page.getByTestId('reprint-preview').waitFor();
    expect(await textOf(page, 'reprint-caption')).toBe('電子發票證明聯補印');
    expect(await page.getByTestId('reprint-preview').getAttribute('alt')).toBe('電子發票證明聯補印');
    expect(await page.getByTestId('reprint-result').getAttribute('data-printed')).toBe('true');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'returns-reprint');
    await page.keyboard.press('Escape');
    // The result's list of prints shows the reprint next to the original.
    await expect.poll(() => textOf(page, 'print-status')).toContain('補印');

    // The journal keeps who and why with the job; the original stays the only original.
    const prints = (await session.call('journal.get', { orderNo }))!.prints;
    expect(prints.map((p) => p.reprint)).toEqual([false, true]);
    expect(prints[1]!.content).toContain('陳店員');
    expect(prints[1]!.content).toContain('卡紙');

    // Again from the journal's sale detail.
    await page.keyboard.press('F10');
    await page.getByTestId('nav-journal').click();
    await page.locator(`[data-testid="journal-row"][data-order="${orderNo}"]`).click();
    await page.getByTestId('detail-reprint').click();
    await page.getByTestId('reprint-by').fill('陳店員');
    await page.getByTestId('reprint-reason').fill('顧客遺失');
    await page.getByTestId('reprint-pin').fill(SUPERVISOR_PIN);
    await page.keyboard.press('Enter');
    await page.getByTestId('reprint-preview').waitFor();
    expect(await textOf(page, 'reprint-caption')).toBe('電子發票證明聯補印');
    await page.getByTestId('reprint-close').click();
    await expect
      .poll(async () => (await session.call('journal.get', { orderNo }))!.prints.map((p) => p.reprint))
      .toEqual([false, true, true]);
  });
});
