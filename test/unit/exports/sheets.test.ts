import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, quotedTextCell } from '../../../src/main/exports/csv';
import {
  CASH_COLUMNS,
  LINE_COLUMNS,
  linesOf,
  sheetHeader,
  sheetRow,
  SUMMARY_COLUMNS,
  TRANSACTION_COLUMNS,
  type CashRow,
  type SheetColumn,
  type SheetRecord,
} from '../../../src/main/exports/sheets';
import { readCsv } from '../../integration/journal/csv-reader';

/** The one cell a CSV line holds, as a strict RFC 4180 reader (Excel's) reads it. */
const readOne = (cell: string): string => {
  const rows = readCsv(`${cell}\r\n`);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toHaveLength(1);
  return rows[0]![0]!;
};

// Any text, with the characters CSV and spreadsheets treat specially made likely.
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc
    .array(
      fc.constantFrom('=', '+', '-', '@', '"', ',', '\r', '\n', '\t', ' ', '0', '1', '/', '茶', 'e', ':'),
      {
        maxLength: 20,
      },
    )
    .map((chars) => chars.join('')),
);

describe('CSV cells', () => {
  it('brings any text back from a cell, a formula-like start behind an apostrophe', () => {
    fc.assert(
      fc.property(text, (value) => {
        const back = readOne(csvCell(value));
        expect(back).toBe(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
      }),
    );
  });

  // Issue 26: the CSV is for scripts, plain values. It used to write identifiers as `="04595257"`,
  // which LibreOffice shows literally when it does not evaluate formulas on import.
  it('writes any identifier as its plain text in quotes, never a formula', () => {
    fc.assert(
      fc.property(text, (value) => {
        const cell = quotedTextCell(value);
        expect(cell.startsWith('"')).toBe(true);
        expect(cell.startsWith('"=')).toBe(false);
        expect(readOne(cell)).toBe(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
      }),
    );
    expect(quotedTextCell('04595257')).toBe('"04595257"');
    expect(quotedTextCell('/ABC+123')).toBe('"/ABC+123"');
    expect(quotedTextCell('=1+1')).toBe(`"'=1+1"`);
  });
});

const amount = fc.integer({ min: -99_999_999, max: 99_999_999 });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });

const record: fc.Arbitrary<SheetRecord> = fc.record({
  record: fc.constantFrom('sale', 'void', 'allowance', 'allowance-void'),
  order_no: fc.string({ maxLength: 30 }),
  till_id: fc.string({ maxLength: 12 }),
  business_day: fc.constant('2026-11-22'),
  created_at: fc.oneof(
    fc
      .date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString()),
    fc.string({ maxLength: 10 }),
  ),
  state: fc.constantFrom('issued', 'rejected', 'done', 'needs-verification', '__proto__', 'constructor'),
  training: fc.constantFrom(0, 1),
  invoice_kind: fc.constantFrom('paper', 'phone', 'carrier', 'donate', 'business', 'toString'),
  invoice_state: maybe(fc.constantFrom('standing', 'voided', 'none')),
  issued_via: maybe(fc.constantFrom('online', 'offline')),
  total_amount: amount,
  sales_amount: amount,
  tax_amount: amount,
  zero_tax_sales_amount: amount,
  free_tax_sales_amount: amount,
  payments: fc.oneof(
    fc
      .array(fc.tuple(fc.constantFrom('cash', 'card', 'other', '__proto__', 'line-pay'), amount), {
        maxLength: 3,
      })
      .map((pairs) => JSON.stringify(pairs)),
    fc.string({ maxLength: 10 }),
  ),
  sign: fc.constantFrom(1, -1),
  buyer_tax_id: maybe(text),
  buyer_title: maybe(text),
  carrier_type: maybe(fc.constantFrom('3J0002', 'CQ0001', 'XX')),
  carrier_id: maybe(text),
  love_code: maybe(text),
  invoice_number: maybe(text),
  random_number: maybe(text),
  allowance_number: maybe(text),
  return_reason: maybe(text),
  reissue_of: maybe(text),
  approval_codes: maybe(text),
  last_message: maybe(text),
  cashier: maybe(text),
  body: maybe(
    fc.oneof(
      fc
        .array(
          fc.record({
            name: text,
            quantity: fc.integer({ min: 1, max: 9 }),
            unitPrice: fc.integer({ min: -500, max: 500 }),
            taxType: fc.constantFrom('taxable', 'zero', 'exempt'),
          }),
          { maxLength: 4 },
        )
        .map((lines) =>
          JSON.stringify({ lines: lines.map((l) => ({ ...l, subTotal: l.quantity * l.unitPrice })) }),
        ),
      fc.string({ maxLength: 10 }),
    ),
  ),
  return_lines: maybe(fc.string({ maxLength: 10 })),
  target_lines: maybe(fc.string({ maxLength: 10 })),
});

