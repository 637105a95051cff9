import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReturnRecord } from '../../../src/main/journal/types';
import { judge } from '../../../src/main/returns/engine';
import { PROCESS_STATUS, type InvoiceStatusItem } from '../../../src/provider/standard-profile';

/**
 * What the status query says about a return in doubt. SystemLead's GetInvoicesStatus.md answers
 * `{ InvoiceID, ProcessStatus, ProcessStatusMessage }` and lists no allowances: an allowance as the
 * last step without one listed is "not known" (null), never "not done" (which sends it again).
 */
const record = (kind: ReturnRecord['kind'], extra: Partial<ReturnRecord> = {}) =>
  ({
    kind,
    invoiceNumber: 'CA89430000',
    allowancePrefix: kind === 'allowance' ? 'T10001' : null,
    allowanceNumber: kind === 'allowance-void' ? 'T10001001' : null,
    ...extra,
  }) as ReturnRecord;
const item = (
  ProcessStatus: string,
  Allowances: InvoiceStatusItem['Allowances'] = [],
): InvoiceStatusItem => ({
  InvoiceID: 'CA89430000',
  ProcessStatus,
  ProcessStatusMessage: '',
  Allowances,
});
const allowanceSteps = [...PROCESS_STATUS.allowance, ...PROCESS_STATUS.allowanceVoided];

describe('judge: a status without an allowance list', () => {
  it('an allowance or its void as the last step, none listed: not known, for either return', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...allowanceSteps),
        fc.constantFrom('allowance', 'allowance-void' as const),
        (status, kind) => {
          expect(judge(record(kind), item(status)).done).toBeNull();
        },
      ),
    );
  });

  it('the issue as the last step: no allowance stands, safe to send again (not done)', () => {
    for (const status of PROCESS_STATUS.issued)
      expect(judge(record('allowance'), item(status))).toEqual({ done: false, allowanceNumber: null });
  });

  it('a void is judged by its own step, list or none', () => {
    expect(judge(record('void'), item('C0')).done).toBe(true);
    expect(judge(record('void'), item('I0')).done).toBe(false);
  });

  it('a listed allowance under the prefix is done with its number (the profile, unchanged)', () => {
    const listed = [{ AllowanceNumber: 'T10001001', TotalAmount: 100, TaxAmount: 5, Voided: false }];
    expect(judge(record('allowance'), item('A0', listed))).toEqual({
      done: true,
      allowanceNumber: 'T10001001',
    });
    expect(judge(record('allowance'), item('A0', [{ ...listed[0]!, AllowanceNumber: 'X9999001' }]))).toEqual({
      done: false,
      allowanceNumber: null,
    });
  });
});
