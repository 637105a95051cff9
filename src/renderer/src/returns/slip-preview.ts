import type { ReturnPlan, ReturnResult, ReturnSale } from '../../../shared/ipc/contract/returns';
import type { JournalDetail } from '../../../shared/ipc/contract/journal';
import { callTill } from '../ipc/till-client';
import { useSettings } from '../settings/settings-store';

/**
 * The slip of a return for the screen. What the printer was sent comes first (the job in the
 * journal, drawn by `printing.preview`), so the cashier sees exactly what the customer got; only
 * when main printed none is the slip drawn from the plan for the screen (`printed: null`).
 */
export interface SlipView {
  kind: 'allowance' | 'void';
  dataUrl: string;
  /** true/false: the job printed or not; null: no job (drawn for the screen only). */
  printed: boolean | null;
  jobId: number | null;
}

type PrintJob = JournalDetail['prints'][number];

/** A details job's layout and the number it names, from its stored content. */
function describe(job: PrintJob): { layout: string; number: string } | null {
  if (job.kind !== 'details') return null;
  try {
    const content = JSON.parse(job.content) as {
      layout?: string;
      slip?: { allowanceNumber?: string };
      notice?: { invoiceNumber?: string };
    };
    if (content.layout === 'allowance-slip')
      return { layout: content.layout, number: content.slip?.allowanceNumber ?? '' };
    if (content.layout === 'void-notice')
      return { layout: content.layout, number: content.notice?.invoiceNumber ?? '' };
  } catch {
    // not JSON: a details slip of another kind
  }
  return null;
}

/** `YYYY-MM-DDTHH:mm:ss` in Taipei time, as the slips print dates. */
export function taipeiDateTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19);
}

export async function loadSlip(
  result: ReturnResult,
  sale: ReturnSale,
  plan: ReturnPlan | null,
  reason: string,
  by: string,
): Promise<SlipView | null> {
  const kind = result.kind === 'void' ? 'void' : result.kind === 'allowance' ? 'allowance' : null;
  if (!kind) return null;
  const wanted = kind === 'void' ? 'void-notice' : 'allowance-slip';
  const number = kind === 'void' ? result.invoiceNumber : (result.allowanceNumber ?? '');

  const detail = await callTill('journal.get', { orderNo: result.orderNo });
  const job =
    detail.ok && detail.value
      ? detail.value.prints.findLast((p) => {
          const d = describe(p);
          return d !== null && d.layout === wanted && d.number === number;
        })
      : undefined;
  if (job) {
    const image = await callTill('printing.preview', { jobId: job.id });
    if (image.ok)
      return { kind, dataUrl: image.value.dataUrl, printed: job.state === 'printed', jobId: job.id };
  }

  const settings = useSettings.getState().view?.settings;
  if (!settings) return null;
  const now = taipeiDateTime(new Date());
  if (kind === 'void') {
    const image = await callTill('printing.previewVoidNotice', {
      sellerName: settings.sellerName,
      sellerId: settings.companyId,
      invoiceNumber: sale.invoiceNumber,
      invoiceDate: sale.invoiceDateTime,
      voidDate: now,
      reason,
      orderNo: sale.orderNo,
      ...(by.trim() ? { by: by.trim() } : {}),
    });
    return image.ok ? { kind, dataUrl: image.value.dataUrl, printed: null, jobId: null } : null;
  }
  if (!plan || !result.allowanceNumber) return null;
  const image = await callTill('printing.previewAllowanceSlip', {
    sellerName: settings.sellerName,
    sellerId: settings.companyId,
    buyerTaxId: sale.buyerTaxId,
    allowanceNumber: result.allowanceNumber,
    allowanceDate: now,
    lines: plan.lines.map((line) => ({
      invoiceNumber: sale.invoiceNumber,
      invoiceDate: sale.invoiceDateTime,
      description: line.name,
      quantity: line.quantity,
      unitPrice: line.quantity > 0 ? Math.round((line.amount / line.quantity) * 100) / 100 : line.amount,
      amount: line.amount,
      tax: line.tax,
    })),
    totalAmount: plan.salesAmount,
    totalTax: plan.taxAmount,
  });
  return image.ok ? { kind, dataUrl: image.value.dataUrl, printed: null, jobId: null } : null;
}
