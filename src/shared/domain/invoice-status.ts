import type { Bilingual } from './i18n';
import {
  INVOICE_STATUS_FILTER_WORDS,
  INVOICE_STATUS_WORDS,
  TX_STATE_LABEL,
  type ReturnKindCode,
  type ReturnStateCode,
  type TxStateCode,
} from './glossary';

/**
 * What an invoice is NOW, from the sale's state and every return made on it since (issue 24,
 * item 1): a sale voided, allowed or reissued (改開) still has the state `issued` in the journal's
 * table (the sale was issued; the returns are records of their own), so a list that shows the
 * sale's state shows 已開立 for an invoice that no longer stands. One rule, here, for the journal
 * screen, its filter and anything else that names the invoice's state.
 */

/** A sale that was not issued keeps its own state; an issued one is what its returns made it. */
export const INVOICE_STATUS_CODES = [
  'in-flight',
  'rejected',
  'not-delivered',
  'needs-verification',
  'not-issued',
  /** Issued, nothing returned (or every return refused, undone, or surely not made). */
  'issued',
  /** A void sent without a clear answer yet (in flight or needs verification): it may stand. */
  'void-pending',
  /** Voided (not a 改開). */
  'voided',
  /** Voided for a 改開, the new invoice not issued (yet). */
  'reissue-pending',
  /** Voided for a 改開, the new invoice issued: `reissuedAs` names it. */
  'reissued',
  /** An allowance sent without a clear answer yet (others may be done: `allowed`). */
  'allowance-pending',
  /** Allowances done and not undone: `allowed` NT$ back to the customer. */
  'allowed',
] as const;
export type InvoiceStatusCode = (typeof INVOICE_STATUS_CODES)[number];

/** One return of the sale as the rule needs it (the journal's `returns` row). */
export interface InvoiceReturnFact {
  id: number;
  kind: ReturnKindCode;
  state: ReturnStateCode;
  /** NT$ back to the customer, tax included (a void: the sale's total). */
  amount: number;
  /** An allowance void: the allowance it undoes (its id); else null. */
  targetId: number | null;
  /** A 改開's void: the new sale made for it (orderNo null: none yet). */
  reissue: { orderNo: string | null; state: TxStateCode | null; invoiceNumber: string | null } | null;
}

export interface InvoiceStatusInput {
  /** The sale's own state (`transactions.state`). */
  saleState: TxStateCode;
  /** Every return of the sale, in any state, any order. */
  returns: readonly InvoiceReturnFact[];
  /** A 改開's new sale: the sale whose void it replaces (and that sale's invoice number). */
  reissueOf?: { orderNo: string; invoiceNumber: string | null } | null;
}

export interface InvoiceStatus {
  code: InvoiceStatusCode;
  /** NT$ of the done allowances not undone by a done allowance void. */
  allowed: number;
  /** NT$ of the allowances that may stand (in flight, needs verification). */
  allowancePending: number;
  /** A 改開: the new sale (its invoice number once issued). */
  reissuedAs: { orderNo: string; invoiceNumber: string | null } | null;
  /** This sale is a 改開's new invoice: the sale it replaces. */
  reissueOf: { orderNo: string; invoiceNumber: string | null } | null;
  /** Whether any void or allowance of this sale stands or may stand (a link to the returns). */
  hasReturns: boolean;
}

const MAY_STAND: readonly ReturnStateCode[] = ['in-flight', 'needs-verification'];

