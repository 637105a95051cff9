import { z } from 'zod';
import { parsePrintDataString } from '../../provider/pos-profile';
import { allowanceSlips, AllowanceSlipInput } from './layout/allowance-layout';
import { detailsSlip, type DetailsSlipInput } from './layout/details-layout';
import { proofSlip } from './layout/proof-layout';
import { isShiftSlipContent, shiftSlip } from './layout/shift-layout';
import type { Slip } from './layout/slip';
import { DaySummary, summarySlip } from './layout/summary-layout';
import { testSlip } from './layout/test-layout';
import { voidNoticeSlip, VoidNoticeInput } from './layout/void-notice-layout';
import type { Paper } from './paper';
import type { PrintJobRecord } from './print-job-store';
import { PrintFailure } from './transports/transport';

/**
 * A print job's stored content back into slips. A proof's content is the PrintDataString as
 * received (a retry prints exactly that), or an envelope around it (`ProofEnvelope`: a reprint
 * with who and why, or a proof the till built itself). Other slips store their input as JSON.
 *
 * The journal's job kinds are fixed (`proof`, `details`, `summary`, `test`, a CHECK in its
 * schema), so the allowance slip and the void notice are `details` jobs of the original sale
 * whose content names its layout (`{"layout": "allowance-slip" | "void-notice", …}`); a plain
 * details input has no `layout` field. Likewise the X report, the shift's close slip and the Z
 * report are `summary` jobs (`{"layout": "x-report" | "shift-close" | "z-report", …}`).
 */
const SummaryContent = z.object({ sellerName: z.string(), summary: DaySummary });
const TestContent = z.object({
  printer: z.string(),
  model: z.string(),
  chinese: z.enum(['big5', 'raster']),
  at: z.string(),
});

/** Who asked for a 補印 and why: kept in the job's content, so the journal entry carries it. */
export const ReprintRecord = z.object({
  by: z.string().min(1),
  reason: z.string().min(1),
  at: z.string(),
});
export type ReprintRecord = z.infer<typeof ReprintRecord>;

export const ProofEnvelope = z.object({
  printDataString: z.string(),
  /** `provider`: the PrintDataString as received; `till`: built by the till (built-proof.ts). */
  source: z.enum(['provider', 'till']),
  reprint: ReprintRecord.optional(),
});
export type ProofEnvelope = z.infer<typeof ProofEnvelope>;

export const AllowanceContent = z.object({
  layout: z.literal('allowance-slip'),
  slip: AllowanceSlipInput,
});
export const VoidNoticeContent = z.object({
  layout: z.literal('void-notice'),
  notice: VoidNoticeInput,
});

/** What a `details` job prints: the details slip, the allowance slip or the void notice. */
export type DetailsLayout = 'details' | 'allowance-slip' | 'void-notice';

function parseJson(content: string): unknown {
  try {
    return JSON.parse(content);
  } catch {
    return undefined;
  }
}

/** A proof job's content as an envelope (a bare PrintDataString is one from the provider). */
export function proofEnvelope(content: string): ProofEnvelope {
  const json = parseJson(content);
  if (json !== null && typeof json === 'object' && 'printDataString' in json) {
    return ProofEnvelope.parse(json);
  }
  return { printDataString: content, source: 'provider' };
}

export function detailsLayoutOf(content: string): DetailsLayout {
  const json = parseJson(content);
  const layout =
    json !== null && typeof json === 'object' ? (json as { layout?: unknown }).layout : undefined;
  return layout === 'allowance-slip' || layout === 'void-notice' ? layout : 'details';
}

/** Every slip of a job, in print order (the allowance slip has two copies, each cut on its own). */
export function slipsForJob(
  job: Pick<PrintJobRecord, 'kind' | 'content' | 'reprint'>,
  paper: Paper,
  options: {
    training?: boolean;
    /**
     * The store name of Settings (the first-run form's 店名), printed at the proof's head like
     * on every other slip (issue 24: the proof said 練習商店, the training service's seller name,
     * while the void and allowance slips said the store's); the provider's SellerName only when
     * none is set.
     */
    sellerName?: string;
  } = {},
): Slip[] {
  try {
    switch (job.kind) {
      case 'proof': {
        const parsed = parsePrintDataString(proofEnvelope(job.content).printDataString);
        if (!parsed.ok) throw new PrintFailure('bad-content', parsed.reason);
        const data = { ...parsed.data, SellerName: options.sellerName?.trim() || parsed.data.SellerName };
        return [proofSlip(data, { reprint: job.reprint, training: options.training === true })];
      }
      case 'details':
        switch (detailsLayoutOf(job.content)) {
          case 'allowance-slip':
            return allowanceSlips(AllowanceContent.parse(JSON.parse(job.content)).slip, paper);
          case 'void-notice':
            return [voidNoticeSlip(VoidNoticeContent.parse(JSON.parse(job.content)).notice, paper)];
          case 'details':
            return [detailsSlip(JSON.parse(job.content) as DetailsSlipInput, paper)]; // it validates its input
        }
        break;
      case 'summary': {
        // A shift's X report or close slip, or a Z report, names its layout (shift-layout.ts).
        const json: unknown = JSON.parse(job.content);
        if (isShiftSlipContent(json)) return [shiftSlip(json, paper)];
        const content = SummaryContent.parse(json);
        return [summarySlip(content.summary, paper, content.sellerName)];
      }
      case 'test': {
        const content = TestContent.parse(JSON.parse(job.content));
        return [testSlip({ ...content, at: new Date(content.at) }, paper)];
      }
    }
    throw new PrintFailure('bad-content', `unknown job kind ${String(job.kind)}`);
  } catch (error) {
    if (error instanceof PrintFailure) throw error;
    throw new PrintFailure(
      'bad-content',
      `${job.kind} content unreadable: ${(error as Error).message.slice(0, 200)}`,
    );
  }
}

/** The job's first slip (every kind but the allowance slip has one). */
export function slipForJob(job: Pick<PrintJobRecord, 'kind' | 'content' | 'reprint'>, paper: Paper): Slip {
  return slipsForJob(job, paper)[0]!;
}

/**
 * Several slips as one picture for the screen: each copy as on paper, with a dashed cut line
 * between them (the printer cuts there).
 */
export function joinForPreview(slips: Slip[]): Slip {
  if (slips.length === 1) return slips[0]!;
  const first = slips[0]!;
  const blocks = slips.flatMap((slip, index) =>
    index === 0
      ? slip.blocks
      : [
          { kind: 'feed' as const, dots: 24 },
          { kind: 'text' as const, text: '- '.repeat(first.columns / 2), style: {} },
          { kind: 'feed' as const, dots: 24 },
          ...slip.blocks,
        ],
  );
  return { ...first, blocks };
}
