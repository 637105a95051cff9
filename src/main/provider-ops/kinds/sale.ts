import type { Logger } from '../../core/logger';
import type { CloudPrintClient } from '../../invoice-service/cloud-print-client';
import type { AttemptStart, PosClient } from '../../invoice-service/client';
import { toCloudPrintOrder } from '../../../provider/cloud-print';
import type { IssuedOutcome, Outcome } from '../../invoice-service/outcome';
import type { ExchangeInput, Journal, TransactionRecord } from '../../journal/journal';
import { exchangeOf } from '../exchanges';
import type { OperationKind } from '../operation';

/**
 * The sale kind: a POS-API order (paper proof, phone QR, carrier or donation), its record the
 * journal's transaction (by order number), its answers judged by invoice-service/outcome.ts.
 */
export interface SaleKindDeps {
  journal: Journal;
  client: PosClient;
  logger: Logger;
  /** After each attempt: whether a connection to the service opened (for the status bar). */
  onServiceSeen?: ((reachable: boolean) => void) | undefined;
  /**
   * Inside the outcome's commit of an issued sale, after its move (the print job written with it,
   * so that printing adds no commit to the sale's path).
   */
  onIssuedInCommit?: ((transaction: TransactionRecord, outcome: IssuedOutcome) => void) | undefined;
  /**
   * A `cloud:` printer (provider profile §8): a paper-proof sale is issued with
   * `/Append/PrintInvoices` on it instead of `/Append/Order`; the provider prints the proof.
   */
  cloudPrint?: { client: CloudPrintClient; printerNo: string; salesId?: string } | null | undefined;
}

/**
 * Whether this sale goes to the cloud printer: a paper proof only. A carrier, love-code or
 * "decide on the phone" sale keeps its own operation (rule 7 would clear its carrier).
 */
export function goesToCloudPrinter(transaction: TransactionRecord): boolean {
  const data = transaction.requestData;
  return (
    transaction.operation === 'order' &&
    data.PrintMark === 'Y' &&
    data.CarrierType === undefined &&
    data.CarrierId === undefined &&
    data.NPOBAN === undefined
  );
}

export function saleKind(
  deps: SaleKindDeps,
): OperationKind<TransactionRecord, AttemptStart, Outcome, ExchangeInput> {
  const { journal, client, logger } = deps;
  return {
    name: 'checkout',
    id: (transaction) => transaction.orderNo,
    async send(transaction, firstTimestamp, recorder) {
      const recording = {
        beforeSend: (start: AttemptStart) => recorder.beforeSend(start),
        afterAnswer: (
          start: AttemptStart,
          summary: Parameters<typeof recorder.afterAnswer>[1],
          answer: Outcome,
        ) => {
          deps.onServiceSeen?.(summary.transport !== 'not-sent');
          recorder.afterAnswer(start, summary, answer);
        },
      };
      // The kind's choice of operation, on the same path: written ahead, sent once, judged by the
      // same outcome rules (unknown is 待確認, never a second issue).
      const cloud = deps.cloudPrint;
      if (cloud && goesToCloudPrinter(transaction)) {
        const order = toCloudPrintOrder(transaction.requestData, cloud.printerNo, cloud.salesId);
        return (await cloud.client.issue(order, recording, { firstTimestamp })).outcome;
      }
      const { outcome } = await client.issue(transaction.operation, transaction.requestData, recording, {
        firstTimestamp,
      });
      return outcome;
    },
    exchange: (start, summary, outcome) =>
      exchangeOf({
        operation: start.operation,
        timestamp: start.timestamp,
        summary,
        outcome,
        success: 'issued',
      }),
    recordExchange: (transaction, exchange) => {
      journal.recordExchange(transaction.orderNo, exchange);
    },
    tillFailure: (reason, sent) =>
      sent ? { kind: 'unknown', reason, duplicateBillingNo: false } : { kind: 'not-delivered', reason },
    recordOutcome(transaction, outcome) {
      const { orderNo } = transaction;
      switch (outcome.kind) {
        case 'issued': {
          const response = outcome.response;
          const issued = journal.markIssued(orderNo, {
            invoiceNumber: response.InvoiceNumber,
            invoiceDateTime: response.InvoiceDateTime,
            randomNumber: response.RandomNumber,
            printDataString: response.PrintDataString ?? null,
            // The classifier's parse of this PrintDataString succeeded: not parsed again.
            ...(outcome.printData ? { printDataParsed: true } : {}),
            qKey: response.QKey ?? null,
            qrCodeUrl: response.QrCodeUrl ?? null,
          });
          if (issued.operation === 'orderReturnQKey' && !outcome.qrCodeUrl) {
            journal.recordQrDisplay(orderNo, {
              qrCodeUrl: response.QrCodeUrl ?? null,
              shown: false,
              reason: response.QrCodeUrl ? 'QrCodeUrl is not a usable https link' : 'QrCodeUrl missing',
            });
          }
          if (outcome.printDataError || outcome.missing.length > 0) {
            logger.warn('issued without usable print/QR data: not issuing again', {
              orderNo,
              invoiceNumber: response.InvoiceNumber,
              missing: outcome.missing,
              printDataError: outcome.printDataError,
            });
          }
          const printJobId = (outcome as { printJobId?: unknown }).printJobId;
          if (deps.cloudPrint && typeof printJobId === 'string') {
            // The provider's job is the proof's print record (queued, then printed or failed), in
            // the outcome's commit; a savepoint, so a job the journal refuses never undoes the sale.
            try {
              journal.batch(() =>
                journal.queueCloudPrintJob({ orderNo, printJobId, printerNo: deps.cloudPrint!.printerNo }),
              );
            } catch (error) {
              logger.error(
                `checkout ${orderNo}: the cloud print job was not recorded (the invoice stands)`,
                error,
              );
            }
          }
          deps.onIssuedInCommit?.(issued, outcome);
          return issued;
        }
        case 'rejected':
          return journal.markRejected(orderNo, {
            statusCode: outcome.statusCode,
            resultMessage: outcome.reason,
          });
        case 'not-delivered':
          return journal.markNotDelivered(orderNo, { reason: outcome.reason });
        case 'unknown':
          return journal.markNeedsVerification(orderNo, { reason: outcome.reason });
      }
    },
  };
}
