import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INVOICE_STATUS_CODES,
  INVOICE_STATUS_FILTERS,
  INVOICE_STATUS_FILTER_LABEL,
  INVOICE_STATUS_LABEL,
  invoiceStatus,
  matchesStatusFilter,
  saleStatesOf,
  type InvoiceReturnFact,
} from '../../../src/shared/domain';
import { RETURN_STATES, TX_STATES } from '../../../src/main/journal/types';

/**
 * Issue 24, item 1: the journal showed 已開立 for a voided or 改開 invoice, because it showed the
 * sale's own state. The rule reads the sale's returns too.
 */
let nextId = 1;
const ret = (
  kind: InvoiceReturnFact['kind'],
  state: InvoiceReturnFact['state'],
  amount: number,
  more: Partial<InvoiceReturnFact> = {},
): InvoiceReturnFact => ({ id: nextId++, kind, state, amount, targetId: null, reissue: null, ...more });

describe('an invoice as it stands now', () => {
  it('a sale that was not issued keeps its own state, whatever was tried on it', () => {
    expect(invoiceStatus({ saleState: 'needs-verification', returns: [] }).code).toBe('needs-verification');
    expect(invoiceStatus({ saleState: 'rejected', returns: [] }).code).toBe('rejected');
  });

  it('issued and nothing returned: 已開立', () => {
    const status = invoiceStatus({ saleState: 'issued', returns: [] });
    expect(status).toEqual({
      code: 'issued',
      allowed: 0,
      allowancePending: 0,
      reissuedAs: null,
      reissueOf: null,
      hasReturns: false,
    });
  });

  it('a done void: 已作廢; one without a clear answer: 作廢待確認; a refused one changes nothing', () => {
    expect(invoiceStatus({ saleState: 'issued', returns: [ret('void', 'done', 100)] }).code).toBe('voided');
    expect(
      invoiceStatus({ saleState: 'issued', returns: [ret('void', 'needs-verification', 100)] }).code,
    ).toBe('void-pending');
    expect(invoiceStatus({ saleState: 'issued', returns: [ret('void', 'in-flight', 100)] }).code).toBe(
      'void-pending',
    );
    for (const state of ['rejected', 'not-delivered', 'not-done'] as const)
      expect(invoiceStatus({ saleState: 'issued', returns: [ret('void', state, 100)] }).code).toBe('issued');
    // A void refused, then one that went through.
    expect(
      invoiceStatus({
        saleState: 'issued',
        returns: [ret('void', 'rejected', 100), ret('void', 'done', 100)],
      }).code,
    ).toBe('voided');
  });

  it('改開: 已改開 → the new invoice once it is issued, 已作廢，待改開 until then', () => {
    const made = { orderNo: 'T01-20261127-000009', state: 'issued' as const, invoiceNumber: 'TR00000009' };
    const reissued = invoiceStatus({
      saleState: 'issued',
      returns: [ret('void', 'done', 100, { reissue: made })],
    });
    expect(reissued.code).toBe('reissued');
    expect(reissued.reissuedAs).toEqual({ orderNo: made.orderNo, invoiceNumber: 'TR00000009' });
    expect(reissued.hasReturns).toBe(true);

    const owed = invoiceStatus({
      saleState: 'issued',
      returns: [ret('void', 'done', 100, { reissue: { orderNo: null, state: null, invoiceNumber: null } })],
    });
    expect(owed.code).toBe('reissue-pending');
    expect(owed.reissuedAs).toBeNull();

    const unsure = invoiceStatus({
      saleState: 'issued',
      returns: [
        ret('void', 'done', 100, {
          reissue: { orderNo: made.orderNo, state: 'needs-verification', invoiceNumber: null },
        }),
      ],
    });
    expect(unsure.code).toBe('reissue-pending');
    expect(unsure.reissuedAs).toEqual({ orderNo: made.orderNo, invoiceNumber: null });

    // The void of a 改開 not answered yet is a void not answered yet.
    expect(
      invoiceStatus({
        saleState: 'issued',
        returns: [
          ret('void', 'needs-verification', 100, {
            reissue: { orderNo: null, state: null, invoiceNumber: null },
          }),
        ],
      }).code,
    ).toBe('void-pending');
  });

  it('the new invoice of a 改開 names the one it replaces', () => {
    const status = invoiceStatus({
      saleState: 'issued',
      returns: [],
      reissueOf: { orderNo: 'T01-20261127-000001', invoiceNumber: 'TR00000001' },
    });
    expect(status.code).toBe('issued');
    expect(status.reissueOf).toEqual({ orderNo: 'T01-20261127-000001', invoiceNumber: 'TR00000001' });
    expect(matchesStatusFilter('reissued', status)).toBe(true);
    expect(matchesStatusFilter('issued', status)).toBe(true);
  });

  it('allowances: 已折讓 with the NT$ of those done and not undone; one not answered: 折讓待確認', () => {
    const first = ret('allowance', 'done', 30);
    const second = ret('allowance', 'done', 20);
    expect(invoiceStatus({ saleState: 'issued', returns: [first, second] })).toMatchObject({
      code: 'allowed',
      allowed: 50,
      hasReturns: true,
    });
    const undo = ret('allowance-void', 'done', 0, { targetId: first.id });
    expect(invoiceStatus({ saleState: 'issued', returns: [first, second, undo] })).toMatchObject({
      code: 'allowed',
      allowed: 20,
    });
    // An allowance void not answered yet undoes nothing yet.
    const unsureUndo = ret('allowance-void', 'needs-verification', 0, { targetId: second.id });
    expect(invoiceStatus({ saleState: 'issued', returns: [first, second, undo, unsureUndo] })).toMatchObject({
      code: 'allowed',
      allowed: 20,
    });
    // Every allowance undone: the invoice stands whole again.
    const undoSecond = ret('allowance-void', 'done', 0, { targetId: second.id });
    expect(invoiceStatus({ saleState: 'issued', returns: [first, second, undo, undoSecond] })).toMatchObject({
      code: 'issued',
      allowed: 0,
      hasReturns: false,
    });
    const unsure = ret('allowance', 'needs-verification', 15);
    expect(invoiceStatus({ saleState: 'issued', returns: [second, unsure] })).toMatchObject({
      code: 'allowance-pending',
      allowed: 20,
      allowancePending: 15,
    });
    expect(invoiceStatus({ saleState: 'issued', returns: [ret('allowance', 'rejected', 15)] }).code).toBe(
      'issued',
    );
  });

  it('the filter: 已作廢 lists a 改開 too, 已折讓 an unconfirmed allowance too, 已開立 only what stands whole', () => {
    const voided = invoiceStatus({ saleState: 'issued', returns: [ret('void', 'done', 100)] });
    expect(INVOICE_STATUS_FILTERS.filter((f) => matchesStatusFilter(f, voided))).toEqual(['voided']);
    const reissued = invoiceStatus({
      saleState: 'issued',
      returns: [
        ret('void', 'done', 100, { reissue: { orderNo: 'X', state: 'issued', invoiceNumber: 'TR00000002' } }),
      ],
    });
    expect(INVOICE_STATUS_FILTERS.filter((f) => matchesStatusFilter(f, reissued))).toEqual([
      'voided',
      'reissued',
    ]);
    const unsure = invoiceStatus({
      saleState: 'issued',
      returns: [ret('allowance', 'needs-verification', 5)],
    });
    expect(INVOICE_STATUS_FILTERS.filter((f) => matchesStatusFilter(f, unsure))).toEqual([
      'allowed',
      'returns-pending',
    ]);
  });

  it('every state and filter has its words in both languages', () => {
    for (const code of INVOICE_STATUS_CODES) {
      expect(INVOICE_STATUS_LABEL[code].zh).toMatch(/[\u4e00-\u9fff]/);
      expect(INVOICE_STATUS_LABEL[code].en).toMatch(/^[A-Z][a-z ,]+$/);
    }
    for (const filter of INVOICE_STATUS_FILTERS) expect(INVOICE_STATUS_FILTER_LABEL[filter].zh).not.toBe('');
  });
});

