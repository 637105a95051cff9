import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  API_KEY_HEADER,
  STANDARD_DATA_SHAPES,
  STANDARD_LIMITS,
  STANDARD_OPERATIONS,
  STANDARD_RESULT_MESSAGES,
  type StandardOperation,
} from '../provider/standard-profile';
import { variantFor } from '../provider/variants';
import { checkCredentials, readAnyWrapper, sameSecret, standardKeyPair, type PosWrapper } from './auth';
import type { Fault } from './faults';
import { readJsonBody, sendJson } from './http-body';
import type { PosContext } from './pos-handler';
import { answerBefore, answerWithFault, faultWait } from './respond';
import {
  appendStatus,
  cancelAllowance,
  cancelInvoice,
  invoiceIdList,
  invoiceStatus,
  makeAllowance,
  type StandardContext,
} from './standard-operations';

/**
 * The one-item rule of each operation (the batch forms apply it to every item, in order). The
 * number list takes one object and its rule makes the whole answer.
 */
const ITEM_RULES = {
  cancelInvoices: cancelInvoice,
  allowanceInvoice: makeAllowance,
  allowanceInvoices: makeAllowance,
  cancelAllowance,
  cancelAllowances: cancelAllowance,
  getInvoicesStatus: invoiceStatus,
  getInvoicesAppendStatus: appendStatus,
  getInvoiceIdList: invoiceIdList,
} satisfies Record<StandardOperation, (context: StandardContext, item: unknown) => unknown>;

/** The Inquire batches whose per-item results go in `Data` of one `StatusCode` 1 answer. */
const ANSWERED_IN_DATA: Partial<Record<StandardOperation, string>> = {
  getInvoicesStatus: STANDARD_RESULT_MESSAGES.statusAnswered,
  getInvoicesAppendStatus: STANDARD_RESULT_MESSAGES.appendStatusAnswered,
};

/**
 * One standard-API operation (profile §4), in the same order as a POS one: the fault for this
 * request, the STANDARD `apiKey` (401; the POS key too), the body (413/400), the wrapper and the
 * shape of its `Data` for this operation (400), signature and timestamp in the standard pair's own
 * space (StatusCode 0), then every item in one atomic, durable step with the timestamp's use.
 */
export async function handleStandard(
  req: IncomingMessage,
  res: ServerResponse,
  operation: StandardOperation,
  context: PosContext,
): Promise<void> {
  const { config } = context;
  const dialect = variantFor(config.variant).standard;
  const fault = context.faults.take(STANDARD_OPERATIONS[operation]);
  if (fault?.kind === 'delay-before') await faultWait(fault, context);
  // A refusal before anything is read: the variant's shape of one refusal (an array of one element
  // in SystemLead's: one record's worth).
  const refuseAll = (response: { ResultMessage: string }) =>
    dialect.records === 'wrappers' ? [dialect.refusal(response.ResultMessage)] : response;
  if (answerBefore(res, fault, refuseAll)) return;

  const apiKey = req.headers[API_KEY_HEADER.toLowerCase()];
  // SystemLead has no apiKey header (ApiHeader.md): without one the Salt signature decides.
  const noHeader = !variantFor(config.variant).sendsApiKey && apiKey === undefined;
  if (!noHeader && !sameSecret(typeof apiKey === 'string' ? apiKey : undefined, config.standardApiKey)) {
    return sendJson(res, 401, { StatusCode: 0, ResultMessage: 'Invalid apiKey' });
  }
  const body = await readJsonBody(req, config.maxBodyBytes);
  if (!body.ok) return sendJson(res, body.status, { StatusCode: 0, ResultMessage: body.message });
  if (dialect.records === 'wrappers') return handleRecords(req, res, operation, context, fault, body.json);
  const wrapper = readAnyWrapper(body.json);
  if (!wrapper.ok) return sendJson(res, 400, { StatusCode: 0, ResultMessage: wrapper.message });
  const data = wrapper.wrapper.Data;
  const { accepts } = STANDARD_DATA_SHAPES[operation];
  const isArray = Array.isArray(data);
  if ((accepts === 'object' && isArray) || (accepts === 'array' && !isArray)) {
    const shape = accepts === 'array' ? 'an array' : 'one object';
    return sendJson(res, 400, {
      StatusCode: 0,
      ResultMessage: `Body is not the request wrapper {CompanyID, Timestamp, Signature, Data}: Data of ${STANDARD_OPERATIONS[operation]} is ${shape}`,
    });
  }
  if (isArray && data.length === 0) {
    return sendJson(res, 400, {
      StatusCode: 0,
      ResultMessage: 'Body is not the request wrapper {CompanyID, Timestamp, Signature, Data}: Data is empty',
    });
  }

  const now = context.now();
  const credentials = checkCredentials(wrapper.wrapper, config, context.store, now, standardKeyPair(config));
  const answer = (result: unknown) => answerWithFault(req, res, 200, result, fault, context);
  if (!credentials.ok) return answer({ StatusCode: 0, ResultMessage: credentials.message });

  const items: unknown[] = isArray ? data : [data];
  const tooMany = items.length > STANDARD_LIMITS.batchItems;
  const rule = ITEM_RULES[operation];
  const outcome = context.store.withTimestamp(
    standardKeyPair(config).timestampSpace,
    credentials.timestamp,
    now,
    // A batch over the limit is refused whole, but it used its timestamp like any refused request.
    () => ({
      results: tooMany ? null : items.map((item) => rule({ config, store: context.store, now }, item)),
    }),
  );
  if (outcome === null) {
    return answer({ StatusCode: 0, ResultMessage: STANDARD_RESULT_MESSAGES.timestampUsed });
  }
  const { results } = outcome;
  if (results === null) {
    return answer({ StatusCode: 0, ResultMessage: STANDARD_RESULT_MESSAGES.tooManyItems });
  }
  const inData = ANSWERED_IN_DATA[operation];
  if (inData !== undefined) return answer({ StatusCode: 1, ResultMessage: inData, Data: results });
  // One object in, one answer out; an array in, an array out in request order.
  return answer(isArray ? results : results[0]);
}

