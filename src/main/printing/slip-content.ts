import { z } from 'zod';
import { parsePrintDataString } from '../../provider/pos-profile';
import { detailsSlip, type DetailsSlipInput } from './layout/details-layout';
import { proofSlip } from './layout/proof-layout';
import type { Slip } from './layout/slip';
import { DaySummary, summarySlip } from './layout/summary-layout';
import { testSlip } from './layout/test-layout';
import type { Paper } from './paper';
import type { PrintJobRecord } from './print-job-store';
import { PrintFailure } from './transports/transport';

/**
 * A print job's stored content back into a slip. A proof's content is the PrintDataString as
 * received (a retry prints exactly that); other slips store their input as JSON.
 */
const SummaryContent = z.object({ sellerName: z.string(), summary: DaySummary });
const TestContent = z.object({
  printer: z.string(),
  model: z.string(),
  chinese: z.enum(['big5', 'raster']),
  at: z.string(),
});

export function slipForJob(job: Pick<PrintJobRecord, 'kind' | 'content' | 'reprint'>, paper: Paper): Slip {
  try {
    switch (job.kind) {
      case 'proof': {
        const parsed = parsePrintDataString(job.content);
        if (!parsed.ok) throw new PrintFailure('bad-content', parsed.reason);
        return proofSlip(parsed.data, { reprint: job.reprint });
      }
      case 'details':
        return detailsSlip(JSON.parse(job.content) as DetailsSlipInput, paper); // it validates its input
      case 'summary': {
        const content = SummaryContent.parse(JSON.parse(job.content));
        return summarySlip(content.summary, paper, content.sellerName);
      }
      case 'test': {
        const content = TestContent.parse(JSON.parse(job.content));
        return testSlip({ ...content, at: new Date(content.at) }, paper);
      }
    }
  } catch (error) {
    if (error instanceof PrintFailure) throw error;
    throw new PrintFailure(
      'bad-content',
      `${job.kind} content unreadable: ${(error as Error).message.slice(0, 200)}`,
    );
  }
}
