import type { Bilingual } from '../../shared/domain/i18n';

/**
 * A failure the cashier should read: thrown by handlers, turned into an IpcError by dispatch.
 * Anything else thrown is an internal error and is logged, not shown verbatim.
 */
export class TillError extends Error {
  constructor(
    readonly code: string,
    readonly bilingual: Bilingual,
  ) {
    super(bilingual.en);
    this.name = 'TillError';
  }
}
