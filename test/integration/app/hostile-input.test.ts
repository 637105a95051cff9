import fc from 'fast-check';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Journal } from '../../../src/main/journal/journal';
import { taipeiBusinessDay } from '../../../src/shared/domain';
import { methodNames } from '../../../src/shared/ipc/contract';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import type { IpcResult } from '../../../src/shared/ipc/result';
import { paperOrder } from '../checkout/harness';
import { beginSale, NOON_TAIPEI } from '../journal/fixtures';
import { openTestCore } from '../../support/test-core';

/**
 * Hostile input through the core's one entry, dispatch, in training mode (issue 11, items 3, 4
 * and 10): whatever a payload holds, the answer is a result with a bilingual reason, nothing
 * outside the call changes (no key lands on Object.prototype), and a normal sale, the summary
 * and the export still work afterwards. The journal starts as an older one that holds payment
 * methods the contract used to let through (`__proto__`, `constructor`).
 */
const OLD_DAY = taipeiBusinessDay(NOON_TAIPEI);
const PIN = '2468';
const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
];

/** An object whose keys are own properties even when they are `__proto__` (as JSON.parse makes them). */
const ownObject = (entries: Array<[string, unknown]>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries)
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
};
const nest = (depth: number): unknown => {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

const protoKey = fc.constantFrom(...PROTO_KEYS);
const controlString = fc.string({
  unit: fc.oneof(
    fc.integer({ min: 0, max: 0x9f }).map((cp) => String.fromCharCode(cp)),
    fc.constantFrom('\u202e', '\u2066', '\u2028', '可', 'p', 'V'),
  ),
  minLength: 1,
  maxLength: 12,
});
const nanLike = fc.constantFrom(
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '0x1F',
  '',
  ' ',
  '１２３',
  '٣',
);
const hugeNumber = fc.oneof(
  fc.constantFrom(
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    2 ** 53 + 2,
    1e21,
    -1e21,
    5e-324,
    NaN,
    Infinity,
    -Infinity,
    -0,
  ),
  fc.double(),
);
const hostileString = fc.oneof(protoKey, controlString, nanLike, fc.string({ maxLength: 40 }));
const leaf = fc.oneof(
  hostileString,
  hugeNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
  fc.constant('x'.repeat(100_000)),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: leaf },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 3000 }).map(nest) },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 4 }) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(fc.oneof(protoKey, fc.string({ maxLength: 8 })), leaf), { maxLength: 4 })
      .map(ownObject),
  },
);

/** Payloads each method would take, which the property then spoils one field at a time. */
const TEMPLATES: Record<string, () => Record<string, unknown>> = {
  'checkout.submit': () => ({
    ...paperOrder(),
    payments: [{ method: 'cash', amount: 200, reference: 'R1' }],
    cashier: 'Amy',
  }),
  'journal.summary': () => ({ businessDay: OLD_DAY }),
  'journal.list': () => ({ businessDay: OLD_DAY, limit: 10 }),
  'journal.export': () => ({ businessDay: OLD_DAY, format: 'csv', folder: '/nonexistent-folder' }),
  'catalog.search': () => ({ query: '可樂', limit: 5 }),
  'catalog.import': () => ({
    source: { kind: 'text', text: 'code,name,category,price\r\nA1,可樂,飲料,30', fileName: 'a.csv' },
    mode: 'merge',
  }),
  // No PIN: a spoilt patch that still passed would be refused (the PIN is set), so no address
  // is ever saved and nothing connects; the head-office fields' checks (URL, PEM) see every value.
  'settings.update': () => ({
    patch: {
      sellerName: '練習商店',
      headOfficeUrl: 'postgres://till@127.0.0.1:1/hq',
      headOfficeStoreId: 'S1',
      headOfficeTls: 'verify',
      headOfficeCaCert: '',
    },
    secrets: { headOfficePassword: 'feed-only' },
  }),
  'verification.resolve': () => ({ orderNo: 'T01-X', outcome: 'notIssued', by: 'Amy', note: 'n' }),
  'printing.printSummary': () => ({ businessDay: OLD_DAY }),
  'printing.preview': () => ({ orderNo: 'T01-X' }),
  'reconciliation.run': () => ({ businessDays: [OLD_DAY], trigger: 'on-demand' }),
  'reconciliation.store': () => ({
    businessDay: OLD_DAY,
    imports: [{ name: 'journal-T02.json', text: '{"format":"till-journal-export","version":2}' }],
    pin: PIN,
    by: 'Amy',
  }),
  'reconciliation.accept': () => ({ orderNo: 'T01-X', pin: PIN, by: 'Amy' }),
  // Shifts (issue 14). No supervisor PIN for cashiers.save: a spoilt payload that still passed
  // would add a cashier, and a till with cashiers waits for a sign-in (the last test sells).
  'cashiers.save': () => ({ cashier: { id: 'A01', name: 'Amy', pin: '1357', active: true } }),
  'session.signIn': () => ({ cashierId: 'A01', pin: '1357' }),
  'shift.open': () => ({ float: { '1000': 1, '100': 5, '1': 3 } }),
  'shift.cashMovement': () => ({ kind: 'paid-out', amount: 100, reason: '零用金' }),
  'shift.close': () => ({ count: { '500': 2 }, otherCounted: [{ method: 'card', amount: 10 }] }),
  'shift.list': () => ({ businessDay: OLD_DAY }),
  // The age check declined (issue 24, item 10): a product's code and name, from the screen.
  'counter.ageCheckDeclined': () => ({ code: 'P017', product: '金牌台灣啤酒 330ml' }),
  'day.zReportCopy': () => ({ businessDay: OLD_DAY, pin: PIN, print: false }),
  // Head office (issue 17): without an address the store view is refused in words, never `internal`.
  'headOffice.storeDay': () => ({ businessDay: OLD_DAY }),
};

