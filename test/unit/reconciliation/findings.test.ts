import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLate, judgeInvoice, listOf } from '../../../src/main/reconciliation/findings';
import type { InvoiceView, ReturnView } from '../../../src/main/reconciliation/sources';
import {
  UPLOAD_AT_RISK_AFTER_SECONDS,
  UPLOAD_DEADLINE_SECONDS,
  type AppendStatus,
  type InvoiceStatusItem,
} from '../../../src/provider/standard-profile';
import { taipeiDateTime } from '../../../src/shared/domain';
import { FindingKind } from '../../../src/shared/ipc/contract/reconciliation';

/**
 * The judgement of one invoice, on generated cases: whatever the journal and the provider agree
 * on yields no mismatch; each single difference yields exactly its finding; what the till itself
 * does not know yet (an unsettled return) is never judged; and the upload finding follows the
 * deadline rule.
 */
const ISSUED = new Date('2026-11-05T10:00:00+08:00');
const STATES = ['done', 'in-flight', 'needs-verification', 'rejected', 'not-delivered', 'not-done'] as const;

interface Case {
  invoice: InvoiceView;
  status: InvoiceStatusItem;
}

const allowanceArb = fc.record({
  serial: fc.integer({ min: 1, max: 999 }),
  sales: fc.integer({ min: 1, max: 5000 }),
  tax: fc.integer({ min: 0, max: 250 }),
  state: fc.constantFrom(...STATES),
  undone: fc.constantFrom('no', 'done', 'pending'),
});

/** A sale as the till has it, and the e-invoice service's status agreeing with it. */
const agreeingCase: fc.Arbitrary<Case> = fc
  .record({
    total: fc.integer({ min: 1, max: 1_000_000 }),
    invoiceFor: fc.constantFrom<'B' | 'C'>('B', 'C'),
    voided: fc.constantFrom(...STATES, 'none' as const),
    allowances: fc.uniqueArray(allowanceArb, { selector: (a) => a.serial, maxLength: 4 }),
    step: fc.constantFrom('0', '1', '2', '9'),
  })
  .map(({ total, invoiceFor, voided, allowances, step }) => {
    const returns: ReturnView[] = [];
    if (voided !== 'none')
      returns.push({ kind: 'void', state: voided, allowanceNumber: null, salesAmount: 0, taxAmount: 0 });
    const providerAllowances: InvoiceStatusItem['Allowances'] = [];
    for (const a of allowances) {
      const number = `T010001${String(a.serial).padStart(3, '0')}`;
      returns.push({
        kind: 'allowance',
        state: a.state,
        allowanceNumber: number,
        salesAmount: a.sales,
        taxAmount: a.tax,
      });
      if (a.undone !== 'no') {
        returns.push({
          kind: 'allowance-void',
          state: a.undone === 'done' ? 'done' : 'needs-verification',
          allowanceNumber: number,
          salesAmount: a.sales,
          taxAmount: a.tax,
        });
      }
      // The provider has what stands at the till: a done allowance, voided when its void is done.
      if (a.state === 'done') {
        providerAllowances.push({
          AllowanceNumber: number,
          TotalAmount: a.sales,
          TaxAmount: a.tax,
          Voided: a.undone === 'done',
        });
      }
    }
    const voidedThere = voided === 'done';
    const status: InvoiceStatusItem = {
      InvoiceID: 'AB12345678',
      ProcessStatus: voidedThere ? `C${step}` : providerAllowances.length > 0 ? `A${step}` : `I${step}`,
      ProcessStatusMessage: '',
      BillingNo: 'T01-20261105-000001',
      InvoiceDateTime: taipeiDateTime(ISSUED),
      TotalAmount: total,
      Allowances: providerAllowances,
    };
    const invoice: InvoiceView = {
      orderNo: 'T01-20261105-000001',
      tillId: 'T01',
      businessDay: '2026-11-05',
      invoiceNumber: 'AB12345678',
      invoiceDateTime: taipeiDateTime(ISSUED),
      invoiceFor,
      totalAmount: total,
      createdAt: ISSUED.toISOString(),
      returns,
    };
    return { invoice, status };
  });

const confirmed = new Date(ISSUED.getTime() + 10 * 60_000);
const mismatchKinds = (c: Case, append: AppendStatus | null = 'C', now = confirmed) =>
  judgeInvoice(c.invoice, c.status, append, now).findings.map((f) => f.kind);
const unsettled = (r: ReturnView) => r.state === 'in-flight' || r.state === 'needs-verification';

