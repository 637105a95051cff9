import { bilingual, formatInvoiceNumber, taipeiDateTime, type Bilingual } from '../../shared/domain';
import type { FindingKind } from '../../shared/ipc/contract/reconciliation';
import { TillError } from '../core/errors';

/**
 * What the store manager reads about each finding, Traditional Chinese first: what was seen (both
 * sides' figures; the provider's codes and any HTTP detail only in the English part) and the one
 * action each kind calls for. Nothing here is done by the till itself.
 */

const inv = (invoiceNumber: string | null) => (invoiceNumber ? formatInvoiceNumber(invoiceNumber) : '');
const ntd = (amount: number) => `NT$${amount.toLocaleString('en-US')}`;
/** An instant as the store reads it: Taipei local time, `2026-11-05 14:03`. */
export const taipeiText = (instant: Date) => taipeiDateTime(instant).replace('T', ' ').slice(0, 16);

/** The action per finding kind: one thing to do, in a manager's words. */
export const ACTIONS: Readonly<Record<FindingKind, Bilingual>> = {
  'not-at-provider': bilingual(
    '請致電發票服務確認這張發票；確認前不要重新開立，也不要作廢。',
    'Call the e-invoice service about this invoice; do not issue it again or void it until they confirm.',
  ),
  'voided-at-provider-only': bilingual(
    '請查明是誰在何時作廢（可能是其他收銀機或發票服務後台）；若作廢無誤，請在收銀機補記退貨並處理退款，否則請發票服務更正。',
    'Find out who voided it and when (another till, or the e-invoice service’s console); if the void is right, record the return at the till and settle the refund, otherwise ask the e-invoice service to correct it.',
  ),
  'voided-in-journal-only': bilingual(
    '收銀機已作廢，但發票服務仍列為有效發票：請致電發票服務確認，必要時由店長在退貨畫面查詢狀態後再作廢。',
    'The till voided it but the e-invoice service still has it as valid: call the e-invoice service, and if needed let a supervisor check its status on the returns screen and void it again.',
  ),
  'amount-differs': bilingual(
    '請核對交易明細與發票服務的發票金額（含折讓），並請發票服務或店長更正錯誤的一方。',
    'Compare the sale with the e-invoice service’s invoice amounts (allowances included) and have the wrong side corrected by the e-invoice service or a supervisor.',
  ),
  'upload-at-risk': bilingual(
    '發票開立已超過 1 小時仍未上傳：請致電發票服務詢問，並在上傳期限前確認完成。',
    'Still not uploaded an hour after issue: call the e-invoice service and make sure it is uploaded before the deadline.',
  ),
  'upload-late': bilingual(
    '已超過法定上傳期限：請立即聯絡發票服務處理，並記錄聯絡時間與結果，以備國稅局查詢。',
    'Past the legal upload deadline: contact the e-invoice service now, and keep a note of when and what they said for the tax office.',
  ),
  'upload-suspended': bilingual(
    '發票服務暫停上傳這張發票：請聯絡發票服務查明原因並補正資料。',
    'The e-invoice service suspended this invoice’s upload: contact them to find out why and correct the data.',
  ),
  'unknown-to-journal': bilingual(
    '發票服務以本收銀機的號碼開了這張發票，收銀機卻沒有紀錄：請查明是哪筆交易（是否漏記或重複開立），並致電發票服務確認；不要再開一次。',
    'The e-invoice service issued this number for this till but the till has no record of it: find the sale (missing or issued twice) and call the e-invoice service; do not issue it again.',
  ),
  'not-checked': bilingual(
    '這次未能向發票服務核對：請檢查網路與電子發票標準 API 設定，稍後再核對一次。',
    'Not checked with the e-invoice service this time: check the network and the standard API settings, then reconcile again.',
  ),
  'invoice-mode-gap': bilingual(
    '收銀機已用過這個離線發票號碼，卻沒有它的發票紀錄（日誌可能由備份還原）：請找出這個號碼開給了哪筆交易或是否作廢，並致電發票服務確認；不要再用這個號碼。',
    'The till has passed this offline invoice number but holds no invoice of it (the journal may have been restored from a backup): find which sale it went to, or whether it was spoilt, and call the e-invoice service; never use the number again.',
  ),
};

