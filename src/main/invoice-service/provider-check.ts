import type { Bilingual } from '../../shared/domain';
import {
  POS_OPERATIONS,
  posOperations,
  requestHeaders,
  RESULT_MESSAGES,
  TIMESTAMP_WINDOW_SECONDS,
  type PosOperation,
} from '../../provider/pos-profile';
import { STANDARD_OPERATIONS } from '../../provider/standard-profile';
import {
  buildStandardWireBody,
  PROVIDER_VARIANT_IDS,
  variantFor,
  type ProviderVariant,
  type ProviderVariantId,
} from '../../provider/variants';
import { checkCloudPrint, type CloudPrintCheck, type CloudPrintCheckConfig } from './cloud-print-check';
import { timestampText } from './signing';
import { readStandardResult, standardClockKey } from './standard-client';
import { classifyStatus, type StatusOutcome } from './standard-outcome';
import {
  clockOffsetSeconds as readClockOffset,
  postJson,
  type PostOptions,
  type TransportResult,
} from './transport';

/**
 * 上線前的對接檢查：只送不改變任何東西的請求（標準 API 的狀態查詢，查一張編造的發票號碼），
 * 分別以正確簽章、故意錯誤的簽章、過期的 Timestamp 各送一次，回報業者怎麼回應、收銀機是否
 * 照預期讀懂，以及兩邊時鐘的差距。
 *
 * The conformance check before opening day: only calls that change nothing (the standard API's
 * status query for a made-up invoice number), once correctly signed, once with a deliberately
 * wrong signature, once with a stale timestamp. It reports what the provider answered, whether the
 * till reads it as expected, and the clock offset (the answer's `Date` header, as the POS client
 * reads it). When the signed call is refused for its signature, the other variants' recipes are
 * tried (still read-only) to name the mismatch.
 */
export interface ProviderCheckConfig {
  /** The standard API's base URL (the training service's is `<url>/standard`). */
  standardServiceUrl: string;
  companyId: string;
  standardApiKey: string;
  standardSigningSecret: string;
  timeoutMs: number;
  variant: ProviderVariantId;
  /** A `cloud:` printer (profile §8): its number and the POS API's address and key pair. */
  cloudPrint?: Omit<CloudPrintCheckConfig, 'timeoutMs' | 'variant'>;
}

export interface ProviderCheckStep {
  id: 'signed' | 'wrong-signature' | 'stale-timestamp';
  title: Bilingual;
  expected: Bilingual;
  /** What came back, as text (HTTP status and the answer's message, or the transport failure). */
  answered: string;
  ok: boolean;
}

export interface ProviderCheckReport {
  ok: boolean;
  variant: ProviderVariantId;
  steps: ProviderCheckStep[];
  /** The provider's clock minus the till's, in seconds; null when no answer carried a Date. */
  clockOffsetSeconds: number | null;
  /** Why it does not agree, when it can be said (a signature recipe mismatch above all). */
  findings: Bilingual[];
  /**
   * The profile's POS operations this provider does not offer, and what the till does instead
   * (SystemLead: no /Append/OrderWithoutPrint, no /Append/OrderReturnQKey). Not a disagreement.
   */
  notOffered: Array<{ operation: string; instead: Bilingual }>;
  /** Whether cloud print is offered for the configured `cloud:` printer; absent without one. */
  cloudPrint?: CloudPrintCheck;
}

export interface ProviderCheckDeps {
  post?: (options: PostOptions) => Promise<TransportResult>;
  nowSeconds?: () => number;
  /**
   * The till's timestamp allocator (journal.reserveTimestamp, the standard client's): persisted per
   * key pair, forward only, never handed out twice, so a run right after another never repeats a
   * second. Without one (the CLI has no journal), one that lives as long as this run.
   */
  reserveTimestamp?: (clockKey: string, nowSeconds: number, windowSeconds: number) => string | number;
}

/** For a run without the journal: max(now, last + 1), in memory. */
function runAllocator(): NonNullable<ProviderCheckDeps['reserveTimestamp']> {
  let last = 0;
  return (_clockKey, nowSeconds) => (last = Math.max(nowSeconds, last + 1));
}

