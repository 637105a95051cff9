import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InvoiceModeStatus } from '../../../src/shared/ipc/contract/app';
import {
  invoiceModeBar,
  nextBackOnline,
  saleNotice,
} from '../../../src/renderer/src/status/invoice-mode-view';

const status = (over: Partial<InvoiceModeStatus> = {}): InvoiceModeStatus => ({
  mode: 'online',
  numbersLeft: 37,
  waitingUpload: 0,
  warnUpload: 0,
  lateUpload: 0,
  offlineIssuing: true,
  reason: null,
  notice: null,
  lowNotice: null,
  ...over,
});

describe('the status bar’s invoice mode', () => {
  it('shows the offline numbers left in both languages, calm while enough are left', () => {
    const bar = invoiceModeBar(status());
    expect(bar.mode).toBeNull();
    expect(bar.numbers.text).toEqual({ zh: '離線號碼 剩 37', en: 'Offline: 37 left' });
    expect(bar.numbers.title).toEqual({ zh: '離線號碼 剩 37', en: 'Offline numbers: 37 left' });
    expect(bar.numbers.tone).toBe('ok');
    expect(bar.uploads).toMatchObject({ text: { zh: '待上傳 0', en: 'To upload: 0' }, tone: 'ok' });
  });

  it('says 離線開立中 in offline mode and warns when the numbers run low or out', () => {
    const low = { zh: '離線發票號碼只剩 3 個', en: 'Only 3 left' };
    const bar = invoiceModeBar(status({ mode: 'offline', numbersLeft: 3, lowNotice: low }));
    expect(bar.mode).toEqual({ zh: '離線開立中', en: 'Issuing offline' });
    expect(bar.numbers).toMatchObject({ tone: 'caution', title: low });
    expect(invoiceModeBar(status({ numbersLeft: 0, lowNotice: low })).numbers.tone).toBe('warning');
  });

  it('says offline issuing is off, and why, without the QR key', () => {
    const reason = { zh: '未設定 QR 金鑰', en: 'No QR key is set' };
    const bar = invoiceModeBar(status({ offlineIssuing: false, reason }));
    expect(bar.numbers).toEqual({
      text: { zh: '離線開立：關閉', en: 'Offline issuing: off' },
      tone: 'caution',
      title: reason,
    });
  });

  it('warns of an offline invoice waiting over 24 hours, and louder of a late one', () => {
    const warned = invoiceModeBar(status({ waitingUpload: 4, warnUpload: 1 })).uploads;
    expect(warned.tone).toBe('warning');
    expect(warned.text).toEqual({
      zh: '待上傳 4（1 張超過 24 小時）',
      en: 'To upload: 4 (1 over 24 h)',
    });
    const late = invoiceModeBar(status({ waitingUpload: 4, warnUpload: 1, lateUpload: 2 })).uploads;
    expect(late.text.en).toBe('To upload: 4 (2 late)');
    expect(late.title?.zh).toContain('超過上傳期限');
    expect(invoiceModeBar(status({ waitingUpload: 4 })).uploads.tone).toBe('caution');
  });
});

describe('the sale screen’s notice', () => {
  it('is calm in offline mode, main’s words, and adds what to do when the numbers run low', () => {
    const notice = { zh: '已改為離線開立', en: 'Issued offline from now' };
    expect(saleNotice(status({ mode: 'offline', notice }), false)).toEqual({
      tone: 'info',
      text: notice,
      low: null,
    });
    const low = { zh: '只剩 2 個：請準備手開發票', en: 'Only 2 left: have handwritten invoices ready' };
    expect(saleNotice(status({ mode: 'offline', notice, lowNotice: low }), false)).toEqual({
      tone: 'warning',
      text: notice,
      low,
    });
  });

  it('says why a till in offline mode cannot issue at all', () => {
    const reason = { zh: '未設定 QR 金鑰', en: 'No QR key is set' };
    const notice = saleNotice(status({ mode: 'offline', offlineIssuing: false, reason }), false);
    expect(notice?.tone).toBe('warning');
    expect(notice?.text.en).toContain('No QR key is set');
  });

  it('says back online with the uploads waiting, then that all are uploaded; nothing otherwise', () => {
    expect(saleNotice(status({ waitingUpload: 3 }), true)?.text.zh).toContain('待上傳 3');
    expect(saleNotice(status(), true)?.text.en).toContain('every invoice issued offline is uploaded');
    expect(saleNotice(status(), false)).toBeNull();
    expect(saleNotice(undefined, true)).toBeNull();
  });

  it('is back online only after offline, and stays until closed or offline again', () => {
    const modes = fc.array(fc.constantFrom<'online' | 'offline'>('online', 'offline'), { maxLength: 30 });
    fc.assert(
      fc.property(modes, (sequence) => {
        let shown = false;
        let before: InvoiceModeStatus | undefined;
        let seenOffline = false;
        for (const mode of sequence) {
          const after = status({ mode });
          shown = nextBackOnline(before, after, shown);
          if (mode === 'offline') seenOffline = true;
          // Shown exactly when online now and offline mode happened before (no dismissal here).
          expect(shown).toBe(mode === 'online' && seenOffline);
          before = after;
        }
      }),
    );
    expect(nextBackOnline(status({ mode: 'offline' }), undefined, true)).toBe(true);
  });
});