export const DETAILS = {
  invoiceModeGap: (invoiceNumber: string, segment: string) =>
    bilingual(
      `離線發票號碼 ${inv(invoiceNumber)}（配號區間 ${segment}）已被收銀機用過，但日誌沒有這張發票：既非已開立、空白，也非未使用。`,
      `Offline invoice number ${inv(invoiceNumber)} (segment ${segment}) was passed by the till, but the journal has no invoice of it: neither issued, blank nor unused.`,
    ),
  invoiceModeUnknown: (invoiceNumber: string, segment: string) =>
    bilingual(
      `發票服務持有離線發票號碼 ${inv(invoiceNumber)}（配號區間 ${segment}）的發票，但收銀機從未用過這個號碼。`,
      `The e-invoice service holds an invoice numbered ${inv(invoiceNumber)} (segment ${segment}), a number the till never used offline.`,
    ),
  notAtProvider: (invoiceNumber: string, orderNo: string, amount: number, processStatus: string) =>
    bilingual(
      `收銀機紀錄訂單 ${orderNo} 已開立發票 ${inv(invoiceNumber)}（${ntd(amount)}），但發票服務查無此發票。`,
      `The journal has order ${orderNo} issued as ${inv(invoiceNumber)} (${ntd(amount)}); the e-invoice service answers ${processStatus} (Invoice not found).`,
    ),
  voidedAtProviderOnly: (invoiceNumber: string, orderNo: string, processStatus: string) =>
    bilingual(
      `發票服務顯示發票 ${inv(invoiceNumber)}（訂單 ${orderNo}）已作廢，收銀機沒有作廢紀錄。`,
      `The e-invoice service has invoice ${inv(invoiceNumber)} (order ${orderNo}) voided (${processStatus}); the journal has no void.`,
    ),
  voidedInJournalOnly: (invoiceNumber: string, orderNo: string, processStatus: string) =>
    bilingual(
      `收銀機已作廢發票 ${inv(invoiceNumber)}（訂單 ${orderNo}），發票服務卻未作廢。`,
      `The journal has invoice ${inv(invoiceNumber)} (order ${orderNo}) voided; the e-invoice service does not (${processStatus}).`,
    ),
  totalDiffers: (invoiceNumber: string, orderNo: string, journal: number, provider: number) =>
    bilingual(
      `發票 ${inv(invoiceNumber)}（訂單 ${orderNo}）金額不符：收銀機 ${ntd(journal)}，發票服務 ${ntd(provider)}。`,
      `Invoice ${inv(invoiceNumber)} (order ${orderNo}) totals differ: journal ${ntd(journal)}, e-invoice service ${ntd(provider)}.`,
    ),
  allowanceMissingAtProvider: (invoiceNumber: string, allowanceNumber: string, amount: number) =>
    bilingual(
      `收銀機有發票 ${inv(invoiceNumber)} 的折讓 ${allowanceNumber}（${ntd(amount)}），發票服務沒有（或已作廢）。`,
      `The journal has allowance ${allowanceNumber} (${ntd(amount)}) on invoice ${inv(invoiceNumber)}; the e-invoice service has none standing.`,
    ),
  allowanceMissingInJournal: (invoiceNumber: string, allowanceNumber: string, amount: number) =>
    bilingual(
      `發票服務有發票 ${inv(invoiceNumber)} 的折讓 ${allowanceNumber}（${ntd(amount)}），收銀機沒有紀錄。`,
      `The e-invoice service has allowance ${allowanceNumber} (${ntd(amount)}) on invoice ${inv(invoiceNumber)}; the journal has none standing.`,
    ),
  allowanceDiffers: (invoiceNumber: string, allowanceNumber: string, journal: number, provider: number) =>
    bilingual(
      `發票 ${inv(invoiceNumber)} 的折讓 ${allowanceNumber} 金額不符：收銀機 ${ntd(journal)}，發票服務 ${ntd(provider)}。`,
      `Allowance ${allowanceNumber} on invoice ${inv(invoiceNumber)} differs: journal ${ntd(journal)}, e-invoice service ${ntd(provider)}.`,
    ),
  upload: (
    kind: 'upload-at-risk' | 'upload-late' | 'upload-suspended',
    invoiceNumber: string,
    orderNo: string,
    issued: Date,
    deadline: Date,
    appendStatus: string,
    processStatus: string,
  ) => {
    const what =
      kind === 'upload-suspended'
        ? bilingual('發票服務暫停上傳', 'the e-invoice service suspended its upload')
        : kind === 'upload-late'
          ? bilingual('已超過上傳期限仍未上傳', 'still not uploaded past the deadline')
          : bilingual('開立超過 1 小時仍未上傳', 'still not uploaded an hour after issue');
    return bilingual(
      `發票 ${inv(invoiceNumber)}（訂單 ${orderNo}，${taipeiText(issued)} 開立）${what.zh}；上傳期限 ${taipeiText(deadline)}。`,
      `Invoice ${inv(invoiceNumber)} (order ${orderNo}, issued ${taipeiText(issued)} Taipei): ${what.en} (AppendStatus ${appendStatus}, ProcessStatus ${processStatus}); deadline ${taipeiText(deadline)} Taipei.`,
    );
  },
  unknownToJournal: (
    invoiceNumber: string,
    tillId: string,
    billingNo: string | null,
    amount: number | null,
    dateTime: string | null,
    journalSays: { state: string; invoiceNumber: string | null } | null,
  ) => {
    const facts = [
      billingNo ? `訂單 ${billingNo}` : null,
      amount === null ? null : ntd(amount),
      dateTime ? dateTime.replace('T', ' ') : null,
    ]
      .filter((x) => x !== null)
      .join('，');
    const factsEn = [
      billingNo ? `BillingNo ${billingNo}` : null,
      amount === null ? null : ntd(amount),
      dateTime ? dateTime.replace('T', ' ') : null,
    ]
      .filter((x) => x !== null)
      .join(', ');
    const journal = journalSays
      ? journalSays.invoiceNumber
        ? bilingual(
            `收銀機記錄這筆訂單開立的是 ${inv(journalSays.invoiceNumber)}：同一訂單有兩張發票。`,
            `The journal has this order issued as ${inv(journalSays.invoiceNumber)}: two invoices for one order.`,
          )
        : bilingual(
            `收銀機記錄這筆訂單為「${stateZh(journalSays.state)}」。`,
            `The journal has this order as ${journalSays.state}.`,
          )
      : bilingual('收銀機查無此訂單。', 'The journal has no such order.');
    return bilingual(
      `發票服務以收銀機 ${tillId} 的號碼開立了發票 ${inv(invoiceNumber)}${facts ? `（${facts}）` : ''}，收銀機沒有這張發票。${journal.zh}`,
      `The e-invoice service issued ${inv(invoiceNumber)} from till ${tillId}'s numbers${factsEn ? ` (${factsEn})` : ''}; the journal does not know this invoice. ${journal.en}`,
    );
  },
  notChecked: (subject: Bilingual, reason: string) =>
    bilingual(
      `${subject.zh}未能向發票服務核對。`,
      `${subject.en} could not be checked with the e-invoice service: ${reason}.`,
    ),
};

