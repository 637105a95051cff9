import {
  allocateNtd,
  CARRIER_TYPE_LABEL,
  includedTax,
  INVOICE_KIND_LABEL,
  INVOICE_STANDING_LABEL,
  ISSUED_VIA_LABEL,
  labelOf,
  OPERATION_LABEL,
  PAYMENT_METHOD_LABEL,
  RECORD_LABEL,
  RETURN_STATE_LABEL,
  taipeiDateTime,
  TAX_TYPE_LABEL,
  TX_STATE_LABEL,
  DRAWER_PART_LABEL,
  DRAWER_PART_SIGN,
  DRAWER_PARTS,
  FIGURE_PARTS,
  movementPart,
  type Bilingual,
} from '../../shared/domain';
import { DAY_MODE_LABEL, type DayMode } from '../journal/day-mode';
import type { DaySnapshot, PriceChangeRow, SheetRecord } from '../journal/day-snapshot';
import { paymentPairs } from '../journal/rows';
import { summaryMethodKey } from '../journal/summary';
import type { DaySummary } from '../journal/types';
import { csvCell, quotedTextCell } from './csv';
import type { ExportHeaders } from './types';

export type { SheetRecord } from '../journal/day-snapshot';

/**
 * The day's export for spreadsheets and accountants: three tables, each a list of columns with a
 * machine name (`key`), Chinese and English headers and a kind that says how its cells are
 * written.
 *
 * - `transactions`: one row per sale and per void, allowance and allowance void (returns
 *   negative, an allowance void positive), with the invoice's standing, amounts split as the
 *   return counts them and the money per payment method;
 * - `lines`: one row per sold or returned line, with the discount it got;
 * - `cash`: the drawer's movements (cash taken, cash refunded, drawer openings, and a shift's
 *   shifts' floats, paid-in/out, cash drops and counts) with the expected cash after each.
 *
 * Headers `zh` or `en` write the headers, the words beside each code, and yes/no in that
 * language; identifiers (tax IDs, carriers, invoice, order and random numbers) in quotes, plain
 * (csv.ts `quotedTextCell`: no `="…"`, the CSV is for scripts); one Taipei time column. Headers
 * `codes` write the keys as headers and every cell plain, for programs (the words in Chinese). The
 * same columns make the .xlsx's sheets with typed cells (xlsx.ts), which is what people open.
 */
type SheetHeaders = ExportHeaders;

type Cell = string | number | null;
type Lang = 'zh' | 'en';

/**
 * `id`: an identifier kept as text; `text`: free text, kept as typed; `code`: a machine code;
 * `number` (a count); `money` (NT$: the xlsx formats it); `time`: `YYYY-MM-DD HH:mm:ss` (spreadsheets read it as a date and time); `flag`: yes/no.
 */
type ColumnKind = 'id' | 'text' | 'code' | 'number' | 'money' | 'time' | 'flag';

export interface SheetColumn<Row> {
  key: string;
  title: Bilingual;
  kind: ColumnKind;
  value: (row: Row, lang: Lang) => Cell | boolean;
}

const column = <Row>(
  key: string,
  zh: string,
  en: string,
  kind: ColumnKind,
  value: SheetColumn<Row>['value'],
): SheetColumn<Row> => ({ key, title: { zh, en }, kind, value });

/** A code and, right after it, its words from the glossary (`state` = `issued`, `state_label` = 已開立). */
function coded<Row>(
  key: string,
  title: Bilingual,
  table: Readonly<Record<string, Bilingual>> | ((row: Row) => Readonly<Record<string, Bilingual>>),
  code: (row: Row) => string | null,
): SheetColumn<Row>[] {
  return [
    column(key, `${title.zh}代碼`, `${title.en} code`, 'code', code),
    column(`${key}_label`, title.zh, title.en, 'text', (row, lang) => {
      const value = code(row);
      if (value === null) return null;
      return labelOf(typeof table === 'function' ? table(row) : table, value)[lang];
    }),
  ];
}

export const YES_NO: Record<Lang, [string, string]> = { zh: ['是', '否'], en: ['Yes', 'No'] };

/** The header row. */
export function sheetHeader<Row>(columns: readonly SheetColumn<Row>[], headers: SheetHeaders): string {
  return columns.map((c) => csvCell(headers === 'codes' ? c.key : c.title[headers])).join(',') + '\r\n';
}

/** One row, each cell written as its kind asks in the chosen variant. */
export function sheetRow<Row>(columns: readonly SheetColumn<Row>[], row: Row, headers: SheetHeaders): string {
  const lang: Lang = headers === 'en' ? 'en' : 'zh';
  const forPeople = headers !== 'codes';
  return (
    columns
      .map((c) => {
        const value = c.value(row, lang);
        if (value === null) return '';
        if (typeof value === 'boolean') {
          return forPeople ? csvCell(YES_NO[lang][value ? 0 : 1]) : csvCell(value);
        }
        if (typeof value === 'number' || !forPeople) return csvCell(value);
        if (c.kind === 'id') return quotedTextCell(value);
        return csvCell(value);
      })
      .join(',') + '\r\n'
  );
}