/** How often a call is sent again with a fresh timestamp after `Timestamp already used`. */
const FRESH_TIMESTAMP_ATTEMPTS = 5;

/** What the till does where the variant does not offer one of the profile's operations (item 9). */
export function operationsNotOffered(
  variant: ProviderVariant,
): Array<{ operation: string; instead: Bilingual }> {
  const missing: Array<{ operation: string; instead: Bilingual }> = [];
  for (const operation of posOperations as PosOperation[]) {
    const path = variant.paths[operation];
    if (path === POS_OPERATIONS[operation]) continue;
    missing.push({
      operation: POS_OPERATIONS[operation],
      instead:
        path === null
          ? (variant.missingOperation(operation) ?? {
              zh: '收銀機不提供此選項。',
              en: 'The till does not offer this choice.',
            })
          : {
              zh: `改送 ${path}（PrintMark N，附載具欄位，或 DonateMark Y 與愛心碼 NPOBAN）；收銀機自行列印交易明細。`,
              en: `Sent as ${path} instead (PrintMark N with the carrier fields, or DonateMark Y with the love code NPOBAN); the till prints the transaction details itself.`,
            },
    });
  }
  return missing;
}

/** No invoice has this number: a track no period assigns, serial zero. */
export const MADE_UP_INVOICE_NUMBER = 'ZZ00000000';
/** Beyond the profile's window by far: any provider must refuse it. */
const STALE_SECONDS = TIMESTAMP_WINDOW_SECONDS * 4;

function describeAnswer(result: TransportResult): string {
  if (result.kind !== 'response') return `${result.kind}: ${result.reason}`;
  return `HTTP ${result.status} ${result.body.slice(0, 300)}`;
}

function describeOutcome(outcome: StatusOutcome): string {
  if (outcome.kind === 'answered') {
    return outcome.items
      .map((item) => `${item.InvoiceID} ${item.ProcessStatus} ${item.ProcessStatusMessage}`)
      .join('; ');
  }
  return `${outcome.kind}: ${outcome.reason}`;
}

