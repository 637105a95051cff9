import type { printingMethods } from '../../shared/ipc/contract/printing';
import type { IssuedEvent } from '../checkout/engine';
import type { HandlersFor } from '../core/handlers';
import type { Logger } from '../core/logger';
import type { SettingsStore } from '../settings/settings-store';
import { createPrintingHandlers } from './handlers';
import type { DetailsSlipInput } from './layout/details-layout';
import type { PrintJobStore } from './print-job-store';
import { PrintService, type PrintResult } from './print-service';

export interface PrintingCapability {
  handlers: HandlersFor<typeof printingMethods>;
  service: PrintService;
  /** Subscribe to the checkout's `onIssued`: prints what the sale needs. Never throws. */
  onIssued(event: IssuedEvent): Promise<PrintResult | null>;
  close(): Promise<void>;
}

/**
 * Printing for the core: the print service on the journal's print jobs, the printer taken from
 * the settings at each job (`virtual` in training mode: a preview printer on 127.0.0.1).
 */
export function createPrintingCapability(options: {
  store: PrintJobStore;
  settings: SettingsStore;
  logger?: Logger;
}): PrintingCapability {
  const printer = () => options.settings.get().printer;
  const service = new PrintService({
    store: options.store,
    printer,
    sellerName: () => options.settings.get().sellerName,
    logger: options.logger,
  });

  /**
   * After an issue: the proof for `/Append/Order` (when its print data is usable), the details
   * slip when a carrier or donation customer asked for one, and the drawer kick for cash.
   */
  async function onIssued(event: IssuedEvent): Promise<PrintResult | null> {
    const tx = event.transaction;
    const cash = tx.payments.some((payment) => payment.method === 'cash');
    try {
      if (tx.operation === 'order' && event.printDataString !== null && event.outcome.printData !== null) {
        return await service.printProof({
          orderNo: event.orderNo,
          printDataString: event.printDataString,
          openDrawer: cash,
        });
      }
      if (tx.invoice.wantsDetails) {
        const settings = options.settings.get();
        const details: DetailsSlipInput = {
          sellerName: settings.sellerName,
          sellerId: tx.companyId,
          orderNo: tx.orderNo,
          invoiceNumber: tx.invoiceNumber,
          dateTime: tx.invoiceDateTime ?? tx.requestData.InvoiceDateTime,
          carrier:
            tx.invoice.carrierType && tx.invoice.carrierId
              ? { type: tx.invoice.carrierType, id: tx.invoice.carrierId }
              : null,
          loveCode: tx.invoice.loveCode ?? null,
          lines: tx.lines.map((line) => ({
            name: line.name,
            quantity: line.quantity,
            unitPrice: line.unitPrice,
            subTotal: line.subTotal,
          })),
          totalAmount: tx.totals.totalAmount,
          payments: tx.payments.map(({ method, amount, tendered, change }) => ({
            method,
            amount,
            tendered,
            change,
          })),
        };
        return await service.printDetails({ orderNo: event.orderNo, details, openDrawer: cash });
      }
      if (cash) await service.openDrawer();
    } catch (error) {
      options.logger?.warn('printing after issue failed', {
        orderNo: event.orderNo,
        error: (error as Error).message,
      });
    }
    return null;
  }

  return {
    handlers: createPrintingHandlers(service, printer),
    service,
    onIssued,
    close: () => service.close(),
  };
}
