import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import { enterPin } from './support/layout';
import { textOf, tillForFile } from './support/till-session';

/**
 * Issue 29, Settings as a supervisor meets them: the paper proof's printer may be the e-invoice
 * service's cloud printer (cloud:NUMBER); the till's own printer stays for the slips that are no
 * invoice, and Settings says so. A mistyped number is refused by the field's name, nothing saved.
 */
describe('settings: the paper proof on the cloud printer', () => {
  const till = tillForFile('settings-cloud-printer');

  it('refuses a cloud printer without a number, then saves cloud:P01 and says the local printer stays', async () => {
    const { page, session } = till;
    await page.getByTestId('nav-settings').click();
    await enterPin(page);
    await page.getByTestId('set-cloud-printer').fill('cloud:');
    await page.keyboard.press('F12');
    await page.getByTestId('settings-error').waitFor();
    expect(await textOf(page, 'settings-error')).toContain('紙本證明聯印表機');
    expect((await session.call('settings.get', {})).settings.cloudPrinter).toBe('');

    await page.getByTestId('set-cloud-printer').fill('cloud:P01');
    await page.getByTestId('set-cloud-sales-id').fill('S7');
    expect(await textOf(page, 'cloud-printer-note')).toContain('本機印表機仍列印非發票的單據');
    await page.keyboard.press('F12');
    await page.getByTestId('settings-saved').waitFor();
    expect(await page.getByTestId('settings-error').count()).toBe(0);
    const { settings } = await session.call('settings.get', {});
    expect(settings).toMatchObject({ cloudPrinter: 'cloud:P01', cloudSalesId: 'S7' });
    expect(settings.printer.uri).toBe('virtual');
    await saveScreenshot(page, 'settings-cloud-printer');
  });
});
