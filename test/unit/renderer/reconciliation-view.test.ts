import { describe, expect, it } from 'vitest';
import { plural } from '../../../src/shared/domain';
import type {
  FindingKind,
  ReconciliationFinding,
  ReconciliationReport,
  ReconciliationSuggestion,
} from '../../../src/shared/ipc/contract/reconciliation';
import {
  amountsText,
  checkedText,
  completenessText,
  deadlineText,
  groupFindings,
  incompleteReasons,
  invoiceText,
  isClean,
  namesTills,
  netOf,
  paymentColumns,
  suggestionText,
  taipeiText,
  uploadWarning,
  waitingText,
  withoutSuggestion,
} from '../../../src/renderer/src/reconciliation/report-view';

const NOW = new Date('2026-11-05T06:00:00Z'); // 14:00 in Taipei

function finding(kind: FindingKind, fields: Partial<ReconciliationFinding> = {}): ReconciliationFinding {
  return {
    kind,
    tillId: 'T01',
    orderNo: 'T01-20261105-0001',
    invoiceNumber: 'AB12345678',
    businessDay: '2026-11-05',
    detail: { zh: '細節', en: 'detail' },
    action: { zh: '請致電發票服務', en: 'Call the e-invoice service' },
    journalAmount: null,
    providerAmount: null,
    appendStatus: null,
    processStatus: null,
    deadline: null,
    ...fields,
  };
}

const suggestion = (fields: Partial<ReconciliationSuggestion> = {}): ReconciliationSuggestion => ({
  orderNo: 'T01-20261105-0009',
  tillId: 'T01',
  outcome: 'issued',
  invoiceNumber: 'TR00000042',
  invoiceDateTime: '2026-11-05T13:00:00',
  providerAmount: 35,
  journalAmount: 35,
  processStatus: 'I0',
  evidence: { zh: '證據', en: 'evidence' },
  ...fields,
});

function report(fields: Partial<ReconciliationReport> = {}): ReconciliationReport {
  return {
    businessDays: ['2026-11-05'],
    ranAt: '2026-11-05T06:00:00.000Z',
    trigger: 'closing',
    checked: 3,
    requests: 2,
    complete: true,
    mismatches: [],
    uploadsLate: [],
    unknownToJournal: [],
    notChecked: [],
    suggestions: [],
    tills: [],
    store: { sales: { count: 0, amount: 0 }, returns: { count: 0, amount: 0 }, net: [] },
    ...fields,
  };
}

