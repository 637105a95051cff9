import { randomBytes } from 'node:crypto';
import {
  drawRandomNumber,
  POS_OPERATIONS,
  RESULT_MESSAGES,
  type PosOperation,
  type PosOrderData,
  type PosResponse,
} from '../provider/pos-profile';
import { invoicePeriod, parseTaipeiDateTime } from '../shared/domain';
import type { KeyPair } from './auth';
import { tracksFor, type TrainingServiceConfig } from './config';
import type { UploadMode } from './faults';
import { buildPrintData } from './print-data';
import type { TrainingStore } from './store';

/** Issues a checked order: allocates its number (or refuses a duplicate) and builds the answer. */
export const ISSUED_MESSAGE = 'Invoice issued';

/** The request's checked credentials: its timestamp, used in its key pair's space. */
export interface IssueCredentials {
  timestamp: number;
  keys: KeyPair;
}

export function issueOrder(
  config: TrainingServiceConfig,
  store: TrainingStore,
  operation: PosOperation,
  order: PosOrderData,
  credentials: IssueCredentials,
  now: Date,
  uploadMode: UploadMode = 'normal',
): PosResponse {
  const issuedAt = parseTaipeiDateTime(order.InvoiceDateTime);
  if (!issuedAt) throw new Error('issueOrder needs a checked order');
  const period = invoicePeriod(issuedAt);
  const qKey = operation === 'orderReturnQKey' ? randomBytes(16).toString('hex') : null;
  const outcome = store.issue({
    companyId: config.companyId,
    timestampSpace: credentials.keys.timestampSpace,
    timestamp: credentials.timestamp,
    billingNo: order.BillingNo,
    deviceId: order.DeviceID,
    periodCode: period.code,
    tracks: tracksFor(config, period.code),
    firstSerial: config.firstSerial,
    numbersPerTrack: config.numbersPerTrack,
    segmentSize: config.segmentSize,
    uploadMode,
    invoiceDateTime: order.InvoiceDateTime,
    // The seller's code where the variant sends one (SystemLead), else the service draws it.
    randomNumber: order.RandomNumber ?? drawRandomNumber(),
    totalAmount: order.TotalAmount,
    operation: POS_OPERATIONS[operation],
    qKey,
    issuedAt: now,
    // Kept for the standard API: allowances check their lines against these (profile §4).
    invoiceFor: order.InvoiceFor,
    buyerId: order.BuyerID,
    lines: order.Details.map((detail) => ({
      sequence: detail.DetailID,
      description: detail.ProductName,
      quantity: detail.Quantity,
      unitPrice: detail.UnitPrice,
      subTotal: detail.SubTotal,
      itemTaxType: detail.ItemTaxType,
    })),
  });
  if (!outcome.ok) {
    const refusals = {
      'timestamp-used': RESULT_MESSAGES.timestampUsed,
      'duplicate-billing-no': RESULT_MESSAGES.duplicateBillingNo,
      'numbers-exhausted': `No invoice numbers left for period ${period.text} (${period.code})`,
    };
    return { StatusCode: 0, ResultMessage: refusals[outcome.reason] };
  }
  const { invoice } = outcome;
  const issued: PosResponse = {
    StatusCode: 1,
    ResultMessage: ISSUED_MESSAGE,
    BillingNo: invoice.billingNo,
    InvoiceNumber: invoice.invoiceNumber,
    InvoiceDateTime: invoice.invoiceDateTime,
    RandomNumber: invoice.randomNumber,
  };
  if (operation === 'order') {
    const printData = buildPrintData({
      sellerName: config.sellerName,
      sellerId: config.companyId,
      qrAesKey: config.qrAesKey,
      invoiceNumber: invoice.invoiceNumber,
      randomNumber: invoice.randomNumber,
      order,
    });
    issued.PrintDataString = JSON.stringify(printData);
  }
  if (operation === 'orderReturnQKey' && qKey) {
    issued.QKey = qKey;
    issued.QrCodeUrl = `${config.publicBaseUrl.replace(/\/+$/, '')}/q/${qKey}`;
  }
  return issued;
}