/** `2026-11-22T03:02:00.000Z` → `2026-11-22 11:02:00` (Asia/Taipei). */
export function taipeiCell(iso: string | null): string | null {
  if (iso === null) return null;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : taipeiDateTime(at).replace('T', ' ');
}

// ---------------------------------------------------------------- the rows read

const stateTable = (row: { record: string }) => (row.record === 'sale' ? TX_STATE_LABEL : RETURN_STATE_LABEL);

/**
 * Sales, tax and the rest as the return counts them, per row: a business (B) invoice as charged;
 * a consumer (C) invoice's taxable part is stated tax included, so the tax inside it is taken out
 * here (per invoice; the summary takes it out of the day's sum, as the return does the period's,
 * so their totals may differ by rounding). An allowance states its own split. Always
 * sales + tax + zero-rated + exempt = total.
 */
export function returnSplit(row: SheetRecord): { sales: number; tax: number } {
  if (row.record === 'allowance' || row.record === 'allowance-void' || row.invoice_kind === 'business') {
    return { sales: row.sales_amount, tax: row.tax_amount };
  }
  const tax = Math.sign(row.sales_amount) * includedTax(Math.abs(row.sales_amount));
  return { sales: row.sales_amount - tax, tax };
}

/** The money of a row per payment column: cash, card, and everything else (`other`, an old journal's names). */
function paid(row: SheetRecord, column: 'cash' | 'card' | 'other'): number {
  let sum = 0;
  for (const [method, amount] of readPairs(row.payments)) {
    const key = summaryMethodKey(method);
    if ((key === 'cash' || key === 'card' ? key : 'other') === column) sum += amount;
  }
  return row.sign * sum;
}

/** `[[method, amount], …]` as stored, or nothing when it does not read (never a thrown export). */
function readPairs(text: string): [string, number][] {
  try {
    return paymentPairs(text).filter(
      (pair): pair is [string, number] =>
        Array.isArray(pair) && typeof pair[1] === 'number' && Number.isFinite(pair[1]),
    );
  } catch {
    return [];
  }
}

const dayColumns = <Row extends { created_at: string; business_day: string; till_id: string | null }>() => [
  column<Row>('time', '時間（台北）', 'Time (Taipei)', 'time', (r) => taipeiCell(r.created_at)),
  column<Row>('business_day', '營業日', 'Business day', 'time', (r) => r.business_day),
  column<Row>('till_id', '收銀機', 'Till', 'id', (r) => r.till_id),
];

export const TRANSACTION_COLUMNS: readonly SheetColumn<SheetRecord>[] = [
  ...dayColumns<SheetRecord>(),
  column('cashier', '收銀員', 'Cashier', 'text', (r) => r.cashier),
  column('order_no', '訂單編號', 'Order number', 'id', (r) => r.order_no),
  ...coded<SheetRecord>('record', { zh: '紀錄', en: 'Record' }, RECORD_LABEL, (r) => r.record),
  ...coded<SheetRecord>('state', { zh: '狀態', en: 'State' }, stateTable, (r) => r.state),
  ...coded<SheetRecord>(
    'invoice_state',
    { zh: '發票效力', en: 'Invoice standing' },
    INVOICE_STANDING_LABEL,
    (r) => r.invoice_state,
  ),
  ...coded<SheetRecord>(
    'invoice_kind',
    { zh: '發票種類', en: 'Invoice kind' },
    INVOICE_KIND_LABEL,
    (r) => r.invoice_kind,
  ),
  column('invoice_number', '發票號碼', 'Invoice number', 'id', (r) => r.invoice_number),
  // Offline-issued invoices (the till's own numbers, issue 27) are marked for the accountant.
  ...coded<SheetRecord>(
    'issued_via',
    { zh: '開立方式', en: 'Issued' },
    ISSUED_VIA_LABEL,
    (r) => r.issued_via,
  ),
  column('random_number', '隨機碼', 'Random code', 'id', (r) => r.random_number),
  column('allowance_number', '折讓單號', 'Allowance number', 'id', (r) => r.allowance_number),
  column('total_amount', '總計（含稅）', 'Total (tax incl.)', 'money', (r) => r.total_amount),
  column(
    'sales_amount',
    '應稅銷售額（未稅）',
    'Taxable sales (excl. tax)',
    'money',
    (r) => returnSplit(r).sales,
  ),
  column('tax_amount', '稅額', 'Tax', 'money', (r) => returnSplit(r).tax),
  column(
    'zero_tax_sales_amount',
    '零稅率銷售額',
    'Zero-rated sales',
    'money',
    (r) => r.zero_tax_sales_amount,
  ),
  column('free_tax_sales_amount', '免稅銷售額', 'Exempt sales', 'money', (r) => r.free_tax_sales_amount),
  column('cash', PAYMENT_METHOD_LABEL.cash.zh, PAYMENT_METHOD_LABEL.cash.en, 'money', (r) => paid(r, 'cash')),
  column('card', PAYMENT_METHOD_LABEL.card.zh, PAYMENT_METHOD_LABEL.card.en, 'money', (r) => paid(r, 'card')),
  column('other', PAYMENT_METHOD_LABEL.other.zh, PAYMENT_METHOD_LABEL.other.en, 'money', (r) =>
    paid(r, 'other'),
  ),
  column('approval_codes', '信用卡授權碼', 'Card approval code', 'id', (r) => r.approval_codes),
  column('buyer_tax_id', '買方統一編號', 'Buyer tax ID', 'id', (r) => r.buyer_tax_id),
  column('buyer_title', '買方名稱', 'Buyer name', 'text', (r) => r.buyer_title),
  ...coded<SheetRecord>(
    'carrier_type',
    { zh: '載具類別', en: 'Carrier type' },
    CARRIER_TYPE_LABEL,
    (r) => r.carrier_type,
  ),
  column('carrier_id', '載具號碼', 'Carrier ID', 'id', (r) => r.carrier_id),
  column('love_code', '愛心碼', 'Love code', 'id', (r) => r.love_code),
  column('return_reason', '退貨原因', 'Return reason', 'text', (r) => r.return_reason),
  column('reissue_of', '改開自訂單編號', 'Reissue of', 'id', (r) => r.reissue_of),
  column('last_message', '最後訊息', 'Last message', 'text', (r) => r.last_message),
  column('training', '練習模式', 'Training', 'flag', (r) => r.training === 1),
];

