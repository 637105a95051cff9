import type { IncomingMessage, ServerResponse } from 'node:http';
import { sameSecret } from './auth';
import { cloudPrintAdmin, type CloudPrintDesk } from './cloud-print';
import type { TrainingServiceConfig } from './config';
import { parseFaultRequest, type FaultQueue } from './faults';
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
  if (!['lookup', 'faults', 'faults/clear', 'cloud-print'].includes(route))
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
  const fault = parseFaultRequest(body.json);
  if (!fault.ok) return sendJson(res, 400, { error: fault.message });
  context.faults.add(fault.fault);
  return sendJson(res, 200, { ok: true, pending: context.faults.pending() });
}
