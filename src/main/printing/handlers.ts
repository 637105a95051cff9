import { ZodError } from 'zod';
import type { printingMethods } from '../../shared/ipc/contract/printing';
import { TillError } from '../core/errors';
import type { HandlersFor } from '../core/handlers';
import type { SupervisorGate } from '../settings/supervisor';
import type { CloudJobs } from './cloud-jobs';
import { failureMessage } from './failure-messages';
import type { DaySummary } from './layout/summary-layout';
import { pngDataUrl, type SlipPreview } from './preview';
import { RetryRefused, type PrinterConfig, type PrintResult, type PrintService } from './print-service';
import { failureCodeOf, PrintFailure } from './transports/transport';

const image = (preview: SlipPreview) => ({
  dataUrl: pngDataUrl(preview.png),
  widthDots: preview.widthDots,
  heightDots: preview.heightDots,
});

/** A layout that refuses its input (main's schema is the last word) is bad content, not a crash. */
function drawn(draw: () => SlipPreview) {
  try {
    return image(draw());
  } catch (error) {
    if (error instanceof ZodError || error instanceof PrintFailure)
      throw new TillError('print-bad-content', failureMessage('bad-content')!);
    throw error;
  }
}

const outcome = (result: PrintResult) => ({
  jobId: result.jobId,
  printed: result.printed,
  reprint: result.reprint,
  failure: result.failure,
  message: failureMessage(result.failure),
});

/** The printing capability's IPC handlers, over one PrintService. */
export function createPrintingHandlers(
  service: PrintService,
  printerSettings: () => PrinterConfig,
  /** The journal's summary of a business day, for the summary slip. */
  daySummary: (businessDay: string) => DaySummary,
  /** Opening the drawer outside a sale is a supervisor's act: the PIN, and a journal record. */
  supervisor: SupervisorGate,
  /** Whose drawer: the till and its mode, recorded with a drawer opened outside a sale (its cash-table row). */
  drawerOf: () => { tillId: string; training: boolean } = () => ({ tillId: '', training: false }),
  /** The cloud printer's jobs (issue 29); null: this till has none to show. */
  cloudJobs: CloudJobs | null = null,
): HandlersFor<typeof printingMethods> {
  return {
    'printing.status': async () => {
      const settings = printerSettings();
      const status = await service.status();
      return {
        ...status,
        printer: settings.uri,
        model: settings.model,
        paperWidth: settings.paperWidth,
        chinese: settings.chinese,
        checkedAt: new Date().toISOString(),
      };
    },
    'printing.testPrint': async () => outcome(await service.testPrint()),
    'printing.retry': async ({ jobId }) => {
      try {
        return outcome(await service.retry(jobId));
      } catch (error) {
        if (error instanceof RetryRefused) {
          throw new TillError(
            `print-${error.code}`,
            error.code === 'not-found'
              ? { zh: `找不到列印工作 ${jobId}`, en: `No print job ${jobId}` }
              : {
                  zh: `列印工作 ${jobId} 已印出；要再印證明聯會標示補印`,
                  en: `Print job ${jobId} already printed; printing the proof again marks it 補印`,
                },
          );
        }
        throw error;
      }
    },
    'printing.preview': async (ref) => {
      let preview;
      try {
        preview = await service.preview(ref);
      } catch (error) {
        if (error instanceof PrintFailure) {
          throw new TillError('print-bad-content', failureMessage('bad-content')!);
        }
        throw error;
      }
      if (!preview) {
        throw new TillError('print-not-found', {
          zh: '沒有可預覽的列印內容',
          en: 'Nothing to preview for this job or order',
        });
      }
      return {
        jobId: preview.job.id,
        kind: preview.job.kind,
        dataUrl: pngDataUrl(preview.png),
        widthDots: preview.widthDots,
        heightDots: preview.heightDots,
      };
    },
    'printing.pending': async () => ({
      jobs: (await service.pending()).map((job) => {
        const failure = failureCodeOf(job.lastError);
        return {
          id: job.id,
          orderNo: job.orderNo,
          kind: job.kind,
          attempts: job.attempts,
          failure,
          message: failureMessage(failure),
          createdAt: job.createdAt,
        };
      }),
    }),
    'printing.printSummary': async ({ businessDay }) =>
      outcome(await service.printSummary(daySummary(businessDay))),
    'printing.openDrawer': async ({ pin, by, approvedBy }) =>
      supervisor.run(
        { pin, by },
        {
          action: 'printing.open-drawer',
          required: { zh: '開錢櫃需要主管 PIN。', en: 'Opening the cash drawer needs the supervisor PIN.' },
          wrong: {
            zh: '主管 PIN 不正確，錢櫃未開啟。',
            en: 'Wrong supervisor PIN: the drawer was not opened.',
          },
          detail: () => ({
            printer: printerSettings().uri,
            ...drawerOf(),
            ...(approvedBy ? { approvedBy } : {}),
          }),
        },
        async () => {
          try {
            await service.openDrawer();
          } catch (error) {
            if (error instanceof PrintFailure)
              throw new TillError(`print-${error.code}`, failureMessage(error.code)!);
            throw error;
          }
          return { opened: true as const };
        },
      ),
    // 補印: the PIN is checked here; who and why are recorded in the print job's content (its
    // `print.created` journal entry), which is what the reprint is judged by later.
    'printing.reprint': async ({ orderNo, by, reason, pin }) =>
      supervisor.run(
        { pin, by },
        {
          action: 'printing.reprint',
          required: {
            zh: '補印需要主管 PIN。未列印。',
            en: 'A reprint needs the supervisor PIN. Nothing was printed.',
          },
          wrong: { zh: '主管 PIN 不正確，未補印。', en: 'Wrong supervisor PIN: nothing was reprinted.' },
          detail: () => ({ orderNo, reason }),
        },
        async () => outcome(await service.reprintProof({ orderNo, by, reason })),
      ),
    'printing.cloudJobs': async ({ orderNo, refresh }) => ({
      jobs: cloudJobs ? await cloudJobs.jobsFor(orderNo, { refresh: refresh === true }) : [],
    }),
    // 補印 through the e-invoice service: the same PIN and record as a local reprint; the journal
    // keeps the call written ahead and the queued job with who and why.
    'printing.cloudReprint': async ({ orderNo, by, reason, pin }) =>
      supervisor.run(
        { pin, by },
        {
          // The same supervisor act as a local 補印; the detail says it went through the service.
          action: 'printing.reprint',
          required: {
            zh: '補印需要主管 PIN。未列印。',
            en: 'A reprint needs the supervisor PIN. Nothing was printed.',
          },
          wrong: { zh: '主管 PIN 不正確，未補印。', en: 'Wrong supervisor PIN: nothing was reprinted.' },
          detail: () => ({ orderNo, reason, cloud: true }),
        },
        async () => {
          if (!cloudJobs) {
            throw new TillError('cloud-print-off', {
              zh: '此收銀機沒有雲端印表機，未補印。',
              en: 'This till has no cloud printer: nothing was reprinted.',
            });
          }
          return cloudJobs.reprint({ orderNo, by, approvedBy: null, reason });
        },
      ),
    'printing.previewAllowanceSlip': async (slip) => drawn(() => service.previewAllowanceSlip(slip)),
    'printing.previewVoidNotice': async (notice) => drawn(() => service.previewVoidNotice(notice)),
  };
}