// ---------------------------------------------------------------- line items

/** One sold or returned line. Amounts tax included; a return's negative (an allowance void's positive). */
export interface LineRow {
  sale: SheetRecord;
  /** The line's number on the invoice (`DetailID` / the allowance's `SequenceNumber`): `001`, … */
  lineNo: string;
  name: string;
  taxType: string | null;
  quantity: number;
  unitPrice: number | null;
  /** Before the discount lines' share. */
  gross: number;
  /** The discount lines' share it got (positive off a sale); an allowance's line has none. */
  discount: number;
  amount: number;
}

interface StoredLine {
  name: string;
  quantity: number;
  unitPrice: number;
  subTotal: number;
  taxType: string;
}

interface StoredReturnLine {
  sequence: string;
  name: string;
  quantity: number;
  refundAmount: number;
}

/** A JSON array of objects from the journal, each kept only if it has the fields asked for. */
function readArray<T>(text: string | null, fits: (value: Record<string, unknown>) => boolean): T[] {
  if (text === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const list = Array.isArray(parsed)
    ? parsed
    : parsed !== null && typeof parsed === 'object' && Array.isArray((parsed as { lines?: unknown }).lines)
      ? (parsed as { lines: unknown[] }).lines
      : [];
  return list.filter(
    (item): item is T =>
      item !== null &&
      typeof item === 'object' &&
      !Array.isArray(item) &&
      fits(item as Record<string, unknown>),
  );
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const saleLinesOf = (body: string | null): StoredLine[] =>
  readArray<StoredLine>(
    body,
    (l) =>
      typeof l.name === 'string' &&
      isNumber(l.quantity) &&
      isNumber(l.unitPrice) &&
      isNumber(l.subTotal) &&
      typeof l.taxType === 'string',
  );

const returnLinesOf = (text: string | null): StoredReturnLine[] =>
  readArray<StoredReturnLine>(
    text,
    (l) =>
      typeof l.sequence === 'string' &&
      typeof l.name === 'string' &&
      isNumber(l.quantity) &&
      isNumber(l.refundAmount),
  );

const sequenceOf = (index: number) => String(index + 1).padStart(3, '0');

/**
 * A sale's lines with the discount each got. The till folds a cart's discounts into the lines'
 * tax-inclusive unit prices (the journal keeps no list price), so the discount a line shows is
 * its share of the sale's discount lines (a negative line, as `checkout.submit` takes them),
 * shared over the positive lines of the same tax type in proportion (splitTax sums discounts per
 * tax type). A discount line that has no line to share over stays a row of its own.
 */
export function saleLines(sale: SheetRecord, sign: 1 | -1): LineRow[] {
  const lines = saleLinesOf(sale.body);
  const shares = new Map<number, number>();
  const unshared: number[] = [];
  for (const taxType of new Set(lines.map((l) => l.taxType))) {
    const positive = lines.flatMap((l, i) => (l.taxType === taxType && l.subTotal > 0 ? [i] : []));
    const discount = -lines.reduce(
      (sum, l) => sum + (l.taxType === taxType && l.subTotal < 0 ? l.subTotal : 0),
      0,
    );
    if (discount === 0) continue;
    if (positive.length === 0) {
      lines.forEach((l, i) => l.taxType === taxType && l.subTotal < 0 && unshared.push(i));
      continue;
    }
    const split = allocateNtd(
      discount,
      positive.map((i) => lines[i]!.subTotal),
    );
    positive.forEach((i, k) => shares.set(i, split[k]!));
  }
  return lines.flatMap((line, i) => {
    if (line.subTotal < 0 && !unshared.includes(i)) return [];
    const discount = shares.get(i) ?? 0;
    return [
      {
        sale,
        lineNo: sequenceOf(i),
        name: line.name,
        taxType: line.taxType,
        quantity: sign * line.quantity,
        unitPrice: line.unitPrice,
        gross: sign * line.subTotal,
        discount: sign * discount,
        amount: sign * (line.subTotal - discount),
      },
    ];
  });
}

/** The rows of one record: a sale's lines, a void's (the sale's, negative), an allowance's (its own). */
export function linesOf(row: SheetRecord): LineRow[] {
  if (row.record === 'sale') return saleLines(row, 1);
  if (row.record === 'void') return saleLines(row, -1);
  const sold = saleLinesOf(row.body);
  const returned = returnLinesOf(row.record === 'allowance' ? row.return_lines : row.target_lines);
  return returned.map((line) => {
    const index = Number.parseInt(line.sequence, 10) - 1;
    const amount = row.sign * line.refundAmount;
    return {
      sale: row,
      lineNo: line.sequence,
      name: line.name,
      taxType: Number.isInteger(index) && index >= 0 && index < sold.length ? sold[index]!.taxType : null,
      quantity: row.sign * line.quantity,
      // A price reduction has no quantity: no unit price to show.
      unitPrice: line.quantity > 0 ? Number((line.refundAmount / line.quantity).toFixed(4)) : null,
      gross: amount,
      discount: 0,
      amount,
    };
  });
}

export const LINE_COLUMNS: readonly SheetColumn<LineRow>[] = [
  column('time', '時間（台北）', 'Time (Taipei)', 'time', (r) => taipeiCell(r.sale.created_at)),
  column('business_day', '營業日', 'Business day', 'time', (r) => r.sale.business_day),
  column('till_id', '收銀機', 'Till', 'id', (r) => r.sale.till_id),
  column('order_no', '訂單編號', 'Order number', 'id', (r) => r.sale.order_no),
  column('invoice_number', '發票號碼', 'Invoice number', 'id', (r) => r.sale.invoice_number),
  column('allowance_number', '折讓單號', 'Allowance number', 'id', (r) => r.sale.allowance_number),
  ...coded<LineRow>('record', { zh: '紀錄', en: 'Record' }, RECORD_LABEL, (r) => r.sale.record),
  ...coded<LineRow>(
    'state',
    { zh: '狀態', en: 'State' },
    (r) => stateTable(r.sale),
    (r) => r.sale.state,
  ),
  ...coded<LineRow>(
    'invoice_state',
    { zh: '發票效力', en: 'Invoice standing' },
    INVOICE_STANDING_LABEL,
    (r) => r.sale.invoice_state,
  ),
  column('line_no', '項次', 'Line', 'id', (r) => r.lineNo),
  column('name', '品名', 'Item', 'text', (r) => r.name),
  ...coded<LineRow>('tax_type', { zh: '稅別', en: 'Tax type' }, TAX_TYPE_LABEL, (r) => r.taxType),
  column('quantity', '數量', 'Quantity', 'number', (r) => r.quantity),
  column('unit_price', '單價（含稅）', 'Unit price (tax incl.)', 'money', (r) => r.unitPrice),
  column('gross_amount', '折扣前金額', 'Before discount', 'money', (r) => r.gross),
  column('discount', '折扣', 'Discount', 'money', (r) => r.discount),
  column('amount', '金額（含稅）', 'Amount (tax incl.)', 'money', (r) => r.amount),
  column('training', '練習模式', 'Training', 'flag', (r) => r.sale.training === 1),
];

// ---------------------------------------------------------------- the drawer

export const CASH_MOVEMENT_LABEL = {
  'cash-sale': { zh: '現金收款', en: 'Cash taken' },
  'cash-refund': { zh: '現金退款', en: 'Cash refunded' },
  'cash-taken-back': { zh: '作廢折讓收回現金', en: 'Cash taken back' },
  'drawer-open': { zh: '開錢櫃', en: 'Drawer opened' },
  float: { zh: '開班零用金', en: 'Opening float' },
  'paid-in': { zh: '收入（補零錢）', en: 'Paid in' },
  'paid-out': { zh: '支出（零用金）', en: 'Paid out' },
  'cash-drop': { zh: DRAWER_PART_LABEL.cashDrops.zh, en: 'Cash drop' },
  count: { zh: '關班點鈔', en: 'Closing count' },
} as const satisfies Record<string, Bilingual>;
export type CashMovement = keyof typeof CASH_MOVEMENT_LABEL;

/** One movement of a drawer (or a count of it), with what the drawer should hold after it. */
export interface CashRow {
  at: string;
  business_day: string;
  till_id: string | null;
  training: boolean | null;
  movement: CashMovement;
  who: string | null;
  /** The supervisor who approved it with the PIN (a paid-in/out, a cash drop, a drawer opening), named beside `who`. */
  approved_by: string | null;
  order_no: string | null;
  invoice_number: string | null;
  allowance_number: string | null;
  /** The till's shift the movement fell in (its number that day); null outside a shift. */
  shift: number | null;
  /** The sale's or the return's state (its code); null for the drawer's own movements. */
  state: string | null;
  record: string | null;
  /** Cash in (+) or out (−). */
  amount: number;
  /**
   * What the drawer should hold after this movement (its till and mode; a shift's float
   * included); null on a row of no till (a drawer opened outside a sale names none).
   */
  balance: number | null;
  counted: number | null;
  overShort: number | null;
  note: string | null;
}

/**
 * The day's shifts from their journal entries (schema 8, shift-entries.ts): each opening's float,
 * each paid-in / paid-out / cash drop, and each closing's blind count and over/short, as drawer rows.
 */
export function shiftCashRows(snapshot: DaySnapshot): CashRow[] {
  const day = snapshot.businessDay;
  const opened = snapshot.shiftEntries({ kinds: ['shift.opened'], businessDay: day });
  if (opened.length === 0) return [];
  const shifts = new Map(opened.map((entry) => [entry.entryId, entry.payload]));
  const row = (at: string, fields: Partial<CashRow> & Pick<CashRow, 'movement' | 'amount'>): CashRow => ({
    at,
    business_day: day,
    till_id: null,
    training: null,
    who: null,
    approved_by: null,
    order_no: null,
    invoice_number: null,
    allowance_number: null,
    shift: null,
    state: null,
    record: null,
    balance: null,
    counted: null,
    overShort: null,
    note: null,
    ...fields,
  });
  const rows: CashRow[] = opened.map((entry) =>
    row(entry.at, {
      movement: 'float',
      amount: entry.payload.floatAmount,
      till_id: entry.payload.tillId,
      training: entry.payload.training,
      who: entry.payload.name,
      shift: entry.payload.number,
    }),
  );
  // A paid-in, paid-out or cash drop names its shift (the opening's entry id), not the day.
  const movements = snapshot.shiftEntries({
    kinds: ['shift.cash-movement'],
    afterEntryId: Math.min(...shifts.keys()),
  });
  for (const entry of movements) {
    const shift = shifts.get(entry.payload.shiftId);
    if (shift === undefined) continue;
    rows.push(
      row(entry.at, {
        movement: entry.payload.kind,
        amount: DRAWER_PART_SIGN[movementPart(entry.payload.kind)] * entry.payload.amount,
        till_id: entry.payload.tillId,
        training: shift.training,
        // The cashier at the till, and beside them the supervisor who approved (issue 22, item 7);
        // an older entry names only who the PIN was given for.
        who: entry.payload.name ?? entry.payload.by,
        approved_by:
          entry.payload.approvedBy ??
          (entry.payload.name !== undefined && entry.payload.by !== entry.payload.name
            ? entry.payload.by
            : null),
        shift: shift.number,
        note: entry.payload.reason,
      }),
    );
  }
  for (const entry of snapshot.shiftEntries({ kinds: ['shift.closed'], businessDay: day })) {
    rows.push(
      row(entry.at, {
        movement: 'count',
        amount: 0,
        till_id: entry.payload.tillId,
        training: entry.payload.training,
        who: entry.payload.name,
        shift: entry.payload.number,
        counted: entry.payload.countedCash,
        overShort: entry.payload.cashOverShort,
      }),
    );
  }
  return rows;
}

/**
 * The day's cash movements in time order, with the expected cash after each per till and mode
 * (training apart): cash taken by every sale (whatever became of its request, as the summary
 * counts it), cash paid back by done returns, drawer openings, and the shifts' floats, paid-in /
 * paid-out, cash drops and counts. Without shifts the movements add up to the summary's `expectedCash`; with
 * them the floats, paid-in/out and drops are in too, and a closing count's row shows the drawer's
 * expected cash beside the counted one, after which the till's balance starts again from the
 * next shift's float (the counted cash leaves the drawer with the closing cashier).
 * A card sale moves no cash and has no row.
 */
export function* cashRows(snapshot: DaySnapshot): Generator<CashRow> {
  const balances = new Map<string, number>();
  const currentShift = new Map<string, number | null>();
  const pending = shiftCashRows(snapshot).sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const settle = (row: CashRow): CashRow => {
    if (row.till_id === null) return { ...row, balance: null };
    const key = `${row.till_id}:${row.training === true ? 1 : 0}`;
    const balance = (balances.get(key) ?? 0) + row.amount;
    if (row.movement === 'float') currentShift.set(key, row.shift);
    const shift = row.shift ?? currentShift.get(key) ?? null;
    if (row.movement === 'count') {
      balances.set(key, 0);
      currentShift.set(key, null);
    } else {
      balances.set(key, balance);
    }
    return { ...row, balance, shift };
  };
  for (const row of snapshot.cashSources()) {
    while (pending.length > 0 && pending[0]!.at <= row.at) yield settle(pending.shift()!);
    const cash =
      row.money === null
        ? 0
        : readPairs(row.money).reduce((sum, [method, amount]) => sum + (method === 'cash' ? amount : 0), 0);
    if (row.source !== 'drawer-open' && cash === 0) continue;
    const movement: CashMovement =
      row.source === 'sale'
        ? 'cash-sale'
        : row.source === 'drawer-open'
          ? 'drawer-open'
          : row.source === 'allowance-void'
            ? 'cash-taken-back'
            : 'cash-refund';
    yield settle({
      at: row.at,
      business_day: row.business_day,
      till_id: row.till_id,
      training: row.training === null ? null : row.training === 1,
      movement,
      who: row.who,
      approved_by: row.approved,
      order_no: row.order_no,
      invoice_number: row.invoice_number,
      allowance_number: row.allowance_number,
      shift: null,
      state: row.state,
      record: row.source === 'drawer-open' ? null : row.source,
      amount: row.sign * cash,
      balance: null,
      counted: null,
      overShort: null,
      note: row.note,
    });
  }
  for (const row of pending) yield settle(row);
}

export const CASH_COLUMNS: readonly SheetColumn<CashRow>[] = [
  column('time', '時間（台北）', 'Time (Taipei)', 'time', (r) => taipeiCell(r.at)),
  column('business_day', '營業日', 'Business day', 'time', (r) => r.business_day),
  column('till_id', '收銀機', 'Till', 'id', (r) => r.till_id),
  column('shift', '班次', 'Shift', 'number', (r) => r.shift),
  ...coded<CashRow>('movement', { zh: '類別', en: 'Movement' }, CASH_MOVEMENT_LABEL, (r) => r.movement),
  column('who', '經手人', 'By', 'text', (r) => r.who),
  column('approved_by', '核准主管', 'Approved by', 'text', (r) => r.approved_by),
  column('order_no', '訂單編號', 'Order number', 'id', (r) => r.order_no),
  column('invoice_number', '發票號碼', 'Invoice number', 'id', (r) => r.invoice_number),
  column('allowance_number', '折讓單號', 'Allowance number', 'id', (r) => r.allowance_number),
  ...coded<CashRow>(
    'state',
    { zh: '狀態', en: 'State' },
    (r) => (r.record === 'sale' ? TX_STATE_LABEL : RETURN_STATE_LABEL),
    (r) => r.state,
  ),
  column('amount', '金額', 'Amount', 'money', (r) => r.amount),
  column('balance', '錢櫃應有', 'Expected in drawer', 'money', (r) => r.balance),
  column('counted', '點鈔金額', 'Counted', 'money', (r) => r.counted),
  column('over_short', '溢（短）', 'Over (short)', 'money', (r) => r.overShort),
  column('note', '說明', 'Note', 'text', (r) => r.note),
  column('training', '練習模式', 'Training', 'flag', (r) => r.training),
];

// ---------------------------------------------------------------- price changes

/**
 * The day's price changes (issue 28: who, when, the product, old and new price), from the
 * journal's `catalog.product-saved` records; the name is the product's as saved.
 */
export const PRICE_CHANGE_COLUMNS: readonly SheetColumn<PriceChangeRow & { business_day: string }>[] = [
  column('time', '時間（台北）', 'Time (Taipei)', 'time', (r) => taipeiCell(r.at)),
  column('business_day', '營業日', 'Business day', 'time', (r) => r.business_day),
  column('by', '變更人員', 'Changed by', 'text', (r) => r.by),
  column('code', '品號', 'Product code', 'id', (r) => r.code),
  column('name', '品名', 'Product name', 'text', (r) => r.name),
  column('old_price', '原售價', 'Old price', 'money', (r) => r.old_price),
  column('price', '新售價', 'New price', 'money', (r) => r.price),
];

export function priceChangeRows(snapshot: DaySnapshot): (PriceChangeRow & { business_day: string })[] {
  return snapshot.priceChanges().map((row) => ({ ...row, business_day: snapshot.businessDay }));
}

// ---------------------------------------------------------------- the summary

/** One figure of the day summary as a row: what it is (block, section, item, each a code and its words) and its numbers. */
export interface SummarySheetRow {
  block: 'mode' | 'sales' | 'training' | 'chain';
  section: SummarySection;
  item: string;
  items: Readonly<Record<string, Bilingual>>;
  count: number | null;
  amount: number | null;
  tax: number | null;
  /** A text figure: the chain head's hash and check code. */
  value: string | null;
}

const BLOCK_LABEL = {
  mode: { zh: '模式', en: 'Mode' },
  sales: { zh: '銷售', en: 'Sales' },
  training: { zh: '練習模式（不列入營收）', en: 'Training (not sales)' },
  chain: { zh: '日誌', en: 'Journal' },
} as const satisfies Record<string, Bilingual>;

const SECTION_LABEL = {
  mode: { zh: '匯出資料', en: 'Exported data' },
  invoices: { zh: '發票（依申報）', en: 'Invoices (as the return counts them)' },
  'invoice-kind': { zh: '有效發票（依種類）', en: 'Standing invoices by kind' },
  tax: { zh: '稅額（依申報）', en: 'Tax (as the return counts it)' },
  state: { zh: '交易（依狀態）', en: 'Sales by state' },
  operation: { zh: '交易（依開立方式）', en: 'Sales by operation' },
  payment: { zh: '收款（依付款方式）', en: 'Money taken by method' },
  returns: { zh: '退貨', en: 'Returns' },
  refund: { zh: '退款（依付款方式）', en: 'Refunds by method' },
  net: { zh: '淨額', en: 'Net' },
  'net-payment': { zh: '淨額（依付款方式）', en: 'Net by method' },
  drawer: { zh: '錢櫃', en: 'Drawer' },
  // The one set of figures (issue 22, item 15): per method and in all; money off negative.
  'figures-gross': { zh: '開立（依付款方式）', en: 'Gross by method' },
  'figures-voids': { zh: '作廢（依付款方式）', en: 'Voids by method' },
  'figures-allowances': { zh: '折讓（依付款方式）', en: 'Allowances by method' },
  'figures-net': {
    zh: '淨額（開立−作廢−折讓，依付款方式）',
    en: 'Net (gross − voids − allowances) by method',
  },
  head: { zh: '日誌鏈頭', en: 'Chain head' },
} as const satisfies Record<string, Bilingual>;
type SummarySection = keyof typeof SECTION_LABEL;

const ITEM_LABEL = {
  all: { zh: '全部', en: 'All' },
  standing: { zh: '有效發票', en: 'Standing invoices' },
  voided: { zh: '已作廢發票（不計入）', en: 'Voided invoices (not counted)' },
  business: { zh: '統一編號發票（依發票稅額）', en: 'Tax ID invoices (tax as charged)' },
  consumer: { zh: '消費者發票（總額內含）', en: 'Consumer invoices (tax inside the totals)' },
  total: { zh: '稅額合計', en: 'Tax in all' },
  'allowance-tax': { zh: '折讓稅額', en: 'Allowance tax' },
  pending: { zh: '待確認（未計入）', en: 'Needs verification (not counted)' },
  expected_cash: { zh: '應有現金', en: 'Expected cash' },
  generated_at: { zh: '產生時間（台北）', en: 'Made at (Taipei)' },
  head_entry: { zh: '紀錄編號', en: 'Entry' },
  head_hash: { zh: '雜湊', en: 'Hash' },
  head_check: { zh: '核對碼', en: 'Check code' },
} as const satisfies Record<string, Bilingual>;

const RETURN_ITEM_LABEL = { ...RECORD_LABEL, ...ITEM_LABEL };

/**
 * The summary's figures as rows, in the order the slip prints them. Signs as in the legacy CSV:
 * money out (returns, refunds) negative. First the day's mode (day-mode.ts), as the slip's band
 * comes first: a training day's figures must not be read as its takings.
 */
export function summarySheetRows(summary: DaySummary, mode: DayMode): SummarySheetRow[] {
  const rows: SummarySheetRow[] = [];
  const push = (
    block: SummarySheetRow['block'],
    section: SummarySection,
    item: string,
    items: Readonly<Record<string, Bilingual>>,
    figures: { count?: number | null; amount?: number | null; tax?: number | null; value?: string | null },
  ) =>
    rows.push({
      block,
      section,
      item,
      items,
      count: figures.count ?? null,
      amount: figures.amount ?? null,
      tax: figures.tax ?? null,
      value: figures.value ?? null,
    });
  push('mode', 'mode', mode, DAY_MODE_LABEL, {});
  for (const block of ['sales', 'training'] as const) {
    const data = summary[block];
    const inv = data.invoices;
    push(block, 'invoices', 'standing', ITEM_LABEL, { ...inv.standing, tax: inv.tax.total });
    push(block, 'invoices', 'voided', ITEM_LABEL, inv.voided);
    for (const [kind, figures] of Object.entries(inv.byKind)) {
      push(block, 'invoice-kind', kind, INVOICE_KIND_LABEL, figures);
    }
    push(block, 'tax', 'business', ITEM_LABEL, { tax: inv.tax.business });
    push(block, 'tax', 'consumer', ITEM_LABEL, { tax: inv.tax.consumer });
    push(block, 'tax', 'total', ITEM_LABEL, { tax: inv.tax.total });
    push(block, 'tax', 'allowance-tax', ITEM_LABEL, { tax: -inv.allowanceTax });
    for (const [state, figures] of Object.entries(data.byState))
      push(block, 'state', state, TX_STATE_LABEL, figures);
    for (const [operation, figures] of Object.entries(data.byOperation)) {
      push(block, 'operation', operation, OPERATION_LABEL, figures);
    }
    for (const [method, figures] of Object.entries(data.byPaymentMethod)) {
      push(block, 'payment', method, PAYMENT_METHOD_LABEL, figures);
    }
    const r = data.returns;
    push(block, 'returns', 'void', RETURN_ITEM_LABEL, { count: r.voids.count, amount: -r.voids.amount });
    push(block, 'returns', 'allowance', RETURN_ITEM_LABEL, {
      count: r.allowances.count,
      amount: -r.allowances.amount,
    });
    push(block, 'returns', 'allowance-void', RETURN_ITEM_LABEL, r.allowanceVoids);
    push(block, 'returns', 'pending', RETURN_ITEM_LABEL, r.pending);
    push(block, 'returns', 'all', RETURN_ITEM_LABEL, { amount: -r.amount });
    for (const [method, figures] of Object.entries(r.byPaymentMethod)) {
      push(block, 'refund', method, PAYMENT_METHOD_LABEL, { count: figures.count, amount: -figures.amount });
    }
    push(block, 'net', 'all', ITEM_LABEL, { amount: data.net.amount });
    for (const [method, figures] of Object.entries(data.net.byPaymentMethod)) {
      push(block, 'net-payment', method, PAYMENT_METHOD_LABEL, figures);
    }
    // Gross, voids, allowances, net per method and in all, as the screen, slips and Z show them.
    for (const part of FIGURE_PARTS) {
      const sign = part === 'voids' || part === 'allowances' ? -1 : 1;
      for (const row of data.figures.byMethod) {
        push(block, `figures-${part}`, row.method, PAYMENT_METHOD_LABEL, { amount: sign * row[part] });
      }
      push(block, `figures-${part}`, 'all', ITEM_LABEL, {
        ...(part === 'gross' ? { count: data.figures.issuedCount } : {}),
        amount: sign * data.figures.total[part],
      });
    }
    // The drawer's parts as the slips name them (money out negative), then its expected cash.
    for (const part of DRAWER_PARTS) {
      push(block, 'drawer', part, DRAWER_PART_LABEL, { amount: DRAWER_PART_SIGN[part] * data.drawer[part] });
    }
    push(block, 'drawer', 'expected_cash', ITEM_LABEL, { amount: data.expectedCash });
  }
  const head = summary.chainHead;
  push('chain', 'head', 'generated_at', ITEM_LABEL, { value: taipeiCell(summary.generatedAt) });
  push('chain', 'head', 'head_entry', ITEM_LABEL, { count: head.entryId });
  push('chain', 'head', 'head_hash', ITEM_LABEL, { value: head.hash });
  push('chain', 'head', 'head_check', ITEM_LABEL, { value: `#${head.entryId}:${head.hash.slice(0, 16)}` });
  return rows;
}

export const SUMMARY_COLUMNS: readonly SheetColumn<SummarySheetRow>[] = [
  ...coded<SummarySheetRow>('block', { zh: '區塊', en: 'Block' }, BLOCK_LABEL, (r) => r.block),
  ...coded<SummarySheetRow>('section', { zh: '類別', en: 'Section' }, SECTION_LABEL, (r) => r.section),
  ...coded<SummarySheetRow>(
    'item',
    { zh: '項目', en: 'Item' },
    (r) => r.items,
    (r) => r.item,
  ),
  column('count', '筆數', 'Count', 'number', (r) => r.count),
  column('amount', '金額', 'Amount', 'money', (r) => r.amount),
  column('tax', '稅額', 'Tax', 'money', (r) => r.tax),
  column('value', '內容', 'Value', 'id', (r) => r.value),
];