function stateZh(state: string): string {
  const names: Record<string, string> = {
    'not-issued': '未開立',
    rejected: '被拒絕',
    'not-delivered': '未送達',
    'in-flight': '傳送中',
    'needs-verification': '待確認',
    issued: '已開立',
  };
  return Object.hasOwn(names, state) ? names[state]! : state;
}

export const SUBJECTS = {
  invoice: (invoiceNumber: string, orderNo: string | null) =>
    bilingual(
      `發票 ${inv(invoiceNumber)}${orderNo ? `（訂單 ${orderNo}）` : ''}`,
      `Invoice ${inv(invoiceNumber)}${orderNo ? ` (order ${orderNo})` : ''}`,
    ),
  period: (stageYear: number, stageMonth: number) => {
    const name = periodName(stageYear, stageMonth);
    return bilingual(`${name.zh}的字軌號碼`, `The number ranges of ${name.en}`);
  },
};

/** An invoice period as printed on the proof (`115年11-12月`) and in English (`2026 months 11-12`). */
export function periodName(stageYear: number, stageMonth: number): Bilingual {
  const months = `${String(stageMonth - 1).padStart(2, '0')}-${String(stageMonth).padStart(2, '0')}`;
  return bilingual(`${stageYear - 1911}年${months}月`, `${stageYear} months ${months}`);
}

export const EVIDENCE = {
  issued: (
    orderNo: string,
    invoiceNumber: string,
    dateTime: string | null,
    amount: number | null,
    processStatus: string,
  ) => {
    const facts = [dateTime ? dateTime.replace('T', ' ') : null, amount === null ? null : ntd(amount)].filter(
      (x) => x !== null,
    );
    return bilingual(
      `發票服務顯示訂單 ${orderNo} 已開立發票 ${inv(invoiceNumber)}${facts.length ? `（${facts.join('，')}）` : ''}。`,
      `The e-invoice service's status answer names order ${orderNo} on invoice ${inv(invoiceNumber)}${facts.length ? ` (${facts.join(', ')})` : ''}, ProcessStatus ${processStatus}.`,
    );
  },
  notIssued: (orderNo: string, deviceId: string, period: Bilingual, numbers: number) =>
    bilingual(
      `發票服務列出收銀機 ${deviceId} 在 ${period.zh} 用掉的所有發票號碼，其中收銀機沒有紀錄的 ${numbers} 張都已查詢，沒有一張屬於訂單 ${orderNo}；這筆交易送出已超過時間戳記的有效時間，之後也不會再被開立。`,
      `The e-invoice service listed every number device ${deviceId} used in ${period.en}; all ${numbers} the journal does not know were queried and none names order ${orderNo}; its request is past the timestamp window, so it cannot be issued later.`,
    ),
};

/** A refused reconciliation input (a bad export, an unknown order): nothing changed. */
export const reconciliationRefused = (zh: string, en: string) =>
  new TillError('reconciliation-refused', { zh: `未核對：${zh}`, en: `Nothing reconciled: ${en}` });

export const acceptRefused = (zh: string, en: string) =>
  new TillError('reconciliation-refused', { zh: `未處理：${zh}`, en: `Nothing was resolved: ${en}` });
