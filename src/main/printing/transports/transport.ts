import { PrintFailureCode } from '../../../shared/ipc/contract/printing';
import type { PrinterStatus } from '../status';

/**
 * Where a job's bytes go. `send` resolves only when the job was handed over completely (and,
 * where the printer answers, confirmed by it); otherwise it throws a PrintFailure whose code
 * says why, so that the job stays pending with that reason.
 */
export interface PrinterTransport {
  readonly describe: string;
  send(job: Buffer): Promise<void>;
  status(): Promise<PrinterStatus>;
}

// The failure codes are part of the IPC contract (the renderer shows them): one list, defined there.
export type { PrintFailureCode };
const PRINT_FAILURE_CODES: readonly PrintFailureCode[] = PrintFailureCode.options;

export class PrintFailure extends Error {
  constructor(
    readonly code: PrintFailureCode,
    detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = 'PrintFailure';
  }
}

/** The code back from a stored reason (`paper-out: …`), for jobs read from the journal. */
export function failureCodeOf(reason: string | null): PrintFailureCode | null {
  if (!reason) return null;
  const code = reason.split(':', 1)[0] as PrintFailureCode;
  return PRINT_FAILURE_CODES.includes(code) ? code : null;
}