const cashRow: fc.Arbitrary<CashRow> = fc.record({
  at: fc
    .date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  business_day: fc.constant('2026-11-22'),
  till_id: maybe(text),
  training: maybe(fc.boolean()),
  movement: fc.constantFrom(
    'cash-sale',
    'cash-refund',
    'drawer-open',
    'float',
    'paid-in',
    'paid-out',
    'count',
  ),
  who: maybe(text),
  approved_by: maybe(text),
  order_no: maybe(text),
  invoice_number: maybe(text),
  allowance_number: maybe(text),
  shift: maybe(fc.integer({ min: 1, max: 999 })),
  state: maybe(fc.constantFrom('issued', 'done', 'hasOwnProperty')),
  record: maybe(fc.constantFrom('sale', 'void')),
  amount,
  balance: maybe(amount),
  counted: maybe(amount),
  overShort: maybe(amount),
  note: maybe(text),
});

describe('the spreadsheet tables', () => {
  const tables: [string, readonly SheetColumn<never>[]][] = [
    ['transactions', TRANSACTION_COLUMNS as readonly SheetColumn<never>[]],
    ['lines', LINE_COLUMNS as readonly SheetColumn<never>[]],
    ['cash', CASH_COLUMNS as readonly SheetColumn<never>[]],
    ['summary', SUMMARY_COLUMNS as readonly SheetColumn<never>[]],
  ];

  it('names every column once in codes, Chinese and English, with a label right after each code', () => {
    for (const [name, columns] of tables) {
      for (const headers of ['codes', 'zh', 'en'] as const) {
        const header = readCsv(sheetHeader(columns, headers))[0]!;
        expect(header, `${name} ${headers}`).toHaveLength(columns.length);
        expect(new Set(header).size, `${name} ${headers}: no header twice`).toBe(header.length);
      }
      expect(readCsv(sheetHeader(columns, 'zh'))[0]!.join('')).toMatch(/^[^A-Za-z]*$/);
      columns.forEach((c, i) => {
        if (c.kind === 'code') expect(columns[i + 1]!.key, name).toBe(`${c.key}_label`);
      });
    }
  });

  it('writes as many cells as headers for any row, in every variant (transactions, lines, cash)', () => {
    fc.assert(
      fc.property(record, cashRow, fc.constantFrom('codes', 'zh', 'en' as const), (row, cash, headers) => {
        const width = (columns: readonly SheetColumn<never>[], data: unknown) => {
          const parsed = readCsv(sheetRow(columns, data as never, headers));
          expect(parsed).toHaveLength(1);
          expect(parsed[0]).toHaveLength(readCsv(sheetHeader(columns, headers))[0]!.length);
        };
        width(TRANSACTION_COLUMNS as readonly SheetColumn<never>[], row);
        for (const line of linesOf(row)) width(LINE_COLUMNS as readonly SheetColumn<never>[], line);
        width(CASH_COLUMNS as readonly SheetColumn<never>[], cash);
      }),
    );
  });

  it('shares a sale’s discount lines over its lines so they still add up to the total', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 900 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 100 }),
        (prices, percent) => {
          const gross = prices.reduce((a, b) => a + b, 0);
          const discount = Math.floor((gross * percent) / 100);
          const lines = prices.map((p, i) => ({
            name: `品${i}`,
            quantity: 1,
            unitPrice: p,
            subTotal: p,
            taxType: 'taxable',
          }));
          if (discount > 0)
            lines.push({
              name: '折扣',
              quantity: 1,
              unitPrice: -discount,
              subTotal: -discount,
              taxType: 'taxable',
            });
          const sale = { record: 'sale', sign: 1, body: JSON.stringify({ lines }) } as unknown as SheetRecord;
          const rows = linesOf(sale);
          expect(rows).toHaveLength(prices.length);
          expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(gross - discount);
          expect(rows.reduce((sum, r) => sum + r.discount, 0)).toBe(discount);
          for (const r of rows) expect(r.gross - r.discount).toBe(r.amount);
        },
      ),
    );
  });
});
