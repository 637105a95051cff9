import { describe, expect, it } from 'vitest';
import { checkEverySize } from './support/layout';
import { SUPERVISOR_PIN, textOf, tillForFile } from './support/till-session';

/**
 * Issue 22, item 14, on the shift screen: after a shift closed with a count, the next cashier is
 * offered to take over the drawer as counted (one drawer, not new money) instead of counting a
 * float in; the shift then opens with the count of the shift before.
 */
describe('shift open: take over the drawer as counted', () => {
  const till = tillForFile('shift-take-over', {
    setUp: async (session) => {
      await session.call('cashiers.save', {
        cashier: { id: 'A01', name: '王小明', pin: '1357', active: true, supervisor: false },
        pin: SUPERVISOR_PIN,
      });
      await session.call('cashiers.save', {
        cashier: { id: 'B02', name: '李小華', pin: '2468', active: true, supervisor: false },
        pin: SUPERVISOR_PIN,
      });
      await session.call('session.signIn', { cashierId: 'A01', pin: '1357' });
      await session.call('shift.open', { float: { '1000': 1 }, takeOver: false });
      // A's drawer counted at the close: 1 × 1000 + 2 × 100 = NT$1,200.
      await session.call('shift.close', { count: { '1000': 1, '100': 2 }, otherCounted: [] });
      await session.call('session.signIn', { cashierId: 'B02', pin: '2468' });
    },
  });

  it('offers the take-over with the counted amount, and the shift opens with that drawer', async () => {
    const { page, session } = till;
    await page.getByTestId('nav-shift').click();
    await page.getByTestId('shift-take-over').waitFor();
    expect(await textOf(page, 'shift-take-over')).toBe('接手上一班的錢櫃（依點算金額） NT$1,200');
    expect(await checkEverySize(page, 'shift-screen', 'shift-take-over', { wholeInView: true })).toEqual([]);
    await page.getByTestId('language-toggle').click();
    expect(await textOf(page, 'shift-take-over')).toBe('Take over the drawer as counted NT$1,200');
    await page.getByTestId('language-toggle').click();

    await page.getByTestId('shift-take-over').click();
    await page.getByTestId('sell-screen').waitFor();
    const current = await session.call('session.current', {});
    expect(current.shift).toMatchObject({ number: 2, state: 'open', openedBy: '李小華', takenOverFrom: 1 });
  });
});
