import type { Logger } from '../core/logger';
import { requestHeaders } from '../../provider/pos-profile';
import {
  TIMESTAMP_WINDOW_SECONDS,
  type AllowanceData,
  type CancelInvoiceData,
  type CancelModelInput,
  type RequestAppendStatus,
  type RequestAssignNoModel,
  type RequestInvoiceStatus,
} from '../../provider/standard-profile';
import { clientBasics, isFreshTimestampRetry, runAttempts } from './attempts';
import { logFields, type ExchangeSummary } from './outcome';
import type { StandardOperation } from '../../provider/standard-profile';
import {
  buildStandardWireBody,
  standardPathOf,
  type ProviderVariant,
  type ProviderVariantId,
} from '../../provider/variants';
import { timestampText } from './signing';
import {
  INVOICE_MODE_LIMITS,
  type BlankCancelData,
  type InvoiceModeData,
  type InvoiceModeOperation,
  type SetBlankInvoiceIdData,
  type SplitInvoiceIdData,
  type TrackBlankData,
} from '../../provider/invoice-mode';
import { buildStandardRequestBody } from '../../provider/standard-profile';
import { invoiceModeDialectFor } from '../../provider/variants';
import {
  classifyBlankCancel,
  classifySetBlank,
  classifySplit,
  classifyTrackBlank,
  classifyUpload,
  type BlankCancelOutcome,
  type InvoiceModeOutcome,
  type SetBlankOutcome,
  type SplitOutcome,
  type TrackBlankOutcome,
  type UploadOutcome,
} from './invoice-mode';
import {
  classifyAppendStatus,
  classifyIdList,
  classifyStandard,
  classifyStatus,
  summarizeStandard,
  type AppendStatusOutcome,
  type IdListOutcome,
  type StandardOutcome,
  type StandardUpdateOperation,
  type StatusOutcome,
} from './standard-outcome';
import { clockOffsetSeconds, type PostOptions, type TransportResult } from './transport';

/**
 * The provider's standard API (profile §4: voids, allowances, allowance voids, the status query)
 * from the till's side, with the seller's STANDARD key pair on the standard base URL. Same
 * transport as the POS client (never connected vs sent-then-failed), same signature recipe, and
 * timestamps from the journal, in a space of their own: the standard pair's timestamps are not
 * the POS pair's (profile §5), so they are reserved under `standardClockKey(companyId)`.
 */
export interface StandardServiceConfig {
  /** The standard API's base URL (training: `<service>/standard`). */
  serviceUrl: string;
  companyId: string;
  apiKey: string;
  signingSecret: string;
  timeoutMs: number;
  timestampWindowSeconds?: number;
  /**
   * The provider's variant (profile §6): its signature recipe, its batch bodies and answer shapes;
   * the profile's when left out.
   */
  variant?: ProviderVariantId;
}

/**
 * A 200 answer as the profile's answer of `operation`, read by the provider's variant (SystemLead's
 * arrays without StatusCode, say), so that one set of rules (standard-outcome.ts) judges every
 * variant. An answer the variant cannot read becomes an empty body: unreadable, so unknown or "not
 * checked", never a guess. Any other result is as it came.
 */
export function readStandardResult(
  variant: ProviderVariant,
  operation: StandardOperation,
  result: TransportResult,
  sent: unknown,
): TransportResult {
  if (result.kind !== 'response' || result.status !== 200) return result;
  let json: unknown;
  try {
    json = JSON.parse(result.body);
  } catch {
    return result;
  }
  const canonical = variant.standard.readAnswer(operation, json, sent);
  return { ...result, body: canonical === null ? '' : JSON.stringify(canonical) };
}

/** The journal's clock key of the standard key pair: apart from the POS pair's (the company id). */
export const standardClockKey = (companyId: string) => `${companyId}:standard`;

/** The Inquire group: reads that change nothing at the provider. */
export type StandardReadOperation = 'getInvoicesStatus' | 'getInvoicesAppendStatus' | 'getInvoiceIdList';

export interface StandardAttemptStart {
  attempt: number;
  /** A return, a read, or an invoice-mode operation (profile §7, ./invoice-mode.ts). */
  operation: StandardUpdateOperation | StandardReadOperation | InvoiceModeOperation;
  path: string;
  timestamp: string;
}

