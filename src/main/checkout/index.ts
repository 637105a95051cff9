/*
 * The checkout's door: what other capabilities may use of it, and nothing else (a capability
 * imports another only through its index.ts, scripts/check-layers.mjs). The composition
 * (src/main/app) builds the room itself from capability.ts.
 */

// A 改開's new sale is checked as the checkout checks any sale, before the void is sent (returns).
export { joinReasons, prepareOrder } from './prepare-order';
// The verification screen's resolution, which an accepted reconciliation suggestion goes through.
export { createVerification } from './verification';
// Invoice mode (src/main/invoice-mode) implements the engine's offline issuing.
export type { OfflineIssuing } from './engine';
// The one probe of the service (an HTTP answer of any kind): invoice mode's way back online.
export { serviceAnswers } from './probe';
