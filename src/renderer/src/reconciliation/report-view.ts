import {
  formatDuration,
  formatInvoiceNumber,
  plural,
  taipeiDateTime,
  type Bilingual,
} from '../../../shared/domain';
import type { ReconciliationState } from '../../../shared/ipc/contract/app';
import type {
  FindingKind,
  ReconciliationFinding,
  ReconciliationReport,
  ReconciliationSuggestion,
  TillFigures,
} from '../../../shared/ipc/contract/reconciliation';

/**
 * What the closing screen and the status bar make of a reconciliation report: pure, so the
 * grouping, the order, the wording and the plurals are tested without a page
 * (test/unit/renderer/reconciliation-view.test.ts). Main says what was found and what to do; this
 * only arranges it for a store manager.
 */

/** An invoice number as the proof prints it (`AB-12345678`), or a dash when there is none. */
export const invoiceText = (invoiceNumber: string | null): string =>
  invoiceNumber ? formatInvoiceNumber(invoiceNumber) : '—';

/** An ISO instant as the store's clock reads it: Asia/Taipei, `2026-11-05 14:03`. */
export function taipeiText(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return taipeiDateTime(instant).replace('T', ' ').slice(0, 16);
}

/** The upload deadline in Taipei time, with how long is left (or how long it has passed). */
export function deadlineText(iso: string, now: Date): Bilingual {
  const at = taipeiText(iso);
  const deadline = new Date(iso).getTime();
  if (Number.isNaN(deadline)) return { zh: `上傳期限 ${at}`, en: `Upload deadline ${at}` };
  const left = Math.round((deadline - now.getTime()) / 1000);
  // Minutes are enough for a deadline measured in days; seconds would only flicker.
  const by = formatDuration(Math.max(60, Math.abs(left) - (Math.abs(left) % 60)));
  return left >= 0
    ? { zh: `上傳期限 ${at}（還有 ${by.zh}）`, en: `Upload deadline ${at} Taipei (${by.en} left)` }
    : { zh: `上傳期限 ${at}（已逾期 ${by.zh}）`, en: `Upload deadline ${at} Taipei (${by.en} overdue)` };
}

/** The short name of each kind of finding (the row's tag). */
export const FINDING_LABEL: Readonly<Record<FindingKind, Bilingual>> = {
  'not-at-provider': { zh: '發票服務查無此發票', en: 'Not at the e-invoice service' },
  'voided-at-provider-only': { zh: '僅發票服務已作廢', en: 'Voided at the e-invoice service only' },
  'voided-in-journal-only': { zh: '僅收銀機已作廢', en: 'Voided at the till only' },
  'amount-differs': { zh: '金額不符', en: 'Amounts differ' },
  'upload-at-risk': { zh: '上傳有風險', en: 'Upload at risk' },
  'upload-late': { zh: '上傳逾期', en: 'Upload late' },
  'upload-suspended': { zh: '上傳暫停', en: 'Upload suspended' },
  'unknown-to-journal': { zh: '日誌沒有', en: 'Not in the journal' },
  'not-checked': { zh: '未核對', en: 'Not checked' },
  'invoice-mode-gap': { zh: '離線號碼缺號', en: 'Gap in offline numbers' },
};

export type FindingGroupId = 'mismatches' | 'uploads' | 'unknown';

export interface FindingGroup {
  id: FindingGroupId;
  title: Bilingual;
  findings: ReconciliationFinding[];
}

const GROUP_TITLE: Readonly<Record<FindingGroupId, Bilingual>> = {
  mismatches: { zh: '帳務不符', en: 'Mismatches' },
  uploads: { zh: '上傳逾期或有風險', en: 'Uploads late or at risk' },
  unknown: { zh: '日誌沒有的發票號碼', en: 'Invoice numbers unknown to the journal' },
};

export const SUGGESTIONS_TITLE: Bilingual = { zh: '待確認建議', en: 'Suggestions for sales to verify' };

/** Whether an upload finding is past its deadline at `now` (a suspended upload may be either). */
export function isPastDeadline(finding: ReconciliationFinding, now: Date): boolean {
  if (finding.kind === 'upload-late') return true;
  if (!finding.deadline) return false;
  const deadline = new Date(finding.deadline).getTime();
  return !Number.isNaN(deadline) && deadline < now.getTime();
}

/** Late before suspended before at risk, then the nearest deadline first: what to call about first. */
function uploadRank(finding: ReconciliationFinding, now: Date): number {
  if (isPastDeadline(finding, now)) return 0;
  return finding.kind === 'upload-suspended' ? 1 : 2;
}

const deadlineMs = (finding: ReconciliationFinding) => {
  const ms = finding.deadline ? new Date(finding.deadline).getTime() : Number.NaN;
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
};

/**
 * The report's findings as the screen groups them, non-empty groups only: mismatches, uploads
 * (most urgent first), numbers the journal does not know. Not-checked findings are not a group:
 * they explain why a report is incomplete (see `incompleteReasons`).
 */
export function groupFindings(report: ReconciliationReport, now: Date): FindingGroup[] {
  const uploads = [...report.uploadsLate].sort(
    (a, b) => uploadRank(a, now) - uploadRank(b, now) || deadlineMs(a) - deadlineMs(b),
  );
  const groups: FindingGroup[] = [
    { id: 'mismatches', title: GROUP_TITLE.mismatches, findings: report.mismatches },
    { id: 'uploads', title: GROUP_TITLE.uploads, findings: uploads },
    { id: 'unknown', title: GROUP_TITLE.unknown, findings: report.unknownToJournal },
  ];
  return groups.filter((group) => group.findings.length > 0);
}

