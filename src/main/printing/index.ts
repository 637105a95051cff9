/*
 * The printing room's door: what other capabilities may use of it, and nothing else (a capability
 * imports another only through its index.ts, scripts/check-layers.mjs). The composition
 * (src/main/app) builds the room itself from capability.ts.
 */

// The shift slips (X, close, Z) are printing's layouts; shifts says what goes on them.
export { ShiftSlipContent } from './layout/shift-layout';
// A return's paper: the allowance slip and the void notice (returns/slips.ts fills them in).
export type { AllowanceSlipInput } from './layout/allowance-layout';
export type { VoidNoticeInput } from './layout/void-notice-layout';
// A job that did not print, in the cashier's words; the service a capability is handed.
export { failureMessage } from './failure-messages';
export type { PrintService } from './print-service';
// Invoice mode builds an offline sale's proof inside the commit that issues it, the same builder
// as a resolved sale's (built-proof.ts), stored as the envelope a till-built proof prints from.
export { buildProofForTransaction } from './built-proof';
export type { ProofEnvelope } from './slip-content';
export type { PrintResult } from './print-service';
