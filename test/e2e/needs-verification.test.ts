import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import { scan, SUPERVISOR_PIN, textOf, tillForFile } from './support/till-session';

const PIN = SUPERVISOR_PIN;

describe('a sale whose outcome is unknown: shown plainly, the next sale goes on, a supervisor resolves it', () => {
  const till = tillForFile('verify');
  let orderNo = '';

  it('says what to do when the answer is lost after the service issued, and lets the next sale go on', async () => {
    const { page, session } = till;
    await scan(page, '4710088001689'); // 可口可樂 NT$35
    await page.getByTestId('cart-line').waitFor();
    await page.keyboard.press('F10');
    await session.injectFault('drop-after-commit');
    await page.keyboard.press('F12');

    await page.getByTestId('result-screen').waitFor();
    expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('needs-verification');
    orderNo = await textOf(page, 'result-order');
    const steps = await textOf(page, 'verify-steps');
    expect(steps).toContain('不要重新結帳');
    expect(steps).toContain(orderNo);
    expect(steps).toContain('可以繼續下一筆交易');
    await expect.poll(() => textOf(page, 'status-pending')).toBe('待確認 1');
    await saveScreenshot(page, 'result-needs-verification');

    await page.getByTestId('next-sale').click();
    await page.getByTestId('sell-screen').waitFor();
    expect(await page.getByTestId('cart-line').count()).toBe(0);
    await scan(page, '4710088001177');
    await page.getByTestId('cart-line').waitFor();
    await page.keyboard.press('F10');
    await page.keyboard.press('F12');
    await page.getByTestId('result-screen').waitFor();
    expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('issued');
    await page.keyboard.press('F10');
  });

  it('resolves it in the journal: the training channel says issued, the supervisor PIN is checked', async () => {
    const { page, session } = till;
    await page.getByTestId('status-pending').click();
    await page.getByTestId('journal-screen').waitFor();
    await page.getByTestId('tab-verify').click();
    const item = page.getByTestId('verify-item');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.getAttribute('data-order')).toBe(orderNo);

    await item.getByTestId('lookup-training').click();
    await expect.poll(() => textOf(page, 'lookup-result')).toMatch(/TR\d{8}|TR-\d{8}|已開立/);
    const lookup = await session.call('verification.lookupTraining', { orderNo });
    expect(lookup.found).toBe(true);

    await item.getByTestId('resolve').click();
    await page.getByTestId('resolve-dialog').waitFor();
    expect(await page.getByTestId('resolve-invoice').inputValue()).toBe(lookup.invoiceNumber);
    await page.getByTestId('resolve-by').fill('王店長');
    await page.getByTestId('resolve-pin').fill('1111');
    await page.getByTestId('resolve-confirm').click();
    expect(await textOf(page, 'resolve-error')).toBe('主管 PIN 不正確，交易狀態未變更。');
    await saveScreenshot(page, 'journal-resolve');
    await page.getByTestId('resolve-pin').fill(PIN);
    await page.getByTestId('resolve-confirm').click();
    await page.getByTestId('resolve-dialog').waitFor({ state: 'detached' });

    await expect.poll(() => page.getByTestId('verify-item').count()).toBe(0);
    expect(await textOf(page, 'pending-count')).toBe('0');
    await expect.poll(() => textOf(page, 'status-pending')).toBe('待確認 0');
    const detail = await session.call('journal.get', { orderNo });
    expect(detail?.transaction.state).toBe('issued');
    expect(detail?.transaction.invoiceNumber).toBe(lookup.invoiceNumber);
    expect(detail?.transaction.resolution).toMatchObject({ outcome: 'issued', by: '王店長' });

    await page.getByTestId('tab-sales').click();
    await page.locator(`[data-testid="journal-row"][data-order="${orderNo}"]`).click();
    expect(await textOf(page, 'sale-detail')).toContain('王店長');
  });
});