/** Every path to a value in a template, so that one of them can be replaced. */
const pathsOf = (value: unknown, prefix: string[] = []): string[][] => {
  if (value === null || typeof value !== 'object') return [prefix];
  return [prefix, ...Object.entries(value).flatMap(([key, member]) => pathsOf(member, [...prefix, key]))];
};
const replaceAt = (value: unknown, path: string[], replacement: unknown): unknown => {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string, ...string[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>;
  copy[head] = replaceAt(copy[head], rest, replacement);
  return copy;
};

/** One hostile call: a whole hostile payload, or a good one with one field spoilt or one key added. */
const hostileCall = fc.oneof(
  fc.tuple(fc.constantFrom(...methodNames), hostileValue),
  fc
    .tuple(fc.constantFrom(...Object.keys(TEMPLATES)), fc.nat(), hostileValue)
    .map(([method, pick, value]) => {
      const template = TEMPLATES[method]!();
      const paths = pathsOf(template);
      return [method, replaceAt(template, paths[pick % paths.length]!, value)] as const;
    }),
  fc
    .tuple(fc.constantFrom(...Object.keys(TEMPLATES)), protoKey, hostileValue)
    .map(
      ([method, key, value]) =>
        [method, ownObject([...Object.entries(TEMPLATES[method]!()), [key, value]])] as const,
    ),
);

describe('hostile input through dispatch', () => {
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
  let oldOrders: string[] = [];
  const { dir, dispatch, call } = openTestCore('hostile-input', {
    pin: PIN,
    before({ dir, settings }) {
      // An older journal: sales whose payment methods the contract no longer accepts.
      const journal = Journal.open(join(dir, 'journal.sqlite'));
      oldOrders = [
        beginSale(journal, { total: 100, payments: [{ method: '__proto__', amount: 100 }] }),
        beginSale(journal, { total: 50, payments: [{ method: 'constructor', amount: 50 }] }),
        beginSale(journal, { total: 30, payments: [{ method: 'line-pay', amount: 30 }] }),
        beginSale(journal, { total: 20, payments: [{ method: 'cash', amount: 20 }] }),
      ];
      journal.close();
      // Those sales are seller 12345678's (the journal fixtures'): a JSON export refuses a day of
      // another seller than the one set up, so the till is set up for it.
      settings.update({ companyId: '12345678' });
    },
  });
  const expectNothingLeaked = () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).count).toBeUndefined();
    expect(({} as Record<string, unknown>).amount).toBeUndefined();
  };
  const expectWellFormed = (method: string, result: IpcResult<unknown>) => {
    expect(typeof result.ok, method).toBe('boolean');
    if (result.ok) return;
    expect(result.error.code, `${method}: ${result.error.message.en}`).not.toBe('internal');
    expect(result.error.message.zh.length).toBeGreaterThan(0);
    expect(result.error.message.en.length).toBeGreaterThan(0);
  };

  it('sums an older journal’s hostile payment methods as unknown, without crashing or leaking', async () => {
    const summary = await call<{
      sales: { count: number; byPaymentMethod: Record<string, { count: number; amount: number }> };
    }>('journal.summary', { businessDay: OLD_DAY });
    expectNothingLeaked();
    expect(summary.sales.count).toBe(oldOrders.length);
    expect({ ...summary.sales.byPaymentMethod }).toEqual({
      unknown: { count: 2, amount: 150 },
      'line-pay': { count: 1, amount: 30 },
      cash: { count: 1, amount: 20 },
    });
    // Every other method still answers after it (before the fix, all of them said invalid-input).
    expect((await dispatch('app.status', {})).ok).toBe(true);
    expect((await dispatch('journal.list', { businessDay: OLD_DAY })).ok).toBe(true);
  });

  it('refuses a __proto__ payment method with invalid-input in zh-TW and English, and journals nothing', async () => {
    const today = taipeiBusinessDay(new Date());
    const before = await call<unknown[]>('journal.list', { businessDay: today });
    for (const method of ['__proto__', 'constructor', 'toString', 'line-pay']) {
      const result = await dispatch('checkout.submit', {
        ...paperOrder(),
        payments: [{ method, amount: 150 }],
      });
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
      if (result.ok) continue;
      expect(result.error.message.zh).toMatch(
        /^資料格式不正確，未執行「checkout\.submit」：第 1 筆付款的付款方式/,
      );
      expect(result.error.message.en).toMatch(
        /^Invalid input for checkout\.submit, nothing was done: The payment method of item 1 of the payments/,
      );
    }
    expectNothingLeaked();
    expect(await call<unknown[]>('journal.list', { businessDay: today })).toEqual(before);
  });

  it('refuses a line name with ESC p (drawer kick) or GS V (cut) with the reason in both languages', async () => {
    const today = taipeiBusinessDay(new Date());
    const before = await call<unknown[]>('journal.list', { businessDay: today });
    for (const name of ['可樂\u001bp\u0000\u0019\u00fa', '可樂\u001dV\u0001']) {
      const order = paperOrder();
      const result = await dispatch('checkout.submit', { ...order, lines: [{ ...order.lines[0]!, name }] });
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
      if (result.ok) continue;
      // The field in words (issue 22), with the plain-text rule's own reason.
      expect(result.error.message.zh).toMatch(/第 1 筆商品明細的名稱不正確：含有看不見的控制字元 U\+001[BD]/);
      expect(result.error.message.en).toMatch(
        /The name of item 1 of the lines is not right: The text contains an invisible control character U\+001[BD]/,
      );
    }
    const csv = await dispatch('catalog.import', {
      source: {
        kind: 'text',
        text: 'code,name,category,price\r\nA1,"可樂\u001bp",飲料,30',
        fileName: 'a.csv',
      },
      pin: PIN,
    });
    expect(csv).toMatchObject({ ok: true, value: { status: 'rejected', errorCount: 1 } });
    expect(await call<unknown[]>('journal.list', { businessDay: today })).toEqual(before);
  });

  it('refuses a business day that is not on the calendar', async () => {
    const result = await dispatch('journal.summary', { businessDay: '2026-02-30' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    if (!result.ok) expect(result.error.message.zh).toContain('不是日曆上的日期');
  });

  it('answers every contract method with a result for any hostile payload, and nothing leaks', async () => {
    await fc.assert(
      fc.asyncProperty(hostileCall, async ([method, payload]) => {
        const result = await dispatch(method, payload);
        expectWellFormed(method, result);
        expectNothingLeaked();
      }),
      { seed: 11, numRuns: 250, endOnFailure: true },
    );
    // Whatever got through was a sale the contract accepts: known methods, visible names.
    const today = taipeiBusinessDay(new Date());
    const items = await call<Array<{ orderNo: string; paymentMethods: string[] }>>('journal.list', {
      businessDay: today,
    });
    for (const item of items) {
      for (const method of item.paymentMethods) expect(['cash', 'card', 'other']).toContain(method);
    }
  });

  it('still sells, sums up, exports and prints the summary afterwards', async () => {
    expectNothingLeaked();
    const sale = await call<CheckoutResult>('checkout.submit', paperOrder());
    expect(sale.state).toBe('issued');
    const today = taipeiBusinessDay(new Date());
    const summary = await call<{ training: { byPaymentMethod: Record<string, { count: number }> } }>(
      'journal.summary',
      { businessDay: today },
    );
    // Training mode: the day's sales are training sales.
    expect(summary.training.byPaymentMethod.cash!.count).toBeGreaterThanOrEqual(1);

    const folder = join(dir, 'exports');
    mkdirSync(folder);
    const exported = await call<{ file: string; summaryFile: string }>('journal.export', {
      businessDay: OLD_DAY,
      format: 'csv',
      folder,
      pin: PIN,
      by: '店長',
    });
    const summaryCsv = readFileSync(exported.summaryFile, 'utf8');
    // The contract's default is the spreadsheet variant: the code and its words beside it.
    expect(summaryCsv).toContain('sales,銷售,payment,收款（依付款方式）,unknown,不明,2,150');
    expect(summaryCsv).not.toContain('__proto__');
    const json = await call<{ file: string }>('journal.export', {
      businessDay: OLD_DAY,
      format: 'json',
      folder,
      pin: PIN,
      by: '店長',
    });
    const exportedJson = JSON.parse(readFileSync(json.file, 'utf8'));
    expect(exportedJson).toHaveProperty('summary');
    // The hostile methods are values in the payments, never keys of anything.
    expect(exportedJson.transactions[0].payments).toEqual([{ method: '__proto__', amount: 100 }]);
    expect(exportedJson).toMatchObject({ version: 2, companyId: '12345678', chain: { verified: true } });
    const printed = await dispatch('printing.printSummary', { businessDay: OLD_DAY });
    expectWellFormed('printing.printSummary', printed);
    expectNothingLeaked();
  });
});