describe('judgeInvoice', () => {
  it('finds nothing when both sides agree, and the invoice is settled once confirmed', () => {
    fc.assert(
      fc.property(agreeingCase, (c) => {
        const judged = judgeInvoice(c.invoice, c.status, 'C', confirmed);
        expect(judged.findings).toEqual([]);
        expect(judged.settled).toBe(true);
        expect(judged.unreadable).toBe(false);
      }),
    );
  });

  it('an invoice the provider does not know: not-at-provider and nothing else', () => {
    fc.assert(
      fc.property(agreeingCase, fc.constantFrom<AppendStatus | null>('N', 'P', 'C', null), (c, append) => {
        const status = { ...c.status, ProcessStatus: 'NF', TotalAmount: undefined, Allowances: [] };
        const judged = judgeInvoice(c.invoice, status, append, new Date(ISSUED.getTime() + 9 * 86_400_000));
        expect(judged.findings.map((f) => f.kind)).toEqual(['not-at-provider']);
        expect(judged.findings[0]!.journalAmount).toBe(c.invoice.totalAmount);
      }),
    );
  });

  it('a different total: exactly one amount-differs, with both amounts', () => {
    fc.assert(
      fc.property(
        agreeingCase,
        fc.integer({ min: -1000, max: 1000 }).filter((d) => d !== 0),
        (c, delta) => {
          const status = { ...c.status, TotalAmount: c.status.TotalAmount! + delta };
          const findings = judgeInvoice(c.invoice, status, 'C', confirmed).findings;
          expect(findings.map((f) => f.kind)).toEqual(['amount-differs']);
          expect(findings[0]).toMatchObject({
            journalAmount: c.invoice.totalAmount,
            providerAmount: c.invoice.totalAmount + delta,
          });
        },
      ),
    );
  });

  it('a void on one side only is named for that side; an unsettled void is never judged', () => {
    fc.assert(
      fc.property(agreeingCase, (c) => {
        const voidedThere = c.status.ProcessStatus.startsWith('C');
        const flipped = { ...c.status, ProcessStatus: voidedThere ? 'I0' : 'C0' };
        const kinds = mismatchKinds({ ...c, status: flipped });
        const voids = c.invoice.returns.filter((r) => r.kind === 'void');
        const voidKinds = kinds.filter((k) => k.startsWith('voided'));
        if (voids.some(unsettled)) expect(voidKinds).toEqual([]);
        else expect(voidKinds).toEqual([voidedThere ? 'voided-in-journal-only' : 'voided-at-provider-only']);
      }),
    );
  });

  it('an allowance standing on one side only, or with other amounts, is an amount difference; never while one is unsettled', () => {
    fc.assert(
      fc.property(agreeingCase, fc.integer({ min: 1, max: 3 }), (c, change) => {
        const allowances = [...c.status.Allowances];
        if (change === 1)
          allowances.push({ AllowanceNumber: 'X000000001', TotalAmount: 10, TaxAmount: 1, Voided: false });
        else if (allowances.length === 0) return;
        else if (change === 2) allowances[0] = { ...allowances[0]!, Voided: !allowances[0]!.Voided };
        else allowances[0] = { ...allowances[0]!, TotalAmount: allowances[0]!.TotalAmount + 1 };
        const kinds = mismatchKinds({ ...c, status: { ...c.status, Allowances: allowances } });
        const pending = c.invoice.returns.some((r) => r.kind !== 'void' && unsettled(r));
        // The amounts of an allowance voided at the provider no longer count on either side.
        const moot = change === 3 && c.status.Allowances[0]!.Voided;
        expect(kinds).toEqual(pending || moot ? [] : ['amount-differs']);
      }),
    );
  });

  it('uploads: nothing once uploaded; N or P is at risk after an hour and late after the deadline', () => {
    fc.assert(
      fc.property(
        agreeingCase,
        fc.constantFrom<AppendStatus>('N', 'P', 'U', 'C'),
        fc.integer({ min: 0, max: 10 * 86_400 }),
        (c, append, ageSeconds) => {
          const now = new Date(ISSUED.getTime() + ageSeconds * 1000);
          const status = { ...c.status, ProcessStatus: c.status.ProcessStatus.replace(/P$/, '0') };
          const uploads = judgeInvoice(c.invoice, status, append, now).findings.filter(
            (f) => listOf(f.kind) === 'uploadsLate',
          );
          const deadline = UPLOAD_DEADLINE_SECONDS[c.invoice.invoiceFor];
          const expected =
            append === 'U' || append === 'C' || ageSeconds <= UPLOAD_AT_RISK_AFTER_SECONDS
              ? []
              : ageSeconds > deadline
                ? ['upload-late']
                : ['upload-at-risk'];
          expect(uploads.map((f) => f.kind)).toEqual(expected);
          for (const f of uploads) {
            expect(new Date(f.deadline!).getTime()).toBe(ISSUED.getTime() + deadline * 1000);
            expect(isLate(f, now)).toBe(f.kind === 'upload-late');
          }
        },
      ),
    );
  });

  it('a suspended upload (IP, CP, AP, DP) is named as such, late once past its deadline', () => {
    for (const code of ['IP', 'CP', 'AP', 'DP']) {
      const c = fc.sample(agreeingCase, { numRuns: 1, seed: 7 })[0]!;
      const later = new Date(ISSUED.getTime() + 8 * 86_400_000);
      const findings = judgeInvoice(c.invoice, { ...c.status, ProcessStatus: code }, 'P', later).findings;
      const suspended = findings.find((f) => f.kind === 'upload-suspended')!;
      expect(suspended.processStatus).toBe(code);
      expect(isLate(suspended, later)).toBe(true);
      expect(isLate(suspended, ISSUED)).toBe(false);
    }
  });

  it('a ProcessStatus the profile does not know is unreadable: no finding is made from it', () => {
    fc.assert(
      fc.property(agreeingCase, fc.string({ maxLength: 4 }), (c, code) => {
        fc.pre(!['I0', 'I1', 'I2', 'I9', 'IP', 'NF'].includes(code) && !/^[CAD][0129P]$/.test(code));
        const judged = judgeInvoice(c.invoice, { ...c.status, ProcessStatus: code }, 'P', confirmed);
        expect(judged).toEqual({ findings: [], settled: false, unreadable: true });
      }),
    );
  });

  it('every finding kind goes to exactly one list of the report', () => {
    for (const kind of FindingKind.options)
      expect(['mismatches', 'uploadsLate', 'unknownToJournal', 'notChecked']).toContain(listOf(kind));
    expect(listOf('not-checked')).toBe('notChecked');
    expect(listOf('unknown-to-journal')).toBe('unknownToJournal');
  });
});
