import { z } from 'zod';
import { BilingualText, method } from './define';
import { SupervisorFields } from './settings';

/**
 * Invoice mode's supervisor actions (issue 27). The figures themselves ride on the status
 * (`app.status`'s `invoiceMode`).
 */
export const InvoiceModeTopUpResult = z.object({
  /** Offline numbers in hand for the current period after the top-up. */
  numbersLeft: z.number().int(),
  /** Why nothing was split (no invoice-mode group, offline mode, the service's refusal); null when done. */
  reason: BilingualText.nullable(),
});
export type InvoiceModeTopUpResult = z.infer<typeof InvoiceModeTopUpResult>;

export const invoiceModeMethods = {
  'invoiceMode.topUp': method(
    'Split offline numbers now for the periods that run low (supervisor PIN; recorded in the journal)',
    z.object({ ...SupervisorFields }).strict(),
    InvoiceModeTopUpResult,
  ),
};
