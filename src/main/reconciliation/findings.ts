import type { Bilingual } from '../../shared/domain';
import type { FindingKind, ReconciliationFinding } from '../../shared/ipc/contract/reconciliation';
import {
  lastOperationOf,
  processStatusCodes,
  uploadDeadline,
  uploadRisk,
  type AppendStatus,
  type InvoiceStatusItem,
} from '../../provider/standard-profile';
import { ACTIONS, DETAILS } from './messages';
import { issuedAt, isUnsettled, type InvoiceView } from './sources';

/**
 * The judgement of one invoice: what the till recorded against what the provider answered. Pure,
 * so that each rule can be tried on generated cases (test/unit/reconciliation). Every finding is
 * about something both sides SAID: an unsettled return (in flight, needing verification) leaves
 * that part unjudged, since the till itself does not know yet, and an unreadable `ProcessStatus`
 * makes the whole invoice not checked rather than guessed.
 */

export interface FindingFields {
  tillId: string;
  orderNo: string | null;
  invoiceNumber: string | null;
  businessDay: string | null;
  journalAmount?: number | null;
  providerAmount?: number | null;
  appendStatus?: string | null;
  processStatus?: string | null;
  deadline?: string | null;
}

export function finding(kind: FindingKind, fields: FindingFields, detail: Bilingual): ReconciliationFinding {
  return {
    kind,
    tillId: fields.tillId,
    orderNo: fields.orderNo,
    invoiceNumber: fields.invoiceNumber,
    businessDay: fields.businessDay,
    detail,
    action: ACTIONS[kind],
    journalAmount: fields.journalAmount ?? null,
    providerAmount: fields.providerAmount ?? null,
    appendStatus: fields.appendStatus ?? null,
    processStatus: fields.processStatus ?? null,
    deadline: fields.deadline ?? null,
  };
}

/** Upload suspended for the invoice's last operation: `IP`, `CP`, `AP` or `DP`. */
export const isSuspended = (processStatus: string) =>
  processStatus.endsWith('P') && (processStatusCodes as readonly string[]).includes(processStatus);

export interface InvoiceJudgement {
  findings: ReconciliationFinding[];
  /**
   * Nothing more can change for it: found, nothing differs, and confirmed uploaded (`C`). The
   * background run leaves such invoices out next time (a closing or on-demand run checks all).
   */
  settled: boolean;
  /** The `ProcessStatus` is none the profile knows: the invoice is reported not checked instead. */
  unreadable: boolean;
}

/**
 * `status` is the provider's status item for the invoice; `append` its upload state, or null when
 * that answer was missing (the caller reports the upload as not checked).
 */