export async function runProviderCheck(
  config: ProviderCheckConfig,
  deps: ProviderCheckDeps = {},
): Promise<ProviderCheckReport> {
  const post = deps.post ?? postJson;
  const nowSeconds = deps.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const url = config.standardServiceUrl.replace(/\/+$/, '') + STANDARD_OPERATIONS.getInvoicesStatus;
  const data = [{ CompanyID: config.companyId, InvoiceID: MADE_UP_INVOICE_NUMBER }];
  const asked = [MADE_UP_INVOICE_NUMBER];
  const variant = variantFor(config.variant);
  let clockOffsetSeconds: number | null = null;
  // Each call its own second from the till's allocator (the standard key pair's space): a provider
  // takes each timestamp once, also across runs of this check.
  const reserve = deps.reserveTimestamp ?? runAllocator();
  const fresh = () =>
    Number(
      timestampText(reserve(standardClockKey(config.companyId), nowSeconds(), TIMESTAMP_WINDOW_SECONDS)),
    );

  /**
   * One status query in `speaking`'s dialect; a fresh timestamp again after `Timestamp already
   * used` (nothing was done: another caller of this key pair took that second).
   */
  async function call(
    speaking: ProviderVariant,
    timestamp: number | null,
    tamper = false,
  ): Promise<{ result: TransportResult; outcome: StatusOutcome }> {
    for (let attempt = 1; ; attempt++) {
      const answer = await callOnce(speaking, timestamp ?? fresh(), tamper);
      const used =
        answer.outcome.kind === 'rejected' && answer.outcome.reason.includes(RESULT_MESSAGES.timestampUsed);
      if (!used || timestamp !== null || attempt >= FRESH_TIMESTAMP_ATTEMPTS) return answer;
    }
  }

  async function callOnce(
    speaking: ProviderVariant,
    timestamp: number,
    tamper: boolean,
  ): Promise<{ result: TransportResult; outcome: StatusOutcome }> {
    // A tampered call is signed with a wrong secret: the recipe is right, the signature is not.
    const secret = tamper ? `${config.standardSigningSecret}-wrong` : config.standardSigningSecret;
    const body = buildStandardWireBody(
      speaking,
      'getInvoicesStatus',
      config.companyId,
      secret,
      String(timestamp),
      data,
    );
    const result = await post({
      url,
      // SystemLead has no apiKey header (ApiHeader.md).
      headers: speaking.sendsApiKey ? requestHeaders(config.standardApiKey) : {},
      body: JSON.stringify(body),
      timeoutMs: config.timeoutMs,
    });
    clockOffsetSeconds = readClockOffset(result, nowSeconds()) ?? clockOffsetSeconds;
    const read = readStandardResult(speaking, 'getInvoicesStatus', result, data);
    return { result, outcome: classifyStatus(read, asked) };
  }

  const steps: ProviderCheckStep[] = [];
  const findings: Bilingual[] = [];

  // 1. Correctly signed: the status of a number that does not exist (answered, nothing changes).
  const signed = await call(variant, null);
  steps.push({
    id: 'signed',
    title: { zh: '正確簽章的狀態查詢', en: 'Correctly signed status query' },
    expected: {
      zh: `回覆查詢結果（${MADE_UP_INVOICE_NUMBER} 應為 NF 查無此發票）`,
      en: `a status answer (${MADE_UP_INVOICE_NUMBER} should be NF, invoice not found)`,
    },
    answered: `${describeAnswer(signed.result)} → ${describeOutcome(signed.outcome)}`,
    ok: signed.outcome.kind === 'answered',
  });

  // 2. A deliberately wrong signature: must be refused before anything is done.
  const wrong = await call(variant, null, true);
  steps.push({
    id: 'wrong-signature',
    title: { zh: '故意錯誤的簽章', en: 'Deliberately wrong signature' },
    expected: { zh: '拒絕（Signature mismatch）', en: 'a rejection (Signature mismatch)' },
    answered: `${describeAnswer(wrong.result)} → ${describeOutcome(wrong.outcome)}`,
    ok: wrong.outcome.kind === 'rejected',
  });

  // 3. A stale timestamp: must be refused as expired.
  const stale = await call(variant, nowSeconds() - STALE_SECONDS);
  steps.push({
    id: 'stale-timestamp',
    title: { zh: '過期的 Timestamp', en: 'Stale timestamp' },
    expected: { zh: '拒絕（Timestamp expired）', en: 'a rejection (Timestamp expired)' },
    answered: `${describeAnswer(stale.result)} → ${describeOutcome(stale.outcome)}`,
    ok: stale.outcome.kind === 'rejected',
  });

  // Another dialect shows as a refused signature, a body the provider cannot read (HTTP 400), or
  // an answer the till cannot read (a 200 in other shapes).
  const outcome = signed.outcome;
  const otherDialect =
    (outcome.kind === 'rejected' &&
      (outcome.reason.includes(RESULT_MESSAGES.signatureMismatch) ||
        outcome.reason.startsWith('HTTP 400') ||
        // A variant without the apiKey header (SystemLead) at a provider that wants one.
        (!variant.sendsApiKey && outcome.reason.startsWith('HTTP 401')))) ||
    (outcome.kind === 'unknown' && signed.result.kind === 'response' && signed.result.status === 200);
  if (otherDialect) {
    // Read-only again: which variant's recipe and shapes does the provider take?
    let accepted: ProviderVariant | null = null;
    for (const id of PROVIDER_VARIANT_IDS) {
      if (id === variant.id) continue;
      const other = variantFor(id);
      const probe = await call(other, null);
      if (probe.outcome.kind === 'answered') {
        accepted = other;
        break;
      }
    }
    findings.push(
      accepted
        ? {
            zh: `簽章方式不符：發票服務接受「${accepted.label.zh}」的簽章（${accepted.signatureRecipe.zh}）與資料格式，收銀機設定的是「${variant.label.zh}」（${variant.signatureRecipe.zh}）。請把設定的發票服務規格改為 ${accepted.id}。`,
            en: `Signature recipe mismatch: the e-invoice service accepts the ${accepted.label.en} recipe (${accepted.signatureRecipe.en}) and shapes; the till is set to ${variant.label.en} (${variant.signatureRecipe.en}). Set the e-invoice service variant to ${accepted.id}.`,
          }
        : {
            zh: `發票服務不接受收銀機的簽章或資料格式（${variant.label.zh}：${variant.signatureRecipe.zh}），其他規格也不被接受：請確認標準 API 的網址、簽章密鑰與統一編號。`,
            en: `The e-invoice service did not take the till's signature or shapes (${variant.label.en}: ${variant.signatureRecipe.en}) nor any other variant's: check the standard API's address, signing secret and the company ID.`,
          },
    );
  }
  if (
    signed.outcome.kind === 'rejected' &&
    signed.outcome.reason.includes(RESULT_MESSAGES.timestampExpired)
  ) {
    findings.push({
      zh: '發票服務認為 Timestamp 已過期：兩邊的時鐘不一致，請校正收銀機的時間。',
      en: 'The e-invoice service says the timestamp expired: the clocks disagree; set the till’s clock right.',
    });
  }
  if (clockOffsetSeconds !== null && Math.abs(clockOffsetSeconds) > TIMESTAMP_WINDOW_SECONDS / 2) {
    findings.push({
      zh: `時鐘差距 ${clockOffsetSeconds} 秒，接近或超過容許的 ${TIMESTAMP_WINDOW_SECONDS} 秒。`,
      en: `The clocks are ${clockOffsetSeconds} s apart, near or beyond the ${TIMESTAMP_WINDOW_SECONDS} s allowed.`,
    });
  }
  // Cloud print on the POS API (its own key pair and timestamp space, the company's).
  const cloudPrint = config.cloudPrint
    ? await checkCloudPrint(
        { ...config.cloudPrint, timeoutMs: config.timeoutMs, variant: config.variant },
        { post, nowSeconds, reserveTimestamp: (companyId, now, window) => reserve(companyId, now, window) },
      )
    : undefined;
  return {
    ok: steps.every((step) => step.ok) && findings.length === 0 && cloudPrint?.offered !== false,
    variant: variant.id,
    steps,
    clockOffsetSeconds,
    findings,
    notOffered: operationsNotOffered(variant),
    ...(cloudPrint ? { cloudPrint } : {}),
  };
}