/** The invoice's state as it stands now (see the module's note). */
export function invoiceStatus(input: InvoiceStatusInput): InvoiceStatus {
  const reissueOf = input.reissueOf ?? null;
  const base = { allowed: 0, allowancePending: 0, reissuedAs: null, reissueOf, hasReturns: false };
  if (input.saleState !== 'issued') return { ...base, code: input.saleState };

  const undone = new Set(
    input.returns
      .filter((r) => r.kind === 'allowance-void' && r.state === 'done' && r.targetId !== null)
      .map((r) => r.targetId),
  );
  // By id, so the answer never depends on the order read (the journal never lets two voids stand).
  const voids = input.returns.filter((r) => r.kind === 'void').sort((a, b) => a.id - b.id);
  const doneVoid = voids.find((r) => r.state === 'done');
  if (doneVoid) {
    const made = doneVoid.reissue?.orderNo ?? null;
    const reissuedAs =
      made === null ? null : { orderNo: made, invoiceNumber: doneVoid.reissue!.invoiceNumber };
    const code =
      doneVoid.reissue === null
        ? 'voided'
        : doneVoid.reissue.state === 'issued'
          ? 'reissued'
          : 'reissue-pending';
    return { ...base, code, reissuedAs, hasReturns: true };
  }
  if (voids.some((r) => MAY_STAND.includes(r.state)))
    return { ...base, code: 'void-pending', hasReturns: true };

  const allowances = input.returns.filter((r) => r.kind === 'allowance' && !undone.has(r.id));
  const sum = (states: readonly ReturnStateCode[]) =>
    allowances.filter((r) => states.includes(r.state)).reduce((total, r) => total + r.amount, 0);
  const allowed = sum(['done']);
  const allowancePending = sum(MAY_STAND);
  const pending = allowances.some((r) => MAY_STAND.includes(r.state));
  const done = allowances.some((r) => r.state === 'done');
  const code = pending ? 'allowance-pending' : done ? 'allowed' : 'issued';
  return { ...base, code, allowed, allowancePending, hasReturns: pending || done };
}

/** The words of each state: the glossary's (docs/glossary.md lists them). */
export const INVOICE_STATUS_LABEL: Readonly<Record<InvoiceStatusCode, Bilingual>> = INVOICE_STATUS_WORDS;

/**
 * The journal's status filter: the sale states, and what returns made of issued invoices. The
 * groups overlap as a manager asks: 已作廢 is every voided invoice (a 改開's too), 改開 both
 * sides of it (the voided invoice and its new one).
 */
export const INVOICE_STATUS_FILTERS = [
  'issued',
  'voided',
  'allowed',
  'reissued',
  'returns-pending',
  'in-flight',
  'needs-verification',
  'rejected',
  'not-delivered',
  'not-issued',
] as const;
export type InvoiceStatusFilter = (typeof INVOICE_STATUS_FILTERS)[number];

export const INVOICE_STATUS_FILTER_LABEL: Readonly<Record<InvoiceStatusFilter, Bilingual>> =
  INVOICE_STATUS_FILTER_WORDS;

const FILTER_CODES: Readonly<Record<InvoiceStatusFilter, readonly InvoiceStatusCode[]>> = {
  issued: ['issued'],
  voided: ['voided', 'reissue-pending', 'reissued'],
  allowed: ['allowed', 'allowance-pending'],
  reissued: ['reissue-pending', 'reissued'],
  'returns-pending': ['void-pending', 'allowance-pending'],
  'in-flight': ['in-flight'],
  'needs-verification': ['needs-verification'],
  rejected: ['rejected'],
  'not-delivered': ['not-delivered'],
  'not-issued': ['not-issued'],
};

/** Whether an invoice in `status` is listed under `filter`. */
export function matchesStatusFilter(filter: InvoiceStatusFilter, status: InvoiceStatus): boolean {
  if (filter === 'reissued' && status.reissueOf !== null) return true;
  return FILTER_CODES[filter].includes(status.code);
}

/**
 * The sale states a filter can only match (the journal narrows its SQL read by them before the
 * rule runs), or null for any: a filter of returns needs issued sales only; 改開 also lists the
 * new sale, whatever its state.
 */
export function saleStatesOf(filter: InvoiceStatusFilter): readonly TxStateCode[] | null {
  if (filter === 'reissued') return null;
  const states = new Set<TxStateCode>();
  for (const code of FILTER_CODES[filter])
    states.add(code in TX_STATE_LABEL ? (code as TxStateCode) : 'issued');
  return [...states];
}
