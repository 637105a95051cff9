import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/chromium';
import { E2E_VARIANTS, scan, smallButtons, textOf, tillForFile } from './support/till-session';

const GREEN_TEA = '4710088001177'; // NT$25 taxable
const BENTO = '4710421001178'; // 招牌排骨便當 NT$79 taxable
const NEWSPAPER = '4713302001175'; // 聯合報 NT$15 exempt

// The first sale runs in every provider variant (the training service speaks it, the till signs
// and reads it); the others are about the screens, and run once (the suite's time on CI).
describe.each(E2E_VARIANTS)('checkout with a paper proof, cash and a split payment (%s)', (variant) => {
  const till = tillForFile(`paper-${variant}`, { variant });
  const profileOnly = it.runIf(variant === 'profile');
  /** Screenshots of the profile's run keep their names (the docs use them). */
  const shot = (name: string) => (variant === 'profile' ? name : `${name}-${variant}`);

  it('takes cash with change and issues a paper proof through /Append/Order', async () => {
    const { page, session } = till;
    await scan(page, GREEN_TEA);
    await scan(page, BENTO);
    await scan(page, GREEN_TEA);
    await expect.poll(() => textOf(page, 'cart-total')).toBe('NT$129');
    await page.keyboard.press('F10');
    await page.getByTestId('checkout-screen').waitFor();
    expect(await textOf(page, 'checkout-total')).toBe('NT$129');
    expect(await page.getByTestId('invoice-paper').getAttribute('aria-checked')).toBe('true');

    // Too little cash: the pay key stays off and the shortfall is said.
    await page.getByTestId('cash-tendered').fill('100');
    expect(await textOf(page, 'payment-error')).toContain('收款不足，尚差 29 元');
    expect(await page.getByTestId('pay').isDisabled()).toBe(true);

    await page.getByTestId('quick-500').click();
    expect(await textOf(page, 'change')).toBe('NT$371');
    // Touch: every button on the checkout screen is at least 44 px square.
    expect(await smallButtons(page)).toEqual([]);
    await saveScreenshot(page, shot('checkout-paper'));
    await page.keyboard.press('F12');

    await page.getByTestId('result-screen').waitFor();
    expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('issued');
    expect(await textOf(page, 'invoice-number')).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(await textOf(page, 'result-change')).toBe('NT$371');
    expect(await textOf(page, 'result-kind')).toBe('紙本證明聯');
    // The proof came out of the (virtual) printer: the provider's print data, or, where the
    // provider sends none (SystemLead), the proof the till built; no warning either way.
    await page.getByTestId('print-preview').waitFor();
    expect(await page.getByTestId('print-no-data').count()).toBe(0);
    await saveScreenshot(page, shot('result-paper'));

    const orderNo = await textOf(page, 'result-order');
    const detail = await session.call('journal.get', { orderNo });
    expect(detail?.transaction.state).toBe('issued');
    expect(detail?.transaction.operation).toBe('order');
    expect(detail?.transaction.totals.totalAmount).toBe(129);
    // Recorded net of change: the sale kept 129 of the 500 handed over.
    expect(detail?.transaction.payments).toEqual([
      expect.objectContaining({ method: 'cash', amount: 129, tendered: 500, change: 371 }),
    ]);
    // The random code the till drew is journaled with the order; SystemLead's is the invoice's.
    const sent = (detail?.transaction.requestData as { RandomNumber?: string }).RandomNumber;
    expect(sent).toMatch(/^\d{4}$/);
    if (variant === 'systemlead') {
      expect(detail?.transaction.randomNumber).toBe(sent);
      expect(detail?.issue?.printDataStatus).toBe('missing');
    } else {
      expect(detail?.issue?.printDataStatus).toBe('ok');
    }
    expect(detail?.prints).toEqual([expect.objectContaining({ kind: 'proof', state: 'printed' })]);

    await page.keyboard.press('F10');
    await page.getByTestId('sell-screen').waitFor();
    expect(await page.getByTestId('cart-line').count()).toBe(0);
  });

  profileOnly(
    'sends discounts inside the lines so the invoice total is what the customer pays, mixed tax included',
    async () => {
      const { page, session } = till;
      await scan(page, BENTO);
      await scan(page, NEWSPAPER);
      await scan(page, NEWSPAPER);
      await page.keyboard.press('F6');
      await page.getByTestId('order-discount-dialog').waitFor();
      await page.getByTestId('number-input').fill('10');
      await page.getByTestId('number-confirm').click();
      await expect.poll(() => textOf(page, 'cart-total')).toBe('NT$99'); // 79 + 30 − 10
      await page.keyboard.press('F10');

      // Split: NT$39 by card, the rest in cash with change.
      await page.getByTestId('pay-split').click();
      await page.getByTestId('split-amount-0').fill('60');
      await page.getByTestId('split-add-card').click();
      await page.getByTestId('split-amount-1').fill('39');
      expect(await textOf(page, 'change')).toBe('NT$0');
      await page.getByTestId('split-amount-0').fill('70');
      expect(await textOf(page, 'change')).toBe('NT$10');
      await page.keyboard.press('F12');
      await page.getByTestId('result-screen').waitFor();
      expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('issued');
      expect(await textOf(page, 'result-change')).toBe('NT$10');

      const detail = await session.call('journal.get', { orderNo: await textOf(page, 'result-order') });
      const tx = detail!.transaction;
      expect(tx.totals).toMatchObject({
        totalAmount: 99,
        salesAmount: 72,
        freeTaxSalesAmount: 27,
        taxAmount: 0,
      });
      expect(tx.lines.map((line) => [line.taxType, line.quantity, line.subTotal])).toEqual([
        ['taxable', 1, 72],
        ['exempt', 2, 27],
      ]);
      expect(tx.lines[1]!.unitPrice).toBe(13.5);
      expect(tx.payments.map((p) => [p.method, p.amount, p.tendered ?? null, p.change ?? null])).toEqual([
        ['cash', 60, 70, 10],
        ['card', 39, null, null],
      ]);
      await page.keyboard.press('F10');
    },
  );

  profileOnly(
    'shows a rejection with its reason, keeps the cart, and sends again under the same order number',
    async () => {
      const { page, session } = till;
      await scan(page, BENTO);
      await page.keyboard.press('F10');
      await page.getByTestId('pay-card').click();
      await session.injectFault('status-0');
      await page.keyboard.press('F12');
      await page.getByTestId('result-screen').waitFor();
      expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('rejected');
      // The cashier reads words; the service's own text is under the technical details.
      expect(await textOf(page, 'result-message')).not.toContain('Service temporarily unavailable');
      expect(await page.getByTestId('result-detail').textContent()).toContain(
        'Service temporarily unavailable',
      );
      await saveScreenshot(page, 'result-rejected');

      // Back to the checkout: the cart is still there.
      await page.getByTestId('back-to-checkout').click();
      await page.getByTestId('checkout-screen').waitFor();
      expect(await textOf(page, 'checkout-total')).toBe('NT$79');
      await page.keyboard.press('F12');
      await page.getByTestId('result-screen').waitFor();
      expect(await page.getByTestId('result-screen').getAttribute('data-state')).toBe('issued');

      // The next customer's first item, scanned on the result screen, starts the next sale.
      await scan(page, NEWSPAPER);
      await page.getByTestId('sell-screen').waitFor();
      await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);
      expect(await textOf(page, 'cart-total')).toBe('NT$15');
    },
  );
});