/** The report as lines of text, each in Chinese and English. */
export function formatProviderCheck(report: ProviderCheckReport): string {
  const variant = variantFor(report.variant);
  const lines = [
    `發票服務規格 / E-invoice service variant: ${variant.label.zh} / ${variant.label.en}`,
    ...report.steps.flatMap((step) => [
      `${step.ok ? '✓' : '✗'} ${step.title.zh} / ${step.title.en}`,
      `    預期 / expected: ${step.expected.zh} / ${step.expected.en}`,
      `    回應 / answered: ${step.answered}`,
    ]),
    report.clockOffsetSeconds === null
      ? '時鐘差距：回應沒有 Date 標頭 / Clock offset: no Date header in the answers'
      : `時鐘差距（發票服務減收銀機）/ Clock offset (service minus till): ${report.clockOffsetSeconds} s`,
    ...report.findings.flatMap((finding) => [`! ${finding.zh}`, `! ${finding.en}`]),
    ...report.notOffered.flatMap((missing) => [
      `- 發票服務沒有 ${missing.operation}：${missing.instead.zh}`,
      `- The e-invoice service has no ${missing.operation}: ${missing.instead.en}`,
    ]),
    ...(report.cloudPrint
      ? [
          `${report.cloudPrint.offered ? '✓' : '✗'} 雲端列印 ${report.cloudPrint.printerNo}：${report.cloudPrint.said.zh}`,
          `${report.cloudPrint.offered ? '✓' : '✗'} Cloud print ${report.cloudPrint.printerNo}: ${report.cloudPrint.said.en}`,
        ]
      : []),
    report.ok
      ? '結果：收銀機與發票服務一致 / Result: the till and the e-invoice service agree'
      : '結果：不一致，請見上方 / Result: they do not agree, see above',
  ];
  return lines.join('\n') + '\n';
}