/**
 * One request in a dialect of several wrappers (SystemLead, `ApiHeader.md`): one wrapper or an
 * array of them, one record each, every one signed; all carry the request's one `Timestamp`, used
 * once. A wrapper whose signature or company is wrong is refused in its own element and the others
 * go on (as SystemLead's `GetInvoiceIDList.md` sample answers); the answer is an array with one
 * element per wrapper, in order.
 */
async function handleRecords(
  req: IncomingMessage,
  res: ServerResponse,
  operation: StandardOperation,
  context: PosContext,
  fault: Fault | null,
  json: unknown,
): Promise<void> {
  const { config } = context;
  const dialect = variantFor(config.variant).standard;
  const raw = Array.isArray(json) ? json : [json];
  const shape = 'Body is not one request wrapper {CompanyID, Timestamp, Signature, Data} or an array of them';
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

  const now = context.now();
  const keys = standardKeyPair(config);
  const answer = (elements: unknown[]) => answerWithFault(req, res, 200, elements, fault, context);
  const checks = wrappers.map((wrapper) => checkCredentials(wrapper, config, context.store, now, keys));
  const passed = checks.find((check) => check.ok);
  // Nothing passed: nothing is recorded, so a forger cannot burn the pair's timestamps.
  if (!passed?.ok) {
    return answer(
      checks.map((check, i) => dialect.refusal(check.ok ? '' : check.message, wrappers[i]!.Data)),
    );
  }
  const tooMany = wrappers.length > STANDARD_LIMITS.batchItems;
  const rule = ITEM_RULES[operation];
  const outcome = context.store.withTimestamp(keys.timestampSpace, passed.timestamp, now, () => ({
    results: tooMany
      ? null
      : wrappers.map((wrapper, i) => {
          const check = checks[i]!;
          if (!check.ok) return dialect.refusal(check.message, wrapper.Data);
          const record = dialect.fromWireRecord(operation, wrapper.Data);
          if (!record.ok) return dialect.refusal(record.message, wrapper.Data);
          const result = rule({ config, store: context.store, now }, record.data);
          return dialect.toWireRecord(operation, result, wrapper.Data);
        }),
  }));
  const refuseEach = (message: string) => wrappers.map((wrapper) => dialect.refusal(message, wrapper.Data));
  if (outcome === null) return answer(refuseEach(STANDARD_RESULT_MESSAGES.timestampUsed));
  if (outcome.results === null) return answer(refuseEach(STANDARD_RESULT_MESSAGES.tooManyItems));
  return answer(outcome.results);
}