describe('the reconciliation report as the closing screen arranges it', () => {
  it('groups findings as mismatches, uploads, unknown numbers, leaving out empty groups', () => {
    const r = report({
      mismatches: [finding('amount-differs', { journalAmount: 35, providerAmount: 53 })],
      unknownToJournal: [finding('unknown-to-journal', { orderNo: null })],
      notChecked: [finding('not-checked')],
    });
    const groups = groupFindings(r, NOW);
    expect(groups.map((g) => g.id)).toEqual(['mismatches', 'unknown']);
    expect(groups[0]!.title).toEqual({ zh: '帳務不符', en: 'Mismatches' });
    expect(groups[1]!.title.zh).toBe('日誌沒有的發票號碼');
    // Not-checked findings explain an incomplete report; they are not a group of their own.
    expect(groups.flatMap((g) => g.findings).some((f) => f.kind === 'not-checked')).toBe(false);
  });

  it('puts the most urgent upload first: past the deadline, then suspended, then at risk; nearest deadline first', () => {
    const atRiskSoon = finding('upload-at-risk', {
      invoiceNumber: 'AB00000001',
      deadline: '2026-11-06T01:00:00Z',
    });
    const atRiskLater = finding('upload-at-risk', {
      invoiceNumber: 'AB00000002',
      deadline: '2026-11-07T01:00:00Z',
    });
    const suspended = finding('upload-suspended', {
      invoiceNumber: 'AB00000003',
      deadline: '2026-11-07T00:00:00Z',
    });
    const suspendedPast = finding('upload-suspended', {
      invoiceNumber: 'AB00000004',
      deadline: '2026-11-04T00:00:00Z',
    });
    const late = finding('upload-late', { invoiceNumber: 'AB00000005', deadline: '2026-11-05T00:00:00Z' });
    const [uploads] = groupFindings(
      report({ uploadsLate: [atRiskLater, suspended, atRiskSoon, late, suspendedPast] }),
      NOW,
    );
    expect(uploads!.id).toBe('uploads');
    expect(uploads!.title).toEqual({ zh: '上傳逾期或有風險', en: 'Uploads late or at risk' });
    expect(uploads!.findings.map((f) => f.invoiceNumber)).toEqual([
      'AB00000004',
      'AB00000005',
      'AB00000003',
      'AB00000001',
      'AB00000002',
    ]);
  });

  it('is clean only with no finding and no suggestion; not-checked parts make it incomplete, not unclean', () => {
    expect(isClean(report())).toBe(true);
    expect(isClean(report({ notChecked: [finding('not-checked')], complete: false }))).toBe(true);
    expect(isClean(report({ suggestions: [suggestion()] }))).toBe(false);
    expect(isClean(report({ uploadsLate: [finding('upload-at-risk')] }))).toBe(false);
  });

  it('says why a report is incomplete once per distinct action', () => {
    const unreachable = finding('not-checked', { action: { zh: '請檢查網路', en: 'Check the network' } });
    const r = report({
      complete: false,
      notChecked: [unreachable, { ...unreachable, invoiceNumber: 'AB00000009' }],
    });
    expect(incompleteReasons(r)).toEqual([{ zh: '請檢查網路', en: 'Check the network' }]);
    expect(completenessText(r)).toEqual({
      zh: '核對不完整：2 項未能向發票服務核對',
      en: 'Incomplete: 2 items could not be checked with the e-invoice service',
    });
    expect(completenessText(report())).toEqual({ zh: '核對完整', en: 'Complete' });
  });

  it('drops an accepted suggestion at once', () => {
    const r = report({ suggestions: [suggestion(), suggestion({ orderNo: 'T01-20261105-0010' })] });
    expect(withoutSuggestion(r, 'T01-20261105-0009').suggestions.map((s) => s.orderNo)).toEqual([
      'T01-20261105-0010',
    ]);
    expect(r.suggestions).toHaveLength(2); // the report itself is not changed
  });

  it('names the till on the rows of a store report or of findings from several tills', () => {
    expect(namesTills(report({ uploadsLate: [finding('upload-at-risk')] }))).toBe(false);
    expect(namesTills(report({ trigger: 'store' }))).toBe(true);
    expect(
      namesTills(
        report({ mismatches: [finding('amount-differs')], suggestions: [suggestion({ tillId: 'T02' })] }),
      ),
    ).toBe(true);
  });
});