export function judgeInvoice(
  invoice: InvoiceView,
  status: InvoiceStatusItem,
  append: AppendStatus | null,
  now: Date,
): InvoiceJudgement {
  const base: FindingFields = {
    tillId: invoice.tillId,
    orderNo: invoice.orderNo,
    invoiceNumber: invoice.invoiceNumber,
    businessDay: invoice.businessDay,
    processStatus: status.ProcessStatus,
    appendStatus: append,
  };
  const last = lastOperationOf(status.ProcessStatus);
  if (last === null) return { findings: [], settled: false, unreadable: true };
  if (last === 'notFound') {
    return {
      findings: [
        finding(
          'not-at-provider',
          { ...base, journalAmount: invoice.totalAmount },
          DETAILS.notAtProvider(
            invoice.invoiceNumber,
            invoice.orderNo,
            invoice.totalAmount,
            status.ProcessStatus,
          ),
        ),
      ],
      settled: false,
      unreadable: false,
    };
  }
  const findings: ReconciliationFinding[] = [];

  // Voids: judged only when the till's own void (if any) is settled.
  const voids = invoice.returns.filter((r) => r.kind === 'void');
  if (!voids.some(isUnsettled)) {
    const voidedHere = voids.some((r) => r.state === 'done');
    const voidedThere = last === 'voided';
    if (voidedThere && !voidedHere) {
      findings.push(
        finding(
          'voided-at-provider-only',
          base,
          DETAILS.voidedAtProviderOnly(invoice.invoiceNumber, invoice.orderNo, status.ProcessStatus),
        ),
      );
    } else if (voidedHere && !voidedThere) {
      findings.push(
        finding(
          'voided-in-journal-only',
          base,
          DETAILS.voidedInJournalOnly(invoice.invoiceNumber, invoice.orderNo, status.ProcessStatus),
        ),
      );
    }
  }

  // The invoice's own total (allowances are compared one by one below).
  if (status.TotalAmount !== undefined && status.TotalAmount !== invoice.totalAmount) {
    findings.push(
      finding(
        'amount-differs',
        { ...base, journalAmount: invoice.totalAmount, providerAmount: status.TotalAmount },
        DETAILS.totalDiffers(invoice.invoiceNumber, invoice.orderNo, invoice.totalAmount, status.TotalAmount),
      ),
    );
  }

  // Allowances that stand on each side, by number; only when no allowance (void) is unsettled here.
  if (!invoice.returns.some((r) => r.kind !== 'void' && isUnsettled(r))) {
    const undone = new Set(
      invoice.returns
        .filter((r) => r.kind === 'allowance-void' && r.state === 'done' && r.allowanceNumber)
        .map((r) => r.allowanceNumber!),
    );
    // Keyed by allowance numbers (outside data): Maps.
    const here = new Map<string, { sales: number; tax: number }>();
    for (const r of invoice.returns) {
      if (
        r.kind === 'allowance' &&
        r.state === 'done' &&
        r.allowanceNumber &&
        !undone.has(r.allowanceNumber)
      ) {
        here.set(r.allowanceNumber, { sales: r.salesAmount, tax: r.taxAmount });
      }
    }
    const there = new Map<string, { sales: number; tax: number }>();
    for (const a of status.Allowances)
      if (!a.Voided) there.set(a.AllowanceNumber, { sales: a.TotalAmount, tax: a.TaxAmount });
    for (const [number, mine] of here) {
      const theirs = there.get(number);
      const journalAmount = mine.sales + mine.tax;
      if (!theirs) {
        findings.push(
          finding(
            'amount-differs',
            { ...base, journalAmount, providerAmount: null },
            DETAILS.allowanceMissingAtProvider(invoice.invoiceNumber, number, journalAmount),
          ),
        );
      } else if (theirs.sales !== mine.sales || theirs.tax !== mine.tax) {
        const providerAmount = theirs.sales + theirs.tax;
        findings.push(
          finding(
            'amount-differs',
            { ...base, journalAmount, providerAmount },
            DETAILS.allowanceDiffers(invoice.invoiceNumber, number, journalAmount, providerAmount),
          ),
        );
      }
    }
    for (const [number, theirs] of there) {
      if (here.has(number)) continue;
      const providerAmount = theirs.sales + theirs.tax;
      findings.push(
        finding(
          'amount-differs',
          { ...base, journalAmount: null, providerAmount },
          DETAILS.allowanceMissingInJournal(invoice.invoiceNumber, number, providerAmount),
        ),
      );
    }
  }

  // Upload: the seller's deadline (profile §4 Upload), from the invoice's issue time.
  if (append !== null) {
    const issued = issuedAt(invoice, status.InvoiceDateTime);
    const deadline = uploadDeadline(invoice.invoiceFor, issued);
    const fields = { ...base, deadline: deadline.toISOString() };
    const kind = isSuspended(status.ProcessStatus)
      ? 'upload-suspended'
      : ({ ok: null, 'at-risk': 'upload-at-risk', late: 'upload-late' } as const)[
          uploadRisk(invoice.invoiceFor, issued, append, now)
        ];
    if (kind) {
      findings.push(
        finding(
          kind,
          fields,
          DETAILS.upload(
            kind,
            invoice.invoiceNumber,
            invoice.orderNo,
            issued,
            deadline,
            append,
            status.ProcessStatus,
          ),
        ),
      );
    }
  }
  return { findings, settled: findings.length === 0 && append === 'C', unreadable: false };
}

/** Which list of the report a finding goes to. */
export function listOf(kind: FindingKind): 'mismatches' | 'uploadsLate' | 'unknownToJournal' | 'notChecked' {
  switch (kind) {
    case 'upload-at-risk':
    case 'upload-late':
    case 'upload-suspended':
      return 'uploadsLate';
    case 'unknown-to-journal':
      return 'unknownToJournal';
    case 'not-checked':
      return 'notChecked';
    default:
      return 'mismatches';
  }
}

/** Whether an upload finding is past its deadline at `now` (the status bar's "late"). */
export function isLate(f: ReconciliationFinding, now: Date): boolean {
  if (f.kind === 'upload-late') return true;
  if (f.kind !== 'upload-suspended' || !f.deadline) return false;
  return new Date(f.deadline).getTime() < now.getTime();
}
