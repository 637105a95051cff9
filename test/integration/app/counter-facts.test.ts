import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { taipeiBusinessDay } from '../../../src/shared/domain';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';

import { order, PIN, useShiftRig } from '../shifts/harness';

/** The CSV's rows as objects by header (no quoted commas in these files' cells). */
function csvRows(file: string): Record<string, string>[] {
  const [head, ...rows] = readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const names = head!.split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((cell, i) => [names[i]!, cell])));
}

/**
 * Issue 24, item 10: what a Taiwanese counter records beside a sale, through the core as the hosts
 * run it (the training service over HTTP, the journal in SQLite).
 */
describe('a card sale keeps its approval code: in the journal detail and the export', () => {
  const rig = useShiftRig('counter-facts-approval');
  const today = taipeiBusinessDay(new Date());

  const withCode = (code: string, method: 'card' | 'cash' = 'card') => {
    const payload = order([['拿鐵', 1, 60]], [[method, 60]]);
    return { ...payload, payments: [{ ...payload.payments[0]!, approvalCode: code }] };
  };

  it('keeps the code typed at payment (upper case) with the sale, and shows it in the journal detail', async () => {
    const sale = await rig.call<CheckoutResult>('checkout.submit', withCode('ab12c4'));
    expect(sale.state).toBe('issued');
    const detail = await rig.call<{ transaction: { payments: unknown[] } }>('journal.get', {
      orderNo: sale.orderNo,
    });
    expect(detail.transaction.payments).toEqual([{ method: 'card', amount: 60, approvalCode: 'AB12C4' }]);

    const folder = join(rig.dir, 'exports');
    mkdirSync(folder);
    const codes = await rig.call<{ file: string }>('journal.export', {
      businessDay: today,
      format: 'csv',
      folder,
      headers: 'codes',
      tables: ['transactions'],
      pin: PIN,
    });
    const row = csvRows(codes.file).find((r) => r.order_no === sale.orderNo)!;
    expect(row.approval_codes).toBe('AB12C4');
    const zh = await rig.call<{ file: string }>('journal.export', {
      businessDay: today,
      format: 'csv',
      folder,
      headers: 'zh',
      tables: ['transactions'],
      pin: PIN,
    });
    const zhRow = csvRows(zh.file).find((r) => r['訂單編號']?.includes(sale.orderNo))!;
    // An identifier, quoted as the other ids of that variant (plain values since issue 26: the XLSX is for people).
    expect(zhRow['信用卡授權碼']).toBe('"AB12C4"');
  });

  it('refuses a code with other characters, a code too long, and a code on a cash payment; nothing recorded', async () => {
    for (const [code, method, reason] of [
      ['AB-123', 'card', '授權碼只能有英文字母與數字'],
      ['A'.repeat(13), 'card', '授權碼最多 12 個字元'],
      ['123456', 'cash', '第 1 筆付款不是信用卡，不能有授權碼'],
    ] as const) {
      const before = await rig.head();
      const refusal = await rig.refusal('checkout.submit', withCode(code, method));
      expect(refusal.message.zh).toContain(reason);
      expect(await rig.head()).toBe(before);
    }
  });
});