/** Nothing to act on: no finding in any group and no suggestion (a not-checked part aside). */
export const isClean = (report: ReconciliationReport): boolean =>
  report.mismatches.length === 0 &&
  report.uploadsLate.length === 0 &&
  report.unknownToJournal.length === 0 &&
  report.suggestions.length === 0;

/** `已核對 3 張發票` / `3 invoices checked`. */
export const checkedText = (checked: number): Bilingual => ({
  zh: `已核對 ${checked} 張發票`,
  en: `${plural(checked, 'invoice')} checked`,
});

/** Why the report is incomplete: each distinct action once (they usually share one cause). */
export function incompleteReasons(report: ReconciliationReport): Bilingual[] {
  const seen = new Set<string>();
  const actions: Bilingual[] = [];
  for (const finding of report.notChecked) {
    if (seen.has(finding.action.zh)) continue;
    seen.add(finding.action.zh);
    actions.push(finding.action);
  }
  return actions;
}

/** `完整` or `不完整：2 項未能向加值中心核對`. */
export function completenessText(report: ReconciliationReport): Bilingual {
  if (report.complete) return { zh: '核對完整', en: 'Complete' };
  const n = report.notChecked.length;
  return n === 0
    ? { zh: '核對不完整', en: 'Incomplete' }
    : {
        zh: `核對不完整：${n} 項未能向發票服務核對`,
        en: `Incomplete: ${plural(n, 'item')} could not be checked with the e-invoice service`,
      };
}

/** The progress line while a run is under way (it may take seconds against a real provider). */
export const waitingText = (seconds: number): Bilingual => {
  const waited = formatDuration(Math.max(0, Math.floor(seconds)));
  return {
    zh: `正在向發票服務核對…已等候 ${waited.zh}`,
    en: `Checking with the e-invoice service… waited ${waited.en}`,
  };
};

const ntd = (amount: number) => `NT$${amount.toLocaleString('en-US')}`;

/** Both sides' amounts when a finding is about amounts (either side may be missing). */
export function amountsText(journal: number | null, provider: number | null): Bilingual | null {
  if (journal === null && provider === null) return null;
  const mine = journal === null ? '—' : ntd(journal);
  const theirs = provider === null ? '—' : ntd(provider);
  return { zh: `收銀機 ${mine}／發票服務 ${theirs}`, en: `till ${mine} / e-invoice service ${theirs}` };
}

/** What the suggestion would record: `建議記為已開立 AB-12345678` / `建議記為未開立`. */
export function suggestionText(suggestion: ReconciliationSuggestion): Bilingual {
  if (suggestion.outcome === 'issued') {
    const number = invoiceText(suggestion.invoiceNumber);
    return { zh: `建議記為已開立 ${number}`, en: `Suggested: issued as ${number}` };
  }
  return { zh: '建議記為未開立', en: 'Suggested: not issued' };
}

/** What the supervisor does with a suggestion: the till never resolves one by itself. */
export const SUGGESTION_ACTION: Bilingual = {
  zh: '核對證據無誤後，由主管按「接受」並輸入 PIN 記錄結果；收銀機不會自動處理。',
  en: 'Check the evidence, then a supervisor accepts it with the PIN; the till never resolves it by itself.',
};

/**
 * The status bar's warning, or null when no upload is late or at risk. Chinese counts with 張;
 * English says `1 invoice` / `2 invoices`.
 */
export function uploadWarning(
  state: Pick<ReconciliationState, 'uploadsLate' | 'uploadsAtRisk'>,
): Bilingual | null {
  const late = state.uploadsLate;
  const risk = state.uploadsAtRisk;
  if (late + risk <= 0) return null;
  if (risk === 0) return { zh: `${late} 張發票上傳逾期`, en: `${plural(late, 'invoice')} late to upload` };
  if (late === 0)
    return { zh: `${risk} 張發票上傳有風險`, en: `${plural(risk, 'invoice')} at risk of a late upload` };
  return {
    zh: `${late} 張發票上傳逾期、${risk} 張有風險`,
    en: `${plural(late, 'invoice')} late to upload, ${risk} at risk`,
  };
}

/** The payment methods a store report names, the checkout's first (cash, card, other), then the rest. */
export function paymentColumns(report: Pick<ReconciliationReport, 'tills' | 'store'>): string[] {
  const known = ['cash', 'card', 'other'];
  const methods = new Set<string>();
  for (const till of report.tills) for (const line of till.net) methods.add(line.method);
  for (const line of report.store.net) methods.add(line.method);
  const rest = [...methods].filter((m) => !known.includes(m)).sort();
  return [...known.filter((m) => methods.has(m)), ...rest];
}

/** One method's net amount (0 when the till had none). */
export const netOf = (net: TillFigures['net'], method: string): number =>
  net.filter((line) => line.method === method).reduce((sum, line) => sum + line.amount, 0);

/** The report without one suggestion (accepted: spent, whatever the next run says). */
export function withoutSuggestion<T extends Pick<ReconciliationReport, 'suggestions'>>(
  report: T,
  orderNo: string,
): T {
  return { ...report, suggestions: report.suggestions.filter((s) => s.orderNo !== orderNo) };
}

/** Whether the rows should name the till: a store report, or findings of more than one till. */
export function namesTills(report: ReconciliationReport): boolean {
  if (report.trigger === 'store') return true;
  const tills = new Set<string>();
  for (const f of [...report.mismatches, ...report.uploadsLate, ...report.unknownToJournal])
    tills.add(f.tillId);
  for (const s of report.suggestions) tills.add(s.tillId);
  return tills.size > 1;
}
