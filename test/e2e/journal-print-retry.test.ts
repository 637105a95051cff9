import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import { scan, SUPERVISOR_PIN, textOf, tillForFile } from './support/till-session';

/** A port on 127.0.0.1 where nothing listens: a printer that is switched off. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function sell(page: Page, barcode: string): Promise<string> {
  await scan(page, barcode);
  await page.getByTestId('cart-line').waitFor();
  await page.keyboard.press('F10');
  await page.keyboard.press('F12');
  await page.getByTestId('result-screen').waitFor();
  return textOf(page, 'result-order');
}

describe("the journal: today's sales, filters, details, and print retry", () => {
  const till = tillForFile('journal');
  const orders: string[] = [];

  it('shows a failed print with its reason on the result, and prints it again with F8 once the printer is back', async () => {
    const { page, session } = till;
    await session.call('settings.update', {
      patch: { printer: { uri: `tcp://127.0.0.1:${await closedPort()}` } },
      pin: SUPERVISOR_PIN,
    });
    orders.push(await sell(page, '4710088001689'));
    await expect.poll(() => page.getByTestId('print-job').getAttribute('data-print')).toBe('pending');
    expect(await textOf(page, 'print-status')).toContain('電子發票證明聯：尚未印出');
    expect((await textOf(page, 'print-failure')).length).toBeGreaterThan(3);
    expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('issued');
    await saveScreenshot(page, 'result-print-failed');

    // Retry while still off: still pending, still issued once.
    await page.keyboard.press('F8');
    await expect
      .poll(async () => (await session.call('journal.get', { orderNo: orders[0]! }))!.prints[0]!.attempts)
      .toBe(2);

    await session.call('settings.update', { patch: { printer: { uri: 'virtual' } }, pin: SUPERVISOR_PIN });
    await page.keyboard.press('F8');
    await expect.poll(() => page.getByTestId('print-job').getAttribute('data-print')).toBe('printed');
    const detail = await session.call('journal.get', { orderNo: orders[0]! });
    expect(detail?.prints.map((job) => [job.kind, job.state, job.reprint])).toEqual([
      ['proof', 'printed', false],
    ]);
    await page.keyboard.press('F10');
  });

  it('lists the day with filters, shows a sale, and retries a pending print from its details', async () => {
    const { page, session } = till;
    await session.call('settings.update', {
      patch: { printer: { uri: `tcp://127.0.0.1:${await closedPort()}` } },
      pin: SUPERVISOR_PIN,
    });
    orders.push(await sell(page, '4710088001177'));
    await page.keyboard.press('F10');
    await session.call('settings.update', { patch: { printer: { uri: 'virtual' } }, pin: SUPERVISOR_PIN });
    await page.getByTestId('sell-screen').waitFor();
    await scan(page, '4710105001173');
    await page.getByTestId('cart-line').waitFor();
    await page.keyboard.press('F10');
    await page.keyboard.press('F4');
    await page.getByTestId('love-code').fill('168001');
    await page.keyboard.press('F12');
    await page.getByTestId('result-screen').waitFor();
    orders.push(await textOf(page, 'result-order'));
    await page.keyboard.press('F10');

    await page.getByTestId('nav-journal').click();
    await page.getByTestId('journal-screen').waitFor();
    await expect.poll(() => page.getByTestId('journal-row').count()).toBe(3);
    expect(await textOf(page, 'journal-table')).toMatch(/捐贈/);

    // Filter by invoice number text, then by state.
    const donated = await session.call('journal.get', { orderNo: orders[2]! });
    await page.getByTestId('journal-text').fill(donated!.transaction.invoiceNumber!);
    await expect.poll(() => page.getByTestId('journal-row').count()).toBe(1);
    await page.getByTestId('journal-text').fill('');
    await page.getByTestId('journal-state').selectOption('needs-verification');
    await expect.poll(() => page.getByTestId('journal-row').count()).toBe(0);
    await page.getByTestId('journal-state').selectOption('issued');
    await expect.poll(() => page.getByTestId('journal-row').count()).toBe(3);

    await page.locator(`[data-testid="journal-row"][data-order="${orders[1]}"]`).click();
    await expect.poll(() => textOf(page, 'sale-detail')).toContain(orders[1]!);
    expect(await textOf(page, 'sale-detail')).toContain('茶裏王');
    expect(await page.getByTestId('print-job').getAttribute('data-print')).toBe('pending');
    await saveScreenshot(page, 'journal-detail');
    await page.getByTestId('print-retry').click();
    await expect.poll(() => page.getByTestId('print-job').getAttribute('data-print')).toBe('printed');
    expect((await session.call('printing.pending', {})).jobs).toEqual([]);
  });
});
