import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  INVOICE_MODE_LIMITS,
  INVOICE_MODE_OPERATIONS,
  type InvoiceModeOperation,
} from '../provider/invoice-mode';
import { API_KEY_HEADER, STANDARD_RESULT_MESSAGES } from '../provider/standard-profile';
import { invoiceModeDialectFor, variantFor } from '../provider/variants';
import { checkCredentials, readAnyWrapper, sameSecret, standardKeyPair, type PosWrapper } from './auth';
import { readJsonBody, sendJson } from './http-body';
import {
  appendInvoice,
  blankCancel,
  setBlank,
  splitSegment,
  trackBlank,
  type InvoiceModeContext,
} from './invoice-mode';
import type { PosContext } from './pos-handler';
import { answerBefore, answerWithFault, faultWait } from './respond';

/** The one-record rule of each operation (the batch applies it to every invoice, in order). */
const RULES = {
  splitInvoiceId: splitSegment,
  appendInvoice,
  appendInvoices: appendInvoice,
  setBlankInvoiceId: setBlank,
  trackBlank,
  blankCancel,
} satisfies Record<InvoiceModeOperation, (context: InvoiceModeContext, item: unknown) => unknown>;

/** Whether this service offers the path in its variant (SystemLead has no `/Append/Invoice`). */
export function offersInvoiceMode(variant: TrainingVariant, operation: InvoiceModeOperation): boolean {
  return invoiceModeDialectFor(variant).path(operation) === INVOICE_MODE_OPERATIONS[operation];
}
type TrainingVariant = PosContext['config']['variant'];

/**
 * One invoice-mode operation (profile §7) on the standard API, in the same order as the standard
 * operations (standard-handler.ts): the fault, the standard `apiKey`, the body, the wrapper and its
 * `Data` (an array for `/Append/Invoices`, one object otherwise), signature and timestamp in the
 * standard pair's space, then every record in one atomic, durable step with the timestamp's use.
 * SystemLead's dialect: one wrapper per record, answered one element per wrapper.
 */
export async function handleInvoiceMode(
  req: IncomingMessage,
  res: ServerResponse,
  operation: InvoiceModeOperation,
  context: PosContext,
): Promise<void> {
  const { config } = context;
  const variant = variantFor(config.variant);
  const standard = variant.standard;
  const dialect = invoiceModeDialectFor(config.variant);
  const fault = context.faults.take(INVOICE_MODE_OPERATIONS[operation]);
  if (fault?.kind === 'delay-before') await faultWait(fault, context);
  const several = standard.records === 'wrappers';
  const refuseAll = (response: { ResultMessage: string }) =>
    several ? [standard.refusal(response.ResultMessage)] : response;
  if (answerBefore(res, fault, refuseAll)) return;

  const apiKey = req.headers[API_KEY_HEADER.toLowerCase()];
  const noHeader = !variant.sendsApiKey && apiKey === undefined;
  if (!noHeader && !sameSecret(typeof apiKey === 'string' ? apiKey : undefined, config.standardApiKey)) {
    return sendJson(res, 401, { StatusCode: 0, ResultMessage: 'Invalid apiKey' });
  }
  const body = await readJsonBody(req, config.maxBodyBytes);
  if (!body.ok) return sendJson(res, body.status, { StatusCode: 0, ResultMessage: body.message });

  const shape = 'Body is not the request wrapper {CompanyID, Timestamp, Signature, Data}';
  const raw = several && Array.isArray(body.json) ? (body.json as unknown[]) : [body.json];
  if (raw.length === 0) return sendJson(res, 400, { StatusCode: 0, ResultMessage: `${shape}: empty array` });
  const wrappers: PosWrapper<unknown>[] = [];
  for (const item of raw) {
    const read = readAnyWrapper(item);
    if (!read.ok) return sendJson(res, 400, { StatusCode: 0, ResultMessage: read.message });
    wrappers.push(read.wrapper);
  }
  if (new Set(wrappers.map((wrapper) => wrapper.Timestamp)).size !== 1) {
    return sendJson(res, 400, {
      StatusCode: 0,
      ResultMessage: `${shape}: every wrapper of one request has the request's one Timestamp`,
    });
  }
  // The profile: one wrapper; `Data` an array of invoices for /Append/Invoices, else one object.
  const batch = operation === 'appendInvoices';
  if (!several) {
    const data = wrappers[0]!.Data;
    if (Array.isArray(data) !== batch || (batch && (data as unknown[]).length === 0)) {
      return sendJson(res, 400, {
        StatusCode: 0,
        ResultMessage: `${shape}: Data of ${INVOICE_MODE_OPERATIONS[operation]} is ${batch ? 'a non-empty array' : 'one object'}`,
      });
    }
  }

  const now = context.now();
  const keys = standardKeyPair(config);
  const checks = wrappers.map((wrapper) => checkCredentials(wrapper, config, context.store, now, keys));
  const answer = (result: unknown) => answerWithFault(req, res, 200, result, fault, context);
  const passed = checks.find((check) => check.ok);
  if (!passed?.ok) {
    const message = checks[0]!.ok ? '' : checks[0]!.message;
    // Nothing passed: nothing recorded, so a forger cannot burn the pair's timestamps.
    if (!several) return answer({ StatusCode: 0, ResultMessage: message });
    return answer(
      checks.map((check, i) => standard.refusal(check.ok ? '' : check.message, wrappers[i]!.Data)),
    );
  }
  const rule = RULES[operation];
  const records = several
    ? wrappers.map((wrapper) => wrapper.Data)
    : batch
      ? (wrappers[0]!.Data as unknown[])
      : [wrappers[0]!.Data];
  const tooMany = records.length > INVOICE_MODE_LIMITS.batchItems;
  const ruleContext = { config, store: context.store, now };
  // A batch over the limit is refused whole, but it used its timestamp like any refused request.
  const outcome = context.store.withTimestamp(keys.timestampSpace, passed.timestamp, now, () => ({
    results: tooMany
      ? null
      : records.map((record, i) => {
          if (!several) return rule(ruleContext, record);
          const check = checks[i]!;
          if (!check.ok) return standard.refusal(check.message, record);
          const read = dialect.fromWireRecord(operation, record, { now, companyId: config.companyId });
          if (!read.ok) return standard.refusal(read.message, record);
          return dialect.toWireRecord(operation, rule(ruleContext, read.data), record);
        }),
  }));
  const refuse = (message: string) =>
    several
      ? answer(wrappers.map((wrapper) => standard.refusal(message, wrapper.Data)))
      : answer({ StatusCode: 0, ResultMessage: message });
  if (outcome === null) return refuse(STANDARD_RESULT_MESSAGES.timestampUsed);
  if (outcome.results === null) return refuse(STANDARD_RESULT_MESSAGES.tooManyItems);
  return answer(several || batch ? outcome.results : outcome.results[0]);
}
