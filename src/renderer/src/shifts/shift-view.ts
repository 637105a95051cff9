import { formatNtd, taipeiDateTime, type Bilingual } from '../../../shared/domain';
import {
  DENOMINATIONS,
  type Denomination,
  type DenominationCount,
  type MethodReconciliation,
} from '../../../shared/ipc/contract/shifts';

/**
 * What the shift screens make of counts and reconciliations: pure, so the totals, the over/short
 * wording and the plurals are tested without a page (test/unit/renderer/shift-view.test.ts).
 * Main computes every figure that counts; these only add up what the cashier is typing and word
 * what main answered.
 */

export type DenominationKey = `${Denomination}`;

/** A count as typed: one text per note and coin ('' is none yet, taken as 0). */
export type CountForm = Record<DenominationKey, string>;

/** The contract's ceiling on one denomination's count. */
const MAX_PIECES = 100_000;

export const denominationKey = (denomination: Denomination): DenominationKey =>
  String(denomination) as DenominationKey;

export const emptyCountForm = (): CountForm =>
  Object.fromEntries(DENOMINATIONS.map((d) => [denominationKey(d), ''])) as CountForm;

/** NT$1,000 to NT$100 are notes; NT$50 and below are coins (what the cashier picks up). */
export const isNote = (denomination: Denomination): boolean => denomination >= 100;

export function denominationLabel(denomination: Denomination): { amount: string; kind: Bilingual } {
  return {
    amount: formatNtd(denomination),
    kind: isNote(denomination) ? { zh: '鈔票', en: 'note' } : { zh: '硬幣', en: 'coin' },
  };
}

/** What may stand in a count or amount field while it is typed: digits only (no sign, no decimals). */
export const canTypeWhole = (text: string): boolean => /^\d{0,7}$/.test(text);

/** Why a keystroke was not taken (a minus sign, a letter, a decimal point). */
export const WHOLE_NUMBER_RULE: Bilingual = {
  zh: '只能輸入 0 或正整數',
  en: 'Only whole numbers, 0 or more',
};

const piecesOf = (text: string): number => (text.trim() === '' ? 0 : Number(text));

/** One row's value: count × denomination (0 while empty or not a number yet). */
export function rowSubtotal(denomination: Denomination, text: string): number {
  const pieces = piecesOf(text);
  return Number.isInteger(pieces) && pieces >= 0 ? pieces * denomination : 0;
}

/** The running total of a count as typed. */
export function countFormTotal(form: CountForm): number {
  return DENOMINATIONS.reduce((sum, d) => sum + rowSubtotal(d, form[denominationKey(d)]), 0);
}

/** The value of a count as main received it (a closed shift's count, a float). */
export function countTotal(count: DenominationCount): number {
  return DENOMINATIONS.reduce((sum, d) => sum + (count[denominationKey(d)] ?? 0) * d, 0);
}

export type ParsedCount =
  | { ok: true; count: DenominationCount; total: number }
  | { ok: false; reason: Bilingual; denomination: Denomination };

/**
 * The count for the contract: empty rows left out (main reads them as 0), each row a whole
 * number from 0 to 100,000, as main checks too.
 */
export function parseCountForm(form: CountForm): ParsedCount {
  const count: DenominationCount = {};
  for (const denomination of DENOMINATIONS) {
    const key = denominationKey(denomination);
    const text = form[key].trim();
    if (text === '') continue;
    const pieces = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(pieces)) {
      return { ok: false, reason: WHOLE_NUMBER_RULE, denomination };
    }
    if (pieces > MAX_PIECES) {
      const { amount } = denominationLabel(denomination);
      return {
        ok: false,
        reason: {
          zh: `${amount} 的張數太多（最多 100,000）`,
          en: `Too many of ${amount} (at most 100,000)`,
        },
        denomination,
      };
    }
    count[key] = pieces;
  }
  return { ok: true, count, total: countTotal(count) };
}

/** An amount field (card slips, paid-in): '' is nothing typed; otherwise a whole NT$ amount. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : null;
}

export type OverShortTone = 'over' | 'short' | 'even' | 'uncounted';

/**
 * Over or short in words as well as colour (a colour-blind manager reads the word): over is
 * more money than the till expected, short is less.
 */
export function overShortText(overShort: number | null): { tone: OverShortTone; text: Bilingual } {
  if (overShort === null) return { tone: 'uncounted', text: { zh: '未點算', en: 'Not counted' } };
  if (overShort === 0) return { tone: 'even', text: { zh: '相符', en: 'Even' } };
  const amount = formatNtd(Math.abs(overShort));
  return overShort > 0
    ? { tone: 'over', text: { zh: `溢收 ${amount}`, en: `Over ${amount}` } }
    : { tone: 'short', text: { zh: `短少 ${amount}`, en: `Short ${amount}` } };
}

/**
 * The one line a list of shifts shows per shift: each method that is not even, or "even"
 * when all are (null while the shift is still open).
 */
export function shiftOverShortSummary(
  reconciliation: readonly MethodReconciliation[] | null,
  methodLabel: (method: string) => Bilingual,
): { tone: OverShortTone; text: Bilingual } | null {
  if (!reconciliation) return null;
  const off = reconciliation.filter((row) => row.overShort !== null && row.overShort !== 0);
  if (off.length === 0) return overShortText(reconciliation.length === 0 ? null : 0);
  const parts = off.map((row) => {
    const label = methodLabel(row.method);
    const { text } = overShortText(row.overShort);
    return { zh: `${label.zh}${text.zh}`, en: `${label.en}: ${text.en}` };
  });
  // One tone for the row: short anywhere is what a manager must look at first.
  const tone: OverShortTone = off.some((row) => row.overShort! < 0) ? 'short' : 'over';
  return {
    tone,
    text: { zh: parts.map((p) => p.zh).join('，'), en: parts.map((p) => p.en).join(', ') },
  };
}

/** `第 2 班` / `Shift 2`. */
export const shiftName = (number: number): Bilingual => ({ zh: `第 ${number} 班`, en: `Shift ${number}` });

/** `Z0001`: the Z report's number as printed. */
export const zNumber = (number: number): string => `Z${String(number).padStart(4, '0')}`;

/** An ISO instant as the store's clock reads it: Asia/Taipei `14:03` (with the day when it is not `day`). */
export function taipeiClock(iso: string | null, day?: string): string {
  if (!iso) return '—';
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const text = taipeiDateTime(instant);
  return day === undefined || text.startsWith(day) ? text.slice(11, 16) : text.slice(0, 16).replace('T', ' ');
}
