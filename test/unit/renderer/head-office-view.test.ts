import { describe, expect, it } from 'vitest';
import type { HeadOfficeState, StoreDay } from '../../../src/shared/ipc/contract/head-office';
import {
  headOfficeDetails,
  headOfficeText,
  headOfficeTone,
  storePayments,
  storeTotals,
  syncOutcomeText,
} from '../../../src/renderer/src/head-office/head-office-view';

const state = (fields: Partial<HeadOfficeState>): HeadOfficeState => ({
  state: 'synced',
  behind: 0,
  headOfficeEntryId: 40,
  journalEntryId: 40,
  lastSyncedAt: '2026-11-05T06:00:00Z',
  lastContactAt: '2026-11-05T06:00:00Z',
  reason: null,
  address: 'postgres://till@hq.example:5432/hq',
  stopped: null,
  ...fields,
});

describe('head office in the status bar', () => {
  it('says sales are stopped (red) when head office refuses this PC’s claim of its till id, whatever the line', () => {
    const stopped = {
      tillId: 'T01',
      since: '2026-11-05T06:00:00Z',
      reason: { zh: '另一台電腦', en: 'another PC' },
    };
    for (const line of ['off', 'unreachable', 'refused'] as const) {
      const shown = state({ state: line, stopped });
      expect(headOfficeText(shown)).toEqual({ zh: '總部：已暫停結帳', en: 'Head office: sales stopped' });
      expect(headOfficeTone(shown)).toBe('bad');
    }
  });

  it('says nothing when no head office is set', () => {
    expect(headOfficeText(state({ state: 'off', behind: null, address: null }))).toBeNull();
  });

  it('says synced, unreachable, refused in both languages', () => {
    expect(headOfficeText(state({}))).toEqual({ zh: '總部：已同步', en: 'Head office: synced' });
    expect(headOfficeText(state({ state: 'unreachable' }))).toEqual({
      zh: '總部：無法連線',
      en: 'Head office: unreachable',
    });
    expect(headOfficeText(state({ state: 'refused' }))).toEqual({
      zh: '總部：被拒',
      en: 'Head office: refused',
    });
    expect(headOfficeText(state({ state: 'failed' }))?.en).toBe('Head office: error');
  });

  it('counts what is behind with the right plural', () => {
    expect(headOfficeText(state({ state: 'behind', behind: 1 }))).toEqual({
      zh: '總部：落後 1 筆',
      en: 'Head office: behind by 1 entry',
    });
    expect(headOfficeText(state({ state: 'behind', behind: 12 }))).toEqual({
      zh: '總部：落後 12 筆',
      en: 'Head office: behind by 12 entries',
    });
    expect(headOfficeText(state({ state: 'behind', behind: null }))?.en).toBe('Head office: sending');
  });

  it('colours a state a person may have to act on red, a catch-up grey', () => {
    expect(headOfficeTone(state({}))).toBe('ok');
    expect(headOfficeTone(state({ state: 'behind', behind: 3 }))).toBe('unknown');
    expect(headOfficeTone(state({ state: 'unreachable' }))).toBe('bad');
    expect(headOfficeTone(state({ state: 'refused' }))).toBe('bad');
  });

  it('details the address, both ends of the chain and the times in Taipei', () => {
    const lines = headOfficeDetails(state({ state: 'behind', behind: 2, journalEntryId: 42 }));
    const en = Object.fromEntries(lines.map(([label, value]) => [label.en, value.en]));
    expect(en).toEqual({
      Address: 'postgres://till@hq.example:5432/hq',
      "This till's last entry": '#42',
      'Head office holds up to': '#40',
      'Still to send': '2 entries',
      'Last synced': '2026-11-05 14:00',
      'Last answer': '2026-11-05 14:00',
    });
    const never = headOfficeDetails(
      state({ state: 'unreachable', headOfficeEntryId: null, lastSyncedAt: null, behind: null }),
    );
    expect(never.find(([label]) => label.en === 'Last synced')![1]).toEqual({ zh: '尚無', en: 'Never' });
  });
});

describe('the closing screen’s store view', () => {
  const till = (tillId: string, training: boolean, sales: number, returns: number) => ({
    tillId,
    training,
    transactions: 1,
    salesCount: 1,
    salesAmount: sales,
    salesTax: 0,
    returnsCount: returns > 0 ? 1 : 0,
    returnsAmount: returns,
    returnsTax: 0,
    netAmount: sales - returns,
    netTax: 0,
    pendingSales: 1,
    pendingReturns: 0,
  });
  const day: StoreDay = {
    storeId: 'S1',
    businessDay: '2026-11-05',
    tills: [till('T01', false, 500, 100), till('T02', false, 300, 0), till('T01', true, 50, 0)],
    payments: [
      { tillId: 'T01', training: false, method: 'cash', taken: 300, refunded: 100, net: 200 },
      { tillId: 'T02', training: false, method: 'cash', taken: 300, refunded: 0, net: 300 },
      { tillId: 'T01', training: false, method: 'card', taken: 200, refunded: 0, net: 200 },
      { tillId: 'T01', training: true, method: 'cash', taken: 50, refunded: 0, net: 50 },
    ],
    feeds: [],
    generatedAt: '2026-11-05T06:00:00Z',
  };

  it('sums the shop’s tills apart from training', () => {
    expect(storeTotals(day, false)).toMatchObject({
      salesAmount: 800,
      returnsAmount: 100,
      netAmount: 700,
      pending: 2,
    });
    expect(storeTotals(day, true).netAmount).toBe(50);
  });

  it('groups the payments by method over the tills', () => {
    expect(storePayments(day, false)).toEqual([
      { method: 'cash', taken: 600, refunded: 100, net: 500 },
      { method: 'card', taken: 200, refunded: 0, net: 200 },
    ]);
  });
});

// Issue 24, item 9: what 立即同步 says once head office answered.
describe('syncOutcomeText', () => {
  const base: HeadOfficeState = {
    state: 'synced',
    behind: 0,
    headOfficeEntryId: 42,
    journalEntryId: 42,
    lastSyncedAt: null,
    lastContactAt: null,
    reason: null,
    address: null,
    stopped: null,
  };
  it('says synced with the last entry, behind with how many, and why it did not get through', () => {
    expect(syncOutcomeText(base).zh).toBe('同步完成：總部已收到本機全部紀錄（到 #42）。');
    expect(syncOutcomeText({ ...base, state: 'behind', behind: 3 }).en).toBe(
      'Sent; 3 entries still to send, caught up by itself later.',
    );
    const down = syncOutcomeText({
      ...base,
      state: 'unreachable',
      reason: { zh: '無法連線到總部資料庫', en: 'Cannot reach the head-office database' },
    });
    expect(down).toEqual({
      zh: '同步未完成：無法連線到總部資料庫',
      en: 'Not synced: Cannot reach the head-office database',
    });
  });
});