/** The journal's side: `beforeSend` has persisted before a byte leaves; `afterAnswer` records what came back. */
export interface StandardAttemptRecorder<O> {
  beforeSend?(start: StandardAttemptStart): void;
  afterAnswer(start: StandardAttemptStart, summary: ExchangeSummary, outcome: O): void;
}

export interface StandardClientDeps {
  config: StandardServiceConfig;
  /** journal.reserveTimestamp: persisted, forward only, never handed out twice per key. */
  reserveTimestamp(clockKey: string, nowSeconds: number, windowSeconds: number): string | number;
  logger: Logger;
  nowSeconds?: () => number;
  post?: (options: PostOptions) => Promise<TransportResult>;
  onClock?: (offsetSeconds: number) => void;
}

/** `Timestamp already used` is answered before anything is done; a bound keeps a broken service from looping us. */
export const MAX_STANDARD_TIMESTAMP_ATTEMPTS = 10;

export interface StandardSendOptions {
  /** Reserved by the caller in the same journal commit as the return (first attempt only). */
  firstTimestamp?: string;
  /** The return went out before with an unknown outcome (see `classifyStandard`). */
  afterUnknown?: boolean;
}

type UpdateData = {
  cancelInvoices: CancelInvoiceData;
  allowanceInvoice: AllowanceData;
  cancelAllowance: CancelModelInput;
};

/** How one operation goes on the wire: its path, its signed body and the reading of its answer. */
interface Wire {
  path: string;
  body(timestamp: string): unknown;
  /** The raw result as the profile's answer (unreadable: an empty body). */
  read(raw: TransportResult): TransportResult;
}

