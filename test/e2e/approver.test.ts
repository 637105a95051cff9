import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { taipeiBusinessDay } from '../../src/shared/domain';
import { dialogProblems } from './support/layout';
import { SUPERVISOR_PIN, textOf, tillForFile } from './support/till-session';

/**
 * Issue 22, item 7, from the screen: the PIN dialogs of a paid-out, a drawer opening and the Z
 * report ask who approves (a name field), and the cash table then names that supervisor beside
 * the cashier; the Z report names them beside its maker.
 */
async function approve(page: Page, name: string): Promise<void> {
  await page.getByTestId('pin-dialog').waitFor();
  await page.getByTestId('pin-approver').fill(name);
  await page.getByTestId('pin-input').fill(SUPERVISOR_PIN);
  await page.getByTestId('pin-confirm').click();
  await page.getByTestId('pin-dialog').waitFor({ state: 'detached' });
}

describe('the approver named from the PIN dialog', () => {
  const till = tillForFile('approver', {
    setUp: async (session) => {
      await session.call('cashiers.save', {
        cashier: { id: 'A01', name: '王小明', pin: '1357', active: true, supervisor: false },
        pin: SUPERVISOR_PIN,
      });
      await session.call('session.signIn', { cashierId: 'A01', pin: '1357' });
      await session.call('shift.open', { float: { '1000': 1 }, takeOver: false });
    },
  });

  it('a paid-out, a drawer opening and the Z report each name who approved', async () => {
    const { page, session } = till;
    await page.getByTestId('nav-shift').click();
    await page.keyboard.press('F7');
    await page.getByTestId('movement-dialog').waitFor();
    await page.getByTestId('movement-amount').fill('100');
    await page.getByTestId('movement-quick-reason').first().click();
    await page.getByTestId('movement-confirm').click();
    await page.getByTestId('pin-approver').waitFor();
    // The dialog with its name field fits the smallest counter screen.
    expect(await dialogProblems(page, 'pin-dialog')).toEqual([]);
    await approve(page, '陳店長');
    await page.getByTestId('movement-dialog').waitFor({ state: 'detached' });

    await session.call('shift.close', { count: { '500': 1, '100': 4 }, otherCounted: [] });
    await page.getByTestId('nav-closing').click();
    await page.getByTestId('open-drawer').click();
    await approve(page, '林主管');
    await page.getByTestId('drawer-opened').waitFor();

    await page.getByTestId('z-report').click();
    await approve(page, '陳店長');
    await page.getByTestId('z-report-view').waitFor();
    expect(await textOf(page, 'z-report-facts')).toContain('由 王小明 製作・陳店長 核准');
    await page.getByTestId('z-report-close').click();

    const today = taipeiBusinessDay(new Date());
    const copy = await session.call('day.zReportCopy', { businessDay: today, pin: SUPERVISOR_PIN });
    expect(copy).toMatchObject({ madeBy: '王小明', approvedBy: '陳店長' });

    const folder = join(session.dataDir, 'exports');
    mkdirSync(folder, { recursive: true });
    const exported = await session.call('journal.export', {
      businessDay: today,
      format: 'csv',
      headers: 'en',
      tables: ['cash'],
      folder,
      pin: SUPERVISOR_PIN,
    });
    const file = exported.files.find((written) => written.table === 'cash')!.file;
    const text = readFileSync(file, 'utf8');
    const lines = text.split(/\r?\n/);
    const paidOut = lines.find((line) => line.includes('Paid out'))!;
    expect(paidOut).toContain('王小明');
    expect(paidOut).toContain('陳店長');
    const opened = lines.find((line) => line.includes('Drawer opened'))!;
    expect(opened).toContain('林主管');
  });
});
