import { plural, type Bilingual } from '../../../shared/domain';
import type { HeadOfficeState, StoreDay } from '../../../shared/ipc/contract/head-office';
import { taipeiText } from '../reconciliation/report-view';

/**
 * What the status bar and the closing screen make of head office's state (issue 17): pure, so the
 * wording and the plurals are tested without a page (test/unit/renderer/head-office-view.test.ts).
 */

/** The status bar's words: nothing when no head office is set (the till is as before). */
export function headOfficeText(state: HeadOfficeState): Bilingual | null {
  // Sales stopped by a refused claim of the till id come first, whatever the line says otherwise.
  if (state.stopped) return { zh: '總部：已暫停結帳', en: 'Head office: sales stopped' };
  switch (state.state) {
    case 'off':
      return null;
    case 'synced':
      return { zh: '總部：已同步', en: 'Head office: synced' };
    case 'behind':
      // Connected, how far not known yet (the first answer is on its way).
      return state.behind === null
        ? { zh: '總部：傳送中', en: 'Head office: sending' }
        : {
            zh: `總部：落後 ${state.behind} 筆`,
            en: `Head office: behind by ${plural(state.behind, 'entry', 'entries')}`,
          };
    case 'unreachable':
      return { zh: '總部：無法連線', en: 'Head office: unreachable' };
    case 'refused':
      return { zh: '總部：被拒', en: 'Head office: refused' };
    case 'failed':
      return { zh: '總部：錯誤', en: 'Head office: error' };
  }
}

/**
 * What 立即同步 says once head office answered (issue 24: it gave no feedback at all): the result
 * in words, with the reason when it did not get through.
 */
export function syncOutcomeText(state: HeadOfficeState): Bilingual {
  if (state.stopped)
    return {
      zh: `已連上總部，但以收銀機代號 ${state.stopped.tillId} 結帳仍暫停：${state.stopped.reason.zh}`,
      en: `Head office answered, but sales under till id ${state.stopped.tillId} stay stopped: ${state.stopped.reason.en}`,
    };
  switch (state.state) {
    case 'off':
      return { zh: '未設定總部，沒有同步。', en: 'No head office is set: nothing was synced.' };
    case 'synced':
      return {
        zh: `同步完成：總部已收到本機全部紀錄（到 #${state.journalEntryId}）。`,
        en: `Synced: head office holds every entry of this till (up to #${state.journalEntryId}).`,
      };
    case 'behind':
      return state.behind === null
        ? { zh: '已連上總部，正在傳送。', en: 'Head office answered; sending.' }
        : {
            zh: `已傳送，尚有 ${state.behind} 筆待傳送，稍後會自動補傳。`,
            en: `Sent; ${plural(state.behind, 'entry', 'entries')} still to send, caught up by itself later.`,
          };
    case 'unreachable':
    case 'refused':
    case 'failed': {
      const head = headOfficeText(state)!;
      // Head office's own answer when there is one (it says more than the status bar's word).
      return state.reason
        ? {
            zh: `同步未完成：${state.reason.zh}`,
            en: `Not synced: ${state.reason.en}`,
          }
        : { zh: `同步未完成（${head.zh}）。`, en: `Not synced (${head.en}).` };
    }
  }
}

/** The dot beside it: green synced, grey on its way, red when a person may have to act. */
export function headOfficeTone(state: HeadOfficeState): 'ok' | 'unknown' | 'bad' {
  if (state.stopped) return 'bad';
  if (state.state === 'synced') return 'ok';
  if (state.state === 'behind') return 'unknown';
  return 'bad';
}

/** The detail view's lines (label, value), in the order a store manager reads them. */
export function headOfficeDetails(state: HeadOfficeState): Array<[Bilingual, Bilingual]> {
  const same = (text: string): Bilingual => ({ zh: text, en: text });
  const when = (iso: string | null): Bilingual => (iso ? same(taipeiText(iso)) : { zh: '尚無', en: 'Never' });
  const lines: Array<[Bilingual, Bilingual]> = [];
  if (state.address) lines.push([{ zh: '位址', en: 'Address' }, same(state.address)]);
  lines.push([{ zh: '本機日誌最後一筆', en: "This till's last entry" }, same(`#${state.journalEntryId}`)]);
  lines.push([
    { zh: '總部已收到', en: 'Head office holds up to' },
    state.headOfficeEntryId === null ? { zh: '不明', en: 'Unknown' } : same(`#${state.headOfficeEntryId}`),
  ]);
  if (state.behind !== null && state.behind > 0) {
    lines.push([
      { zh: '尚待傳送', en: 'Still to send' },
      { zh: `${state.behind} 筆`, en: plural(state.behind, 'entry', 'entries') },
    ]);
  }
  lines.push([{ zh: '最後同步', en: 'Last synced' }, when(state.lastSyncedAt)]);
  lines.push([{ zh: '最後回應', en: 'Last answer' }, when(state.lastContactAt)]);
  return lines;
}

/** The store view's totals over its tills (the shop's sales only: training apart). */
export function storeTotals(day: StoreDay, training: boolean) {
  const tills = day.tills.filter((till) => till.training === training);
  const sum = (pick: (till: StoreDay['tills'][number]) => number) =>
    tills.reduce((total, till) => total + pick(till), 0);
  return {
    tills,
    salesAmount: sum((t) => t.salesAmount),
    returnsAmount: sum((t) => t.returnsAmount),
    netAmount: sum((t) => t.netAmount),
    pending: sum((t) => t.pendingSales + t.pendingReturns),
  };
}

/** Payment rows of one kind (shop or training), grouped by method over the store's tills. */
export function storePayments(day: StoreDay, training: boolean) {
  const byMethod = new Map<string, { taken: number; refunded: number; net: number }>();
  for (const payment of day.payments) {
    if (payment.training !== training) continue;
    const row = byMethod.get(payment.method) ?? { taken: 0, refunded: 0, net: 0 };
    row.taken += payment.taken;
    row.refunded += payment.refunded;
    row.net += payment.net;
    byMethod.set(payment.method, row);
  }
  return [...byMethod.entries()].map(([method, row]) => ({ method, ...row }));
}