describe('wording: invoice numbers, Taipei times, deadlines, plurals', () => {
  it('shows invoice numbers as the proof prints them', () => {
    expect(invoiceText('AB12345678')).toBe('AB12345678');
    expect(invoiceText(null)).toBe('—');
  });

  it('reads instants in Asia/Taipei whatever the machine zone', () => {
    expect(taipeiText('2026-11-05T16:30:00Z')).toBe('2026-11-06 00:30');
    expect(taipeiText('not a time')).toBe('not a time');
  });

  it('gives the deadline in Taipei time with the time left or overdue', () => {
    expect(deadlineText('2026-11-07T06:00:00Z', NOW)).toEqual({
      zh: '上傳期限 2026-11-07 14:00（還有 2 天）',
      en: 'Upload deadline 2026-11-07 14:00 Taipei (2 d left)',
    });
    expect(deadlineText('2026-11-05T03:30:00Z', NOW)).toEqual({
      zh: '上傳期限 2026-11-05 11:30（已逾期 2 小時 30 分鐘）',
      en: 'Upload deadline 2026-11-05 11:30 Taipei (2 h 30 min overdue)',
    });
    // Seconds do not flicker: under a minute left still says a minute.
    expect(deadlineText('2026-11-05T06:00:20Z', NOW).en).toContain('(1 min left)');
  });

  it('counts in English with proper plurals, in Chinese with 張', () => {
    expect(plural(1, 'invoice')).toBe('1 invoice');
    expect(plural(0, 'invoice')).toBe('0 invoices');
    expect(plural(2, 'invoice')).toBe('2 invoices');
    expect(checkedText(1)).toEqual({ zh: '已核對 1 張發票', en: '1 invoice checked' });
    expect(checkedText(12)).toEqual({ zh: '已核對 12 張發票', en: '12 invoices checked' });
  });

  it("warns in the status bar only when an upload is late or at risk, in each language's grammar", () => {
    expect(uploadWarning({ uploadsLate: 0, uploadsAtRisk: 0 })).toBeNull();
    expect(uploadWarning({ uploadsLate: 2, uploadsAtRisk: 0 })).toEqual({
      zh: '2 張發票上傳逾期',
      en: '2 invoices late to upload',
    });
    expect(uploadWarning({ uploadsLate: 1, uploadsAtRisk: 0 })).toEqual({
      zh: '1 張發票上傳逾期',
      en: '1 invoice late to upload',
    });
    expect(uploadWarning({ uploadsLate: 0, uploadsAtRisk: 1 })).toEqual({
      zh: '1 張發票上傳有風險',
      en: '1 invoice at risk of a late upload',
    });
    expect(uploadWarning({ uploadsLate: 1, uploadsAtRisk: 3 })).toEqual({
      zh: '1 張發票上傳逾期、3 張有風險',
      en: '1 invoice late to upload, 3 at risk',
    });
  });

  it('says how long the run has been waited for', () => {
    expect(waitingText(0)).toEqual({
      zh: '正在向發票服務核對…已等候 0 秒',
      en: 'Checking with the e-invoice service… waited 0 s',
    });
    expect(waitingText(75.4).en).toBe('Checking with the e-invoice service… waited 1 min 15 s');
  });

  it('shows both sides of an amount, either may be missing', () => {
    expect(amountsText(null, null)).toBeNull();
    expect(amountsText(1035, 53)).toEqual({
      zh: '收銀機 NT$1,035／發票服務 NT$53',
      en: 'till NT$1,035 / e-invoice service NT$53',
    });
    expect(amountsText(35, null)!.en).toBe('till NT$35 / e-invoice service —');
  });

  it('names what a suggestion would record', () => {
    expect(suggestionText(suggestion())).toEqual({
      zh: '建議記為已開立 TR00000042',
      en: 'Suggested: issued as TR00000042',
    });
    expect(suggestionText(suggestion({ outcome: 'not-issued', invoiceNumber: null }))).toEqual({
      zh: '建議記為未開立',
      en: 'Suggested: not issued',
    });
  });
});

describe("the store's figures per payment method", () => {
  const figures = (tillId: string, net: Array<{ method: string; amount: number }>) => ({
    tillId,
    source: 'export' as const,
    file: `${tillId}.json`,
    chainHead: null,
    sales: { count: 1, amount: 100 },
    returns: { count: 0, amount: 0 },
    net,
    checked: 1,
    findings: 0,
  });

  it("orders the checkout's methods first, then any other a till recorded", () => {
    const r = report({
      tills: [
        figures('T01', [{ method: 'card', amount: 79 }]),
        figures('T02', [
          { method: 'voucher', amount: 10 },
          { method: 'cash', amount: 35 },
        ]),
      ],
      store: {
        sales: { count: 2, amount: 124 },
        returns: { count: 0, amount: 0 },
        net: [{ method: 'linepay', amount: 1 }],
      },
    });
    expect(paymentColumns(r)).toEqual(['cash', 'card', 'linepay', 'voucher']);
  });

  it('reads a method a till did not use as 0', () => {
    const net = [
      { method: 'cash', amount: 35 },
      { method: 'cash', amount: 5 },
    ];
    expect(netOf(net, 'cash')).toBe(40);
    expect(netOf(net, 'card')).toBe(0);
  });
});