const arbReturns = fc
  .array(
    fc.record({
      kind: fc.constantFrom('void', 'allowance', 'allowance-void' as const),
      state: fc.constantFrom(...RETURN_STATES),
      amount: fc.integer({ min: 1, max: 10_000 }),
      target: fc.nat(7),
      reissue: fc.option(
        fc.record({
          orderNo: fc.option(fc.constant('T01-20261127-000009'), { nil: null }),
          state: fc.option(fc.constantFrom(...TX_STATES), { nil: null }),
          invoiceNumber: fc.option(fc.constant('TR00000009'), { nil: null }),
        }),
        { nil: null },
      ),
    }),
    { maxLength: 8 },
  )
  .map((drawn) =>
    drawn.map((r, i): InvoiceReturnFact => ({
      id: i + 1,
      kind: r.kind,
      state: r.state,
      amount: r.kind === 'allowance-void' ? 0 : r.amount,
      targetId: r.kind === 'allowance-void' ? r.target + 1 : null,
      reissue: r.kind === 'void' ? r.reissue : null,
    })),
  );

describe('the rule, for any sale and any returns', () => {
  it('a sale not issued is its own state; an issued one is issued, voided, reissued or allowed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TX_STATES), arbReturns, (saleState, returns) => {
        const status = invoiceStatus({ saleState, returns });
        if (saleState !== 'issued') expect(status.code).toBe(saleState);
        else expect(TX_STATES.filter((s) => s !== 'issued')).not.toContain(status.code);
      }),
    );
  });

  it('does not depend on the order the returns are read in', () => {
    fc.assert(
      fc.property(arbReturns, fc.array(fc.nat(), { minLength: 8, maxLength: 8 }), (returns, keys) => {
        const shuffled = returns
          .map((r, i) => [keys[i]!, r] as const)
          .sort((a, b) => a[0] - b[0])
          .map(([, r]) => r);
        expect(invoiceStatus({ saleState: 'issued', returns: shuffled })).toEqual(
          invoiceStatus({ saleState: 'issued', returns }),
        );
      }),
    );
  });

  it('已開立 exactly when no void stands or may stand and no allowance does that is not undone', () => {
    fc.assert(
      fc.property(arbReturns, (returns) => {
        const status = invoiceStatus({ saleState: 'issued', returns });
        const undone = new Set(
          returns.filter((r) => r.kind === 'allowance-void' && r.state === 'done').map((r) => r.targetId),
        );
        const stands = (r: InvoiceReturnFact) =>
          ['done', 'in-flight', 'needs-verification'].includes(r.state);
        const anything = returns.some(
          (r) => stands(r) && (r.kind === 'void' || (r.kind === 'allowance' && !undone.has(r.id))),
        );
        expect(status.code === 'issued').toBe(!anything);
        expect(status.hasReturns).toBe(anything);
        const allowed = returns
          .filter((r) => r.kind === 'allowance' && r.state === 'done' && !undone.has(r.id))
          .reduce((sum, r) => sum + r.amount, 0);
        if (['allowed', 'allowance-pending', 'issued'].includes(status.code))
          expect(status.allowed).toBe(allowed);
        if (status.code === 'allowed') expect(status.allowed).toBeGreaterThan(0);
      }),
    );
  });

  it('a done void wins over everything else; 已改開 only with the new invoice issued', () => {
    fc.assert(
      fc.property(arbReturns, (returns) => {
        const status = invoiceStatus({ saleState: 'issued', returns });
        const done = returns.find((r) => r.kind === 'void' && r.state === 'done');
        if (!done) {
          expect(['voided', 'reissued', 'reissue-pending']).not.toContain(status.code);
          return;
        }
        expect(['voided', 'reissued', 'reissue-pending']).toContain(status.code);
        if (status.code === 'reissued') expect(done.reissue?.state).toBe('issued');
      }),
    );
  });

  it('every state is under at least one filter, and the journal’s narrowing by sale state keeps it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TX_STATES),
        arbReturns,
        fc.boolean(),
        (saleState, returns, isReissue) => {
          const status = invoiceStatus({
            saleState,
            returns,
            reissueOf: isReissue ? { orderNo: 'T01-20261127-000001', invoiceNumber: null } : null,
          });
          const filters = INVOICE_STATUS_FILTERS.filter((f) => matchesStatusFilter(f, status));
          expect(filters.length).toBeGreaterThan(0);
          for (const filter of filters) {
            const states = saleStatesOf(filter);
            if (states !== null) expect(states).toContain(saleState);
          }
        },
      ),
    );
  });
});
