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

const BENTO = '4710421001178'; // 招牌排骨便當 NT$79 taxable
const TAX_ID = '04595252';
const TITLE = '測試股份有限公司';

describe('改開: void a sale and reissue it with a tax ID, from the journal', () => {
  const till = tillForFile('returns-reissue');

  it('voids the paper sale and issues a new invoice for the business buyer, linked to the voided one', async () => {
    const { page, session } = till;
    await scan(page, BENTO);
    await page.getByTestId('cart-line').waitFor();
    await page.keyboard.press('F10');
    await page.getByTestId('checkout-screen').waitFor();
    await page.keyboard.press('F12');
    await page.getByTestId('result-screen').waitFor();
    const orderNo = await textOf(page, 'result-order');
    const invoice = await textOf(page, 'invoice-number');
    await page.keyboard.press('F10');

    // The buyer comes back with a tax ID: the journal's sale detail leads to the returns screen.
    await page.getByTestId('nav-journal').click();
    await page.locator(`[data-testid="journal-row"][data-order="${orderNo}"]`).click();
    await page.getByTestId('detail-return').click();
    await page.getByTestId('returns-sale').waitFor();
    expect(await textOf(page, 'returns-invoice')).toBe(invoice);
    await expect.poll(() => page.getByTestId('returns-plan').getAttribute('data-kind')).toBe('void');

    // F6: 改開, through the checkout's own invoice choice (F6 there: tax ID).
    await page.keyboard.press('F6');
    await page.getByTestId('reissue-panel').waitFor();
    expect(await page.getByTestId('returns-reason-wrong-invoice').getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('F6');
    await page.getByTestId('tax-id').fill('12345678');
    expect(await textOf(page, 'tax-id-error')).toContain('統一編號');
    expect(await page.getByTestId('reissue-confirm').isDisabled()).toBe(true);
    await page.getByTestId('tax-id').fill(TAX_ID);
    await page.getByTestId('buyer-title').fill(TITLE);
    expect(await page.getByTestId('reissue-confirm').isDisabled()).toBe(false);
    expect(await smallButtons(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'returns-reissue-choice');

    await page.keyboard.press('F12');
    await page.getByTestId('pin-dialog').waitFor();
    await page.getByTestId('pin-input').fill(SUPERVISOR_PIN);
    await page.keyboard.press('Enter');

    await page.getByTestId('returns-outcome').waitFor();
    expect(await page.getByTestId('returns-outcome').getAttribute('data-state')).toBe('done');
    expect(await page.getByTestId('returns-outcome').getAttribute('data-kind')).toBe('void');
    const newInvoice = await textOf(page, 'reissue-invoice');
    expect(newInvoice).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(newInvoice).not.toBe(invoice);
    expect(await textOf(page, 'reissue-replaces')).toContain(invoice);
    const newOrder = await textOf(page, 'reissue-order');
    expect(newOrder).not.toBe(orderNo);
    await page.getByTestId('returns-slip-preview').waitFor();
    expect(await textOf(page, 'returns-slip-caption')).toContain('發票作廢通知');
    expect(await textOf(page, 'returns-slip-caption')).toContain('已列印');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'returns-reissue-done');

    // The journal: the new sale is a B invoice linked to the voided one, which is voided.
    const reissued = (await session.call('journal.get', { orderNo: newOrder }))!.transaction;
    expect(reissued.reissueOf).toBe(orderNo);
    expect(reissued.invoice).toMatchObject({ kind: 'business', buyerTaxId: TAX_ID, buyerTitle: TITLE });
    expect(reissued.totals.totalAmount).toBe(79);
    const found = await session.call('returns.find', { by: 'order', orderNo });
    expect(found.matches[0]!.voidState).toBe('voided');

    // The new sale's detail names the sale it replaces.
    await page.keyboard.press('Escape');
    await page.getByTestId('nav-journal').click();
    await page.locator(`[data-testid="journal-row"][data-order="${newOrder}"]`).click();
    expect(await textOf(page, 'detail-reissue-of')).toContain(orderNo);
    expect(await textOf(page, 'detail-reissue-of')).toContain(invoice);
  });

  it('a 改開 whose void is 待確認 is owed on the returns and closing screens, and issued once the void stands', async () => {
    const { page, session } = till;
    const sale = await session.call('checkout.submit', {
      lines: [{ name: '便當', quantity: 1, unitPrice: 79, taxType: 'taxable' }],
      payments: [{ method: 'cash', amount: 79 }],
      invoice: { kind: 'paper' },
    });
    expect(sale.state).toBe('issued');
    await session.call('training.drill', { drill: 'lost-answer', pin: SUPERVISOR_PIN, by: '店長' });
    const first = await session.call('returns.submit', {
      kind: 'void-and-reissue',
      orderNo: sale.orderNo,
      invoice: { kind: 'business', buyerTaxId: TAX_ID, buyerTitle: TITLE },
      reason: '改統編',
      pin: SUPERVISOR_PIN,
      by: '店長',
    });
    expect(first).toMatchObject({ state: 'needs-verification', reissueOwed: true, reissue: null });
    // As the e-invoice service lists it, on every screen (issue 24, item 8; before: TR-00000002).
    const invoice = sale.invoiceNumber!;

    // The returns screen and the closing screen say a new invoice is owed.
    await page.getByTestId('nav-returns').click();
    await page.getByTestId('owed-reissues').waitFor();
    expect(await textOf(page, 'owed-reissue')).toContain(invoice);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'returns-reissue-owed');
    await page.keyboard.press('Escape');
    await page.getByTestId('nav-closing').click();
    await page.getByTestId('owed-reissues').waitFor();
    expect(await textOf(page, 'owed-reissue')).toContain(invoice);

    // The journal's "to verify" tab checks the void; once it stands the reissue is issued.
    await page.keyboard.press('Escape');
    await page.getByTestId('nav-journal').click();
    await page.getByTestId('tab-verify').click();
    const item = page.locator(`[data-testid="pending-return"][data-return="${first.returnId}"]`);
    expect(await item.getByTestId('pending-return-reissue').textContent()).toContain('改開待開立');
    await item.getByTestId('pending-return-check').click();
    await page.getByTestId('pin-input').fill(SUPERVISOR_PIN);
    await page.keyboard.press('Enter');
    await page.getByTestId('settled-return').waitFor();
    expect(await textOf(page, 'settled-return')).toContain('改開');
    const owed = await session.call('returns.pending', {});
    expect(owed.items.some((pending) => pending.returnId === first.returnId)).toBe(false);
    const found = await session.call('returns.find', { by: 'order', orderNo: sale.orderNo });
    expect(found.matches[0]!.voidState).toBe('voided');
  });
});
