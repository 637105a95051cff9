import type { IncomingMessage, ServerResponse } from 'node:http';
import { sameSecret } from './auth';
import { cloudPrintAdmin, type CloudPrintDesk } from './cloud-print';
import type { TrainingServiceConfig } from './config';
import { parseFaultRequest, parseUnreachable, type FaultQueue } from './faults';
import { readJsonBody, sendJson } from './http-body';
import type { TrainingStore } from './store';
import { appendStatusOf, processStatusOf } from './upload';

/**
 * The provider's verification channel (its console or support line), apart from the POS API:
 *   POST /_admin/lookup        {"BillingNo"}                  what was issued for an order number,
 *                                                             whether it is voided, its allowances,
 *                                                             its ProcessStatus and AppendStatus as
 *                                                             the standard API answers them now
 *   POST /_admin/faults        {"kind","count","ms"?,"message"?,"path"?}  the next requests of
 *                              either API misbehave (with `path`, only that operation's); the
 *                              upload faults mark the next invoices issued instead (faults.ts)
 *   POST /_admin/faults/clear  {}                             no more pending faults
 *   POST /_admin/faults        {"kind":"unreachable","ms"}    the service refuses connections for
 *                                                             ms, then listens again (faults.ts)
 *   POST /_admin/clock         {"at": ISO instant}            the service clock jumps there and
 *                                                             runs on (across a period end)
 *   POST /_admin/blanks        {}                             the blank ranges that stand
 *   POST /_admin/cloud-print   {"printerNo","fault"?}         cloud print's jobs and faults (cloud-print.ts)
 * Every call needs `Authorization: Bearer <adminToken>`.
 */
export const ADMIN_PREFIX = '/_admin/';

export interface AdminContext {
  config: TrainingServiceConfig;
  store: TrainingStore;
  faults: FaultQueue;
  /** The service clock: the simulated upload is read on it. */
  now: () => Date;
  /** The fault `unreachable` for `ms` (server.ts closes and reopens its listener). */
  unreachableFor(ms: number): void;
  setClock(instant: Date): void;
  desk: CloudPrintDesk;
}

export async function handleAdmin(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  context: AdminContext,
): Promise<void> {
  const authorization = req.headers.authorization;
  const token = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : undefined;
  if (!sameSecret(token, context.config.adminToken)) {
    return sendJson(res, 401, { error: 'Authorization: Bearer <adminToken> required' });
  }
  const route = path.slice(ADMIN_PREFIX.length);
  if (!['lookup', 'faults', 'faults/clear', 'clock', 'blanks', 'cloud-print'].includes(route))
    return sendJson(res, 404, { error: `No ${path}` });
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    return sendJson(res, 405, { error: 'Use POST' });
  }
  const body = await readJsonBody(req, context.config.maxBodyBytes);
  if (!body.ok) return sendJson(res, body.status, { error: body.message });

  if (route === 'lookup') {
    const billingNo = (body.json as { BillingNo?: unknown } | null)?.BillingNo;
    if (typeof billingNo !== 'string' || billingNo === '') {
      return sendJson(res, 400, { error: 'Body must be {"BillingNo": "<order number>"}' });
    }
    const invoice = context.store.findByBillingNo(context.config.companyId, billingNo);
    if (!invoice) return sendJson(res, 200, { found: false });
    // What the standard API did to it since (the provider's console shows it too).
    const standard = context.store.findStandardByBillingNo(context.config.companyId, billingNo)!;
    const now = context.now();
    return sendJson(res, 200, {
      found: true,
      BillingNo: invoice.billingNo,
      InvoiceNumber: invoice.invoiceNumber,
      InvoiceDateTime: invoice.invoiceDateTime,
      RandomNumber: invoice.randomNumber,
      TotalAmount: invoice.totalAmount,
      Operation: invoice.operation,
      Voided: standard.voided,
      ProcessStatus: processStatusOf(standard, context.config, now),
      AppendStatus: appendStatusOf(standard, context.config, now),
      Allowances: context.store.invoiceAllowances(standard).map((allowance) => ({
        AllowanceNumber: allowance.allowanceNumber,
        TotalAmount: allowance.totalAmount,
        TaxAmount: allowance.taxAmount,
        Voided: allowance.voided,
      })),
    });
  }
  if (route === 'cloud-print') return sendJson(res, ...cloudPrintAdmin(body.json, context.desk));
  if (route === 'faults/clear') {
    context.faults.clear();
    return sendJson(res, 200, { ok: true, pending: 0 });
  }
  if (route === 'clock') {
    const at = (body.json as { at?: unknown } | null)?.at;
    const instant = typeof at === 'string' ? new Date(at) : null;
    if (!instant || Number.isNaN(instant.getTime())) {
      return sendJson(res, 400, {
        error: 'Body must be {"at": "<ISO instant, e.g. 2027-01-01T00:00:00+08:00>"}',
      });
    }
    context.setClock(instant);
    return sendJson(res, 200, { ok: true, now: context.now().toISOString() });
  }
  if (route === 'blanks') {
    return sendJson(res, 200, { blanks: context.store.invoiceMode.blankRanges(context.config.companyId) });
  }
  const outage = parseUnreachable(body.json);
  if (outage && !outage.ok) return sendJson(res, 400, { error: outage.message });
  if (outage?.ok) {
    // Answered first, on a connection that closes: then the listener goes.
    res.setHeader('connection', 'close');
    res.once('finish', () => context.unreachableFor(outage.ms));
    return sendJson(res, 200, { ok: true, unreachableMs: outage.ms });
  }
  const fault = parseFaultRequest(body.json);
  if (!fault.ok) return sendJson(res, 400, { error: fault.message });
  context.faults.add(fault.fault);
  return sendJson(res, 200, { ok: true, pending: context.faults.pending() });
}
