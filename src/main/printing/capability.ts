import type { printingMethods } from '../../shared/ipc/contract/printing';
import type { HandlersFor } from '../core/handlers';
import type { Logger } from '../core/logger';
import type { SettingsStore } from '../settings/settings-store';
import { createPrintingHandlers } from './handlers';
import type { PrintJobStore } from './print-job-store';
import { PrintService } from './print-service';

export interface PrintingCapability {
  handlers: HandlersFor<typeof printingMethods>;
  service: PrintService;
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
  return { handlers: createPrintingHandlers(service, printer), service, close: () => service.close() };
}
