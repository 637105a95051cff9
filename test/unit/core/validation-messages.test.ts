import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDispatcher, type HandlerMap } from '../../../src/main/core/dispatch';
import { contract, methodNames } from '../../../src/shared/ipc/contract';
import { FIELD_LABELS } from '../../../src/shared/ipc/contract/labels';
import type { IpcResult } from '../../../src/shared/ipc/result';

/**
 * Bad input anywhere gets a clear bilingual message that names the field in words (issue 22):
 * the schema's issues in the cashier's words, never zod's English.
 */
const ran: string[] = [];
const handlers = Object.fromEntries(
  methodNames.map((method) => [
    method,
    async () => {
      ran.push(method);
      return null;
    },
  ]),
) as unknown as HandlerMap;
const dispatch = createDispatcher(handlers, { error() {} });
const ctx = { host: 'web' as const };

async function refusal(method: string, payload: unknown) {
  const result: IpcResult<unknown> = await dispatch(method, payload, ctx);
  if (result.ok) throw new Error(`${method} accepted ${JSON.stringify(payload)}`);
  expect(result.error.code).toBe('invalid-input');
  return result.error.message;
}

/** What follows the refusal's opening (`Invalid input for <method>, nothing was done: `). */
const said = (text: string) => text.slice(text.indexOf(': ') + 2);

/** zod's own wording, which a cashier must never read. */
const ZOD_ENGLISH =
  /Invalid input|Invalid option|Invalid discriminator|Invalid number|Invalid string|Invalid element|Invalid key|Too small|Too big|Unrecognized key|expected [a-z]|received [a-z]/;

describe('a refused payload names the field in words, in both languages', () => {
  it('a negative count in a shift close: the note or coin, not count.10', async () => {
    const message = await refusal('shift.close', { count: { '10': -1 } });
    expect(message.zh).toBe('資料格式不正確，未執行「shift.close」：面額 10 元的張數不能是負數');
    expect(message.en).toBe(
      'Invalid input for shift.close, nothing was done: The count of NT$10 cannot be negative',
    );
  });

  it('the fields a cashier or supervisor types', async () => {
    const cases: Array<[string, unknown, string, string]> = [
      [
        'shift.open',
        { float: { '500': 1.5 } },
        '開班零用金中面額 500 元的張數必須是整數',
        'The count of NT$500 in the float must be a whole number',
      ],
      ['settings.verifyPin', {}, 'PIN未填寫', 'The PIN is missing'],
      [
        'settings.verifyPin',
        { pin: '12' },
        'PIN格式不正確（須為4 到 12 位數字）',
        'The PIN is not in the right form (4 to 12 digits)',
      ],
      [
        'session.signIn',
        { cashierId: 'A01', pin: '1' },
        'PIN格式不正確（須為4 到 6 位數字）',
        'The PIN is not in the right form (4 to 6 digits)',
      ],
      ['shift.cashMovement', { kind: 'paid-out', amount: -5, reason: '零用金' }, '金額', 'The amount'],
      [
        'journal.list',
        { businessDay: '2026-02-30' },
        '營業日不正確：不是日曆上的日期',
        'The business day is not right',
      ],
      [
        'settings.verifyPin',
        { pin: '2468', extra: true },
        '資料有不認得的欄位：extra',
        'The input has fields the till does not know: extra',
      ],
    ];
    for (const [method, payload, zh, en] of cases) {
      const message = await refusal(method, payload);
      expect(message.zh, method).toContain(zh);
      expect(message.en, method).toContain(en);
      expect(said(message.en), method).not.toMatch(ZOD_ENGLISH);
    }
  });

  it('a line of a sale by its ordinal', async () => {
    const message = await refusal('checkout.submit', {
      lines: [
        { name: '可樂', quantity: 1, unitPrice: 30, taxType: 'taxable' },
        { name: '便當', quantity: 'two', unitPrice: 90, taxType: 'taxable' },
      ],
      payments: [{ method: 'cash', amount: 30 }],
      invoice: { kind: 'paper' },
    });
    expect(message.zh).toContain('第 2 筆商品明細的數量必須是數字');
    expect(message.en).toContain('The quantity of item 2 of the lines must be a number');
  });

  it('property: any invalid payload of any method: no zod English, and a field named', async () => {
    const labels = Object.values(FIELD_LABELS).map((label) => label.zh);
    const namesAField = (zh: string) =>
      labels.some((label) => zh.includes(label)) || /資料|欄位「|面額 \d+ 元/.test(zh);
    const value: fc.Arbitrary<unknown> = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.integer({ min: -5, max: 5 }),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.array(fc.integer(), { maxLength: 2 }),
    );
    /** The method's own keys (and some others), so that issues reach into the schema. */
    const keysOf = (method: string): string[] => {
      const shape = (contract[method as keyof typeof contract].input as unknown as { shape?: object }).shape;
      return [...Object.keys(shape ?? {}), 'x', '__proto__'];
    };
    const payload = (method: string) =>
      fc.oneof(
        value,
        fc.dictionary(
          fc.constantFrom(...keysOf(method)),
          fc.oneof(value, fc.dictionary(fc.string({ maxLength: 4 }), value)),
          {
            maxKeys: 4,
          },
        ),
      );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...methodNames).chain((method) => fc.tuple(fc.constant(method), payload(method))),
        async ([method, input]) => {
          const result = await dispatch(method, input, ctx);
          if (result.ok || result.error.code !== 'invalid-input') return;
          const { zh, en } = result.error.message;
          expect(said(en)).not.toMatch(ZOD_ENGLISH);
          expect(said(zh)).not.toMatch(ZOD_ENGLISH);
          expect(namesAField(zh), zh).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
