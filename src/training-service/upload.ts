import type { AppendStatus } from '../provider/standard-profile';
import type { TrainingServiceConfig } from './config';
import type { UploadMode } from './faults';

/**
 * The simulated upload to the tax authority (profile §4 Upload). Computed from the invoice's issue
 * instant and the service clock on every question rather than moved by timers: nothing to lose on
 * a restart, and a test that sets the clock sees the state at once, without sleeping.
 */
export interface UploadFacts {
  /** The service clock's instant of the issue (ISO), as the store keeps it. */
  issuedAt: string;
  uploadMode: UploadMode;
}

type UploadTimes = Pick<TrainingServiceConfig, 'uploadAfterSeconds' | 'confirmAfterSeconds'>;

/** `P` until `uploadAfterSeconds` after the issue, then `U`, and `C` from `confirmAfterSeconds`. */
export function appendStatusOf(invoice: UploadFacts, config: UploadTimes, now: Date): AppendStatus {
  // A stuck or suspended upload never leaves the provider's platform.
  if (invoice.uploadMode !== 'normal') return 'P';
  const issued = Date.parse(invoice.issuedAt);
  // An unreadable instant (never written so, but the file is outside data) counts as just issued.
  const elapsed = Number.isFinite(issued) ? (now.getTime() - issued) / 1000 : 0;
  if (elapsed >= config.confirmAfterSeconds) return 'C';
  if (elapsed >= config.uploadAfterSeconds) return 'U';
  return 'P';
}

/**
 * `ProcessStatus` of an invoice whose last operation is its issue, following the upload: `I0`
 * while `P`, `I2` while `U`, `I9` once `C`; a stuck upload is `I1` (waiting), a suspended one `IP`.
 */
export function issueProcessStatus(invoice: UploadFacts, config: UploadTimes, now: Date): string {
  if (invoice.uploadMode === 'stuck') return 'I1';
  if (invoice.uploadMode === 'suspended') return 'IP';
  const status = appendStatusOf(invoice, config, now);
  return status === 'C' ? 'I9' : status === 'U' ? 'I2' : 'I0';
}

/**
 * The `ProcessStatus` to answer: the stored one after a void or allowance (`C0`, `A0`, `D0`), and
 * the upload's step while the issue is the last operation (stored as `I0`).
 */
export function processStatusOf(
  invoice: UploadFacts & { processStatus: string },
  config: UploadTimes,
  now: Date,
): string {
  return invoice.processStatus === 'I0' ? issueProcessStatus(invoice, config, now) : invoice.processStatus;
}
