import { describe, expect, it } from 'vitest';
import { chainCheckCode, exchangeCause, lastMessageWords, transportCause } from '../../../src/shared/domain';

/**
 * Issue 24, item 8: the journal showed 「sent, then ECONNRESET」 and 「Invoice issued」 on a
 * Chinese screen. The words say what happened; the text itself is the technical detail.
 */
describe('the journal’s technical texts in words', () => {
  it('names the transport’s causes as the cashier’s messages do', () => {
    expect(transportCause('sent, then ECONNRESET')).toEqual({
      zh: '送出後連線中斷',
      en: 'the connection broke after it was sent',
    });
    expect(transportCause('sent, then no complete answer within 10000 ms')?.zh).toBe('等候回應逾時');
    expect(transportCause('HTTP 503')?.zh).toBe('發票服務暫時故障');
    expect(transportCause('connect ECONNREFUSED 127.0.0.1:9')?.zh).toBe('連不上發票服務');
    expect(transportCause('Invoice issued')).toBeNull();
  });

  it('a sale’s last message: what it means for the sale, in Chinese without English words', () => {
    const cases = [
      lastMessageWords('issued', 'Invoice issued'),
      lastMessageWords('needs-verification', 'sent, then ECONNRESET'),
      lastMessageWords('not-delivered', 'connect ECONNREFUSED 127.0.0.1:9'),
      lastMessageWords('rejected', 'BuyerIdentifier invalid'),
      lastMessageWords('needs-verification', 'Duplicate BillingNo'),
    ];
    expect(cases.map((words) => words?.zh)).toEqual([
      '發票服務已開立這張發票',
      '不確定是否已開立（送出後連線中斷）',
      '沒有送達發票服務（連不上發票服務）',
      '發票服務拒絕了這筆資料',
      '發票服務的回覆，原文見技術細節',
    ]);
    for (const words of cases) expect(words!.zh).not.toMatch(/[A-Za-z]{3}/);
    expect(lastMessageWords('rejected', '買方統編錯誤')?.zh).toBe('發票服務拒絕了這筆資料：買方統編錯誤');
    expect(lastMessageWords('issued', null)).toBeNull();
  });

  it('an exchange’s cause: its bare transport code, before or after the request went out', () => {
    expect(exchangeCause({ outcome: 'uncertain', error: 'ECONNRESET', httpStatus: null })?.zh).toBe(
      '送出後連線中斷',
    );
    expect(exchangeCause({ outcome: 'uncertain', error: null, httpStatus: 503 })?.zh).toBe(
      '發票服務暫時故障',
    );
    expect(exchangeCause({ outcome: 'not-delivered', error: 'ECONNREFUSED', httpStatus: null })?.zh).toBe(
      '連不上發票服務',
    );
    expect(exchangeCause({ outcome: 'issued', error: null, httpStatus: 200 })).toBeNull();
  });

  it('the check code of a chain head: the entry and 16 hex digits, as the Z slip prints it', () => {
    expect(chainCheckCode(`#42:${'ab'.repeat(32)}`)).toBe('#42:abababababababab');
    expect(chainCheckCode('#0:genesis')).toBe('#0:genesis');
  });
});
