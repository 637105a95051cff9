import { PosIssued, requestHeaders, type PosOrderData } from '../../../src/provider/pos-profile';
import {
  STANDARD_OPERATIONS,
  businessLineTax,
  buildStandardRequestBody,
  consumerRefundSplit,
  type AllowanceData,
  type AllowanceDetailItem,
  type StandardOperation,
} from '../../../src/provider/standard-profile';
import { taipeiDateTime } from '../../../src/shared/domain';
import { postOrder, sampleOrder, type PosCall, type SampleOrderOptions } from '../../support/pos-client';
import { startService, type RunningService, type StartOptions } from './harness';

/**
 * Calls to the standard API (profile §4) of a training service whose clock a test sets, signed
 * with the contract's own functions. Timestamps come from one counter per service that walks
 * forward from 250 s before the service clock, so a test that moves the clock forward never
 * reuses one nor leaves the window.
 */
export interface StandardRig {
  svc: RunningService;
  clock: { now: () => Date; set(instant: Date): void };
  stamp(): string;
  /** Issues a sample order at the service clock through the POS API. */
  issue(billingNo: string, options?: SampleOrderOptions): Promise<{ data: PosOrderData; issued: PosIssued }>;
  call(operation: StandardOperation, data: unknown, options?: StandardCallOptions): Promise<PosCall>;
  /** The parsed answer of a call that must be HTTP 200. */
  ok<T = Record<string, unknown>>(operation: StandardOperation, data: unknown): Promise<T>;
  status(invoiceNumbers: string[]): Promise<Array<Record<string, unknown>>>;
  voidData(invoiceNumber: string, reason?: string): Record<string, unknown>;
  cancelAllowanceData(allowanceNumber: string, reason?: string): Record<string, unknown>;
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

export interface StandardCallOptions {
  apiKey?: string;
  signingSecret?: string;
  timestamp?: string;
  companyId?: string;
  rawBody?: string;
  /** The POS base URL instead of the standard one (a standard body sent to the wrong API). */
  path?: string;
}

export async function startStandardRig(start: Date, options: StartOptions = {}): Promise<StandardRig> {
  let current = start;
  const clock = { now: () => current, set: (instant: Date) => void (current = instant) };
  let last = 0;
  const stamp = () => {
    last = Math.max(last + 1, Math.floor(current.getTime() / 1000) - 250);
    return String(last);
  };
  let svc = await startService({ ...options, now: clock.now });
  const taipeiNow = () => taipeiDateTime(clock.now());

  const call: StandardRig['call'] = async (operation, data, callOptions = {}) => {
    const config = svc.config;
    const timestamp = callOptions.timestamp ?? stamp();
    const body =
      callOptions.rawBody ??
      JSON.stringify(
        buildStandardRequestBody(
          callOptions.companyId ?? config.companyId,
          callOptions.signingSecret ?? config.standardSigningSecret,
          timestamp,
          data,
        ),
      );
    const url = callOptions.path
      ? `${svc.service.url}${callOptions.path}`
      : `${svc.service.standardUrl}${STANDARD_OPERATIONS[operation]}`;
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...requestHeaders(callOptions.apiKey ?? config.standardApiKey),
      },
      body,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let json: Record<string, unknown> | undefined;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = undefined;
    }
    return { status: response.status, text, json };
  };

  const rig: StandardRig = {
    get svc() {
      return svc;
    },
    clock,
    stamp,
    async issue(billingNo, orderOptions = {}) {
      const data = sampleOrder(billingNo, { at: clock.now(), ...orderOptions });
      const answer = await postOrder(svc.target, 'order', data, { timestamp: stamp() });
      const issued = PosIssued.safeParse(answer.json);
      if (!issued.success) throw new Error(`issue ${billingNo}: ${answer.text}`);
      return { data, issued: issued.data };
    },
    call,
    async ok(operation, data) {
      const answer = await call(operation, data);
      if (answer.status !== 200 || answer.json === undefined) {
        throw new Error(`${operation}: HTTP ${answer.status} ${answer.text}`);
      }
      return answer.json as never;
    },
    async status(invoiceNumbers) {
      const answer = await rig.ok<{ StatusCode: number; Data: Array<Record<string, unknown>> }>(
        'getInvoicesStatus',
        invoiceNumbers.map((number) => ({ CompanyID: svc.config.companyId, InvoiceID: number })),
      );
      if (answer.StatusCode !== 1) throw new Error(`status: ${JSON.stringify(answer)}`);
      return answer.Data;
    },
    voidData: (invoiceNumber, reason = '退貨') => ({
      SellerID: svc.config.companyId,
      InvoiceNumber: invoiceNumber,
      CancelDate: taipeiNow(),
      CancelReason: reason,
    }),
    cancelAllowanceData: (allowanceNumber, reason = '折讓開錯') => ({
      SellerID: svc.config.companyId,
      AllowanceNumber: allowanceNumber,
      CancelDate: taipeiNow(),
      CancelReason: reason,
      Remark: '',
    }),
    async restart() {
      svc = await svc.restart();
    },
    dispose: () => svc.dispose(),
  };
  return rig;
}

export interface RefundLine {
  invoice: string;
  sequence: string;
  quantity: number;
  /** C invoices: the tax-inclusive refund R. B invoices: the pre-tax Amount. */
  value: number;
  itemTaxType?: '1' | '2' | '3';
}

/** An allowance built with the contract's split rules, totals summed from the lines. */
export function allowanceData(
  sellerId: string,
  prefix: string,
  buyerId: string,
  invoiceFor: 'B' | 'C',
  lines: RefundLine[],
  at: string,
): AllowanceData {
  const details: AllowanceDetailItem[] = lines.map((line) => {
    const itemTaxType = line.itemTaxType ?? '1';
    const { amount, tax } =
      invoiceFor === 'C'
        ? consumerRefundSplit(line.value, itemTaxType)
        : { amount: line.value, tax: businessLineTax(line.value, itemTaxType) };
    return {
      InvoiceNumber: line.invoice,
      SequenceNumber: line.sequence,
      Description: '退貨',
      Quantity: line.quantity,
      UnitPrice: line.quantity > 0 ? Number((amount / line.quantity).toFixed(4)) : amount,
      Amount: amount,
      ItemTaxType: itemTaxType,
      Tax: tax,
    };
  });
  return {
    AllowanceNumberPrefix: prefix,
    AllowanceDate: at,
    SellerID: sellerId,
    BuyerID: buyerId,
    AllowanceType: '2',
    TaxAmount: details.reduce((sum, detail) => sum + detail.Tax, 0),
    TotalAmount: details.reduce((sum, detail) => sum + detail.Amount, 0),
    Details: details,
  };
}
