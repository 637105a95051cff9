import { describe, expect, it } from 'vitest';
import { plural, type Bilingual } from '../../../src/shared/domain';
import type { MethodReconciliation } from '../../../src/shared/ipc/contract/shifts';
import {
  canTypeWhole,
  countFormTotal,
  countTotal,
  denominationLabel,
  emptyCountForm,
  overShortText,
  parseAmount,
  parseCountForm,
  rowSubtotal,
  shiftOverShortSummary,
  taipeiClock,
  zNumber,
  type CountForm,
} from '../../../src/renderer/src/shifts/shift-view';

const label = (method: string): Bilingual =>
  ({ cash: { zh: '現金', en: 'Cash' }, card: { zh: '信用卡', en: 'Card' } })[method] ?? {
    zh: method,
    en: method,
  };

const form = (rows: Partial<CountForm>): CountForm => ({ ...emptyCountForm(), ...rows });

describe('counting notes and coins', () => {
  it('starts with every denomination empty, notes apart from coins', () => {
    // (Object key order is the engine's; the screen walks DENOMINATIONS, largest first.)
    expect(Object.keys(emptyCountForm()).sort()).toEqual(['1', '10', '100', '1000', '200', '5', '50', '500']);
    expect(Object.values(emptyCountForm()).every((text) => text === '')).toBe(true);
    expect(denominationLabel(1000)).toEqual({ amount: 'NT$1,000', kind: { zh: '鈔票', en: 'note' } });
    expect(denominationLabel(100).kind.en).toBe('note');
    expect(denominationLabel(50).kind).toEqual({ zh: '硬幣', en: 'coin' });
  });

  it('adds up each row and the running total as typed (empty rows count 0)', () => {
    expect(rowSubtotal(500, '3')).toBe(1500);
    expect(rowSubtotal(5, '')).toBe(0);
    const typed = form({ '1000': '1', '500': '1', '100': '3', '10': '7', '5': '1', '1': '4' });
    // 1000 + 500 + 300 + 70 + 5 + 4, the hand sum
    expect(countFormTotal(typed)).toBe(1879);
    expect(countFormTotal(emptyCountForm())).toBe(0);
  });

  it('sends only the rows typed, as numbers, with the same total', () => {
    const parsed = parseCountForm(form({ '1000': '2', '50': '0', '1': ' 3 ' }));
    expect(parsed).toEqual({ ok: true, count: { '1000': 2, '50': 0, '1': 3 }, total: 2003 });
    expect(countTotal({ '1000': 2, '1': 3 })).toBe(2003);
    expect(parseCountForm(emptyCountForm())).toEqual({ ok: true, count: {}, total: 0 });
  });

  it('refuses what is not a whole count, in words, naming the row', () => {
    const negative = parseCountForm(form({ '100': '-1' }));
    expect(negative).toMatchObject({ ok: false, denomination: 100 });
    if (!negative.ok) expect(negative.reason.en).toBe('Only whole numbers, 0 or more');
    const tooMany = parseCountForm(form({ '10': '100001' }));
    expect(tooMany).toMatchObject({ ok: false, denomination: 10 });
    if (!tooMany.ok) {
      expect(tooMany.reason.en).toBe('Too many of NT$10 (at most 100,000)');
      expect(tooMany.reason.zh).toBe('NT$10 的張數太多（最多 100,000）');
    }
    expect(parseCountForm(form({ '10': '100000' })).ok).toBe(true);
  });

  it('lets only digits be typed into a count or an amount', () => {
    expect(canTypeWhole('')).toBe(true);
    expect(canTypeWhole('120')).toBe(true);
    expect(canTypeWhole('-1')).toBe(false);
    expect(canTypeWhole('1.5')).toBe(false);
    expect(canTypeWhole('1e3')).toBe(false);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount(' 25 ')).toBe(25);
    expect(parseAmount('2,5')).toBeNull();
  });
});

describe('over and short in words', () => {
  it('says over, short or even with the amount, not only a colour', () => {
    expect(overShortText(20)).toEqual({ tone: 'over', text: { zh: '溢收 NT$20', en: 'Over NT$20' } });
    expect(overShortText(-1005)).toEqual({
      tone: 'short',
      text: { zh: '短少 NT$1,005', en: 'Short NT$1,005' },
    });
    expect(overShortText(0)).toEqual({ tone: 'even', text: { zh: '相符', en: 'Even' } });
    expect(overShortText(null).tone).toBe('uncounted');
  });

  it('sums a shift up in one line: the methods that are off, short first in tone', () => {
    const rows = (...values: Array<[string, number | null]>): MethodReconciliation[] =>
      values.map(([method, overShort]) => ({ method, expected: 100, counted: 100, overShort }));
    expect(shiftOverShortSummary(null, label)).toBeNull();
    expect(shiftOverShortSummary(rows(['cash', 0], ['card', 0]), label)).toEqual({
      tone: 'even',
      text: { zh: '相符', en: 'Even' },
    });
    expect(shiftOverShortSummary(rows(['cash', -5], ['card', 0]), label)).toEqual({
      tone: 'short',
      text: { zh: '現金短少 NT$5', en: 'Cash: Short NT$5' },
    });
    expect(shiftOverShortSummary(rows(['cash', 10], ['card', -3]), label)).toEqual({
      tone: 'short',
      text: { zh: '現金溢收 NT$10，信用卡短少 NT$3', en: 'Cash: Over NT$10, Card: Short NT$3' },
    });
    expect(shiftOverShortSummary(rows(['cash', 10]), label)?.tone).toBe('over');
  });
});

describe('names, numbers and times', () => {
  it('gets the English plural right and leaves Chinese alone', () => {
    expect(plural(1, 'shift')).toBe('1 shift');
    expect(plural(0, 'shift')).toBe('0 shifts');
    expect(plural(2, 'minute')).toBe('2 minutes');
  });

  it('numbers Z reports as printed and reads times in Taipei', () => {
    expect(zNumber(1)).toBe('Z0001');
    expect(zNumber(12345)).toBe('Z12345');
    // 01:30 UTC is 09:30 in Taipei, on the same business day
    expect(taipeiClock('2026-11-23T01:30:00.000Z', '2026-11-23')).toBe('09:30');
    // 16:10 UTC is already the next day in Taipei: the day is named
    expect(taipeiClock('2026-11-23T16:10:00.000Z', '2026-11-23')).toBe('2026-11-24 00:10');
    expect(taipeiClock(null)).toBe('—');
  });
});
