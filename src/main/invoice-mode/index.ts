/*
 * The invoice-mode room's door (issue 27: issuing through an outage with the till's own numbers).
 * The composition (src/main/app) builds the room itself from capability.ts and services.ts; nothing else may use
 * it yet.
 */
export type { InvoiceModeCapability } from './capability';
export type { InvoiceModeServices } from './services';
