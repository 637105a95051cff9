import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  API_KEY_HEADER,
  STANDARD_DATA_SHAPES,
  STANDARD_LIMITS,
  STANDARD_OPERATIONS,
  STANDARD_RESULT_MESSAGES,
  type StandardOperation,
} from '../provider/standard-profile';
import { checkCredentials, readAnyWrapper, sameSecret, standardKeyPair } from './auth';
import { readJsonBody, sendJson } from './http-body';
import type { PosContext } from './pos-handler';
import { answerBefore, answerWithFault } from './respond';
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
  const fault = context.faults.take(STANDARD_OPERATIONS[operation]);
  if (fault?.kind === 'delay-before') await context.sleep(fault.ms);
  if (answerBefore(res, fault)) return;

  const apiKey = req.headers[API_KEY_HEADER.toLowerCase()];
  if (!sameSecret(typeof apiKey === 'string' ? apiKey : undefined, config.standardApiKey)) {
    return sendJson(res, 401, { StatusCode: 0, ResultMessage: 'Invalid apiKey' });
  }
  const body = await readJsonBody(req, config.maxBodyBytes);
  if (!body.ok) return sendJson(res, body.status, { StatusCode: 0, ResultMessage: body.message });
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
  const answer = (result: unknown) => answerWithFault(req, res, 200, result, fault, context.sleep);
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