export function createStandardClient(deps: StandardClientDeps) {
  const { nowSeconds, post, base, windowSeconds, variant } = clientBasics(deps, TIMESTAMP_WINDOW_SECONDS);
  const invoiceMode = invoiceModeDialectFor(deps.config.variant);
  const clockKey = standardClockKey(deps.config.companyId);

  function reserveTimestamp(): string {
    return timestampText(deps.reserveTimestamp(clockKey, nowSeconds(), windowSeconds));
  }

  function seeClock(result: TransportResult): void {
    const offset = clockOffsetSeconds(result, nowSeconds());
    if (offset !== null) deps.onClock?.(offset);
  }

  /**
   * One operation, sent once; only `Timestamp already used` (refused before anything was done)
   * goes again at once with a fresh timestamp. Returns the last outcome.
   */
  /** The wire of a return or a read (profile §4), in the variant's dialect. */
  function standardWire(operation: StandardOperation, data: unknown): Wire {
    const { config } = deps;
    return {
      path: standardPathOf(variant, operation),
      body: (timestamp) =>
        buildStandardWireBody(variant, operation, config.companyId, config.signingSecret, timestamp, data),
      read: (raw) => readStandardResult(variant, operation, raw, data),
    };
  }

  /** The wire of an invoice-mode operation (profile §7), in the variant's invoice-mode dialect. */
  function invoiceModeWire(operation: InvoiceModeOperation, data: unknown): Wire {
    const { config } = deps;
    return {
      path: invoiceMode.path(operation),
      body: (timestamp) =>
        invoiceMode.requestBody(
          operation,
          data,
          (record) =>
            buildStandardRequestBody(config.companyId, config.signingSecret, timestamp, record, variant.sign),
          config.companyId,
        ),
      read(raw) {
        if (raw.kind !== 'response' || raw.status !== 200) return raw;
        let json: unknown;
        try {
          json = JSON.parse(raw.body);
        } catch {
          return raw;
        }
        return { ...raw, body: JSON.stringify(invoiceMode.readAnswer(operation, json, data) ?? null) };
      },
    };
  }

  async function exchange<
    O extends StandardOutcome | StatusOutcome | AppendStatusOutcome | IdListOutcome | InvoiceModeOutcome,
  >(
    operation: StandardAttemptStart['operation'],
    data: unknown,
    classify: (result: TransportResult) => O,
    recorder: StandardAttemptRecorder<O>,
    firstTimestamp: string | undefined,
    wire: Wire = standardWire(operation as StandardOperation, data),
  ): Promise<{ outcome: O; attempts: number }> {
    const { config, logger } = deps;
    const path = wire.path;
    return runAttempts<O>({
      firstTimestamp,
      reserveTimestamp,
      text: timestampText,
      retry: isFreshTimestampRetry,
      maxAttempts: MAX_STANDARD_TIMESTAMP_ATTEMPTS,
      exchange: async (attempt, timestamp) => {
        const start: StandardAttemptStart = { attempt, operation, path, timestamp };
        recorder.beforeSend?.(start);
        // The variant shapes the bytes (SystemLead: one signed wrapper per record) and reads the
        // answer back to the profile's; the journal keeps the answer as it came.
        const body = wire.body(timestamp);
        const raw = await post({
          url: base + path,
          headers: variant.sendsApiKey ? requestHeaders(config.apiKey) : {},
          body: JSON.stringify(body),
          timeoutMs: config.timeoutMs,
        });
        seeClock(raw);
        const result = wire.read(raw);
        const summary = { ...summarizeStandard(result), body: summarizeStandard(raw).body };
        const outcome = classify(result);
        logger.info('standard API answered', { operation, attempt, ...logFields(summary, outcome) });
        recorder.afterAnswer(start, summary, outcome);
        return outcome;
      },
    });
  }

  function send<K extends StandardUpdateOperation>(
    operation: K,
    data: UpdateData[K],
    recorder: StandardAttemptRecorder<StandardOutcome>,
    options: StandardSendOptions = {},
  ) {
    const context = {
      afterUnknown: options.afterUnknown ?? false,
      ...(operation === 'allowanceInvoice'
        ? { allowancePrefix: (data as AllowanceData).AllowanceNumberPrefix }
        : {}),
      ...(operation === 'cancelAllowance'
        ? { allowanceNumber: (data as CancelModelInput).AllowanceNumber }
        : {}),
      ...(operation === 'cancelInvoices' ? { invoiceNumber: (data as CancelInvoiceData).InvoiceNumber } : {}),
    };
    return exchange<StandardOutcome>(
      operation,
      data,
      (result) => classifyStandard(operation, result, context),
      recorder,
      options.firstTimestamp,
    );
  }

  /** `/Inquire/GetInvoicesStatus` for these invoice numbers (at most 100). */
  function status(
    invoiceNumbers: readonly string[],
    recorder: StandardAttemptRecorder<StatusOutcome>,
    options: { firstTimestamp?: string } = {},
  ) {
    const data: RequestInvoiceStatus[] = invoiceNumbers.map((InvoiceID) => ({
      CompanyID: deps.config.companyId,
      InvoiceID,
    }));
    return exchange<StatusOutcome>(
      'getInvoicesStatus',
      data,
      (result) => classifyStatus(result, invoiceNumbers),
      recorder,
      options.firstTimestamp,
    );
  }

  /**
   * `/Inquire/GetInvoicesAppendStatus` for these invoice numbers (at most 100). A read: nothing
   * changes at the provider, so unlike a return nothing is written before it is sent; the
   * timestamp is still reserved in the journal (the standard pair's space is shared with returns)
   * and `Timestamp already used` goes again at once, as for every operation.
   */
  function appendStatus(
    invoiceNumbers: readonly string[],
    recorder: StandardAttemptRecorder<AppendStatusOutcome> = { afterAnswer: () => {} },
  ) {
    const data: RequestAppendStatus[] = invoiceNumbers.map((InvoiceID) => ({
      CompanyID: deps.config.companyId,
      InvoiceID,
    }));
    return exchange<AppendStatusOutcome>(
      'getInvoicesAppendStatus',
      data,
      (result) => classifyAppendStatus(result, invoiceNumbers),
      recorder,
      undefined,
    );
  }

  /**
   * `/Inquire/GetInvoiceIDList`: the tracks and per-device segments of one period (`stageMonth`,
   * its even month) or of a whole AD year. A read, like `appendStatus`.
   */
  function invoiceIdList(
    period: { stageYear: number; stageMonth?: number },
    recorder: StandardAttemptRecorder<IdListOutcome> = { afterAnswer: () => {} },
  ) {
    const data: RequestAssignNoModel = {
      CompanyID: deps.config.companyId,
      StageYear: period.stageYear,
      ...(period.stageMonth === undefined ? {} : { StageMonth: period.stageMonth }),
    };
    return exchange<IdListOutcome>(
      'getInvoiceIdList',
      data,
      (result) => classifyIdList(result, period),
      recorder,
      undefined,
    );
  }

  /** One invoice-mode operation through the same loop, on the variant's invoice-mode wire. */
  function invoiceModeExchange<O extends InvoiceModeOutcome>(
    operation: InvoiceModeOperation,
    data: unknown,
    classify: (result: TransportResult) => O,
    recorder: StandardAttemptRecorder<O>,
    options: StandardSendOptions,
  ) {
    return exchange<O>(
      operation,
      data,
      classify,
      recorder,
      options.firstTimestamp,
      invoiceModeWire(operation, data),
    );
  }
  const afterUnknown = (options: StandardSendOptions) => ({ afterUnknown: options.afterUnknown ?? false });

  /** `/Update/SplitInvoiceID`: a segment of this till's invoice-mode group (profile §7). */
  function split(
    data: SplitInvoiceIdData,
    recorder: StandardAttemptRecorder<SplitOutcome>,
    options: StandardSendOptions = {},
  ) {
    return invoiceModeExchange<SplitOutcome>(
      'splitInvoiceId',
      data,
      (result) => classifySplit(result, data),
      recorder,
      options,
    );
  }

  /** `/Append/Invoices`: 1 to 100 offline invoices, answered per invoice in this order. */
  function upload(
    invoices: readonly InvoiceModeData[],
    recorder: StandardAttemptRecorder<UploadOutcome>,
    options: StandardSendOptions = {},
  ) {
    if (invoices.length === 0 || invoices.length > INVOICE_MODE_LIMITS.batchItems) {
      throw new RangeError(
        `an upload takes 1 to ${INVOICE_MODE_LIMITS.batchItems} invoices, not ${invoices.length}`,
      );
    }
    return invoiceModeExchange<UploadOutcome>(
      'appendInvoices',
      invoices,
      (result) => classifyUpload(result, invoices, afterUnknown(options)),
      recorder,
      options,
    );
  }

  /** `/Append/Invoice`: one offline invoice (SystemLead: `/Append/Invoices` with one record). */
  function uploadOne(
    invoice: InvoiceModeData,
    recorder: StandardAttemptRecorder<UploadOutcome>,
    options: StandardSendOptions = {},
  ) {
    return invoiceModeExchange<UploadOutcome>(
      'appendInvoice',
      invoice,
      (result) => classifyUpload(result, invoice, afterUnknown(options)),
      recorder,
      options,
    );
  }

  /** `/Update/SetBlankInvoiceID`: a segment's unused tail reported blank. */
  function setBlank(
    data: SetBlankInvoiceIdData,
    recorder: StandardAttemptRecorder<SetBlankOutcome>,
    options: StandardSendOptions = {},
  ) {
    return invoiceModeExchange<SetBlankOutcome>(
      'setBlankInvoiceId',
      data,
      (result) => classifySetBlank(result, data, afterUnknown(options)),
      recorder,
      options,
    );
  }

  /** `/Append/TrackBlank`: gaps reported blank, answered per range. */
  function trackBlank(
    data: TrackBlankData,
    recorder: StandardAttemptRecorder<TrackBlankOutcome>,
    options: StandardSendOptions = {},
  ) {
    return invoiceModeExchange<TrackBlankOutcome>(
      'trackBlank',
      data,
      (result) => classifyTrackBlank(result, data, afterUnknown(options)),
      recorder,
      options,
    );
  }

  /** `/Append/BlankCancel`: a blank range withdrawn. */
  function blankCancel(
    data: BlankCancelData,
    recorder: StandardAttemptRecorder<BlankCancelOutcome>,
    options: StandardSendOptions = {},
  ) {
    return invoiceModeExchange<BlankCancelOutcome>(
      'blankCancel',
      data,
      (result) => classifyBlankCancel(result, data, afterUnknown(options)),
      recorder,
      options,
    );
  }

  return {
    send,
    status,
    appendStatus,
    invoiceIdList,
    split,
    upload,
    uploadOne,
    setBlank,
    trackBlank,
    blankCancel,
    reserveTimestamp,
    config: deps.config,
  };
}

export type StandardClient = ReturnType<typeof createStandardClient>;
