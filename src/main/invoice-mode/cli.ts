// `npm run offline -- status|split|upload|blanks --db PATH --config FILE [--period YYYYMM] [--count N]`
// Invoice mode (issue 27) from the command line, for integrators and support, through the same
// kinds on the one write-ahead path as the till (provider-ops): prints one JSON line on stdout,
// logs on stderr.
//   status  the segments held (ranges, next number, numbers left) and the offline invoices waiting
//           for upload with their deadlines, and what to act on;
//   split   splits --count numbers (default 50) of --period (default now) for the config's
//           invoiceModeGroup;
//   upload  uploads every waiting offline invoice, in number order, in batches of 100;
//   blanks  reports the unused numbers of ended periods (or of --period) blank, refused ranges again.
// Exit 0 done, 1 something to act on (running out, rejected, late, not delivered), 2 bad input
// (nothing written). The config is `npm run checkout`'s, with the standard keys.
import { existsSync } from 'node:fs';
import {
  invoiceModeId,
  numbersLeftIn,
  parseTaipeiDateTime,
  periodCodeOf,
  periodOf,
  uploadUrgency,
  type Bilingual,
} from '../../shared/domain';
import { INVOICE_MODE_LIMITS } from '../../provider/invoice-mode';
import {
  CliConfig,
  parseCliArgs,
  readJsonFile,
  reportCliFailure,
  schemaIssues,
  stderrLogger,
  usage,
} from '../core/cli-support';
import { createStandardClient, type StandardServiceConfig } from '../invoice-service/standard-client';
import { Journal } from '../journal/journal';
import { blankReportDue } from '../provider-ops/kinds/blank-report';
import { splitSegment } from '../provider-ops/kinds/invoice-mode';
import { blankReportResult } from './handlers';
import { DEFAULT_LOW_NUMBERS } from './issuing';
import { createInvoiceModeServices } from './services';

const USAGE =
  'npm run offline -- status|split|upload|blanks --db PATH --config FILE [--period YYYYMM] [--count N]';
const COMMANDS = ['status', 'split', 'upload', 'blanks'] as const;
type Command = (typeof COMMANDS)[number];

/** `YYYYMM` (AD year, any month of the period) as the period's code (`202612` → `11512`). */
function periodArg(value: string | undefined): string | null {
  if (value === undefined) return null;
  const match = /^(\d{4})(\d{2})$/.exec(value);
  const month = match ? Number(match[2]) : 0;
  if (!match || month < 1 || month > 12 || Number(match[1]) < 2000) {
    throw usage('--period 須為西元年月 YYYYMM，例如 202612', '--period must be YYYYMM (AD), e.g. 202612');
  }
  return periodOf(Number(match[1]), month).code;
}

function countArg(value: string | undefined): number {
  if (value === undefined) return 50;
  const count = /^\d{1,4}$/.test(value) ? Number(value) : NaN;
  if (!(count >= INVOICE_MODE_LIMITS.splitMin && count <= INVOICE_MODE_LIMITS.splitMax)) {
    throw usage(
      `--count 須為 ${INVOICE_MODE_LIMITS.splitMin} 到 ${INVOICE_MODE_LIMITS.splitMax}`,
      `--count must be ${INVOICE_MODE_LIMITS.splitMin} to ${INVOICE_MODE_LIMITS.splitMax}`,
    );
  }
  return count;
}

/** What a person should do next, each in both languages' words joined (zh / en). */
const act = (text: Bilingual) => `${text.zh} / ${text.en}`;

export async function runOfflineCli(argv: string[]): Promise<number> {
  try {
    const [command, ...rest] = argv;
    if (!command || !(COMMANDS as readonly string[]).includes(command)) {
      throw usage(`用法：${USAGE}`, `Usage: ${USAGE}`);
    }
    const { values } = parseCliArgs(
      rest,
      {
        db: { type: 'string' },
        config: { type: 'string' },
        period: { type: 'string' },
        count: { type: 'string' },
      },
      USAGE,
    );
    if (!values.db || !values.config) throw usage(`用法：${USAGE}`, `Usage: ${USAGE}`);
    const period = periodArg(values.period);
    const count = countArg(values.count);
    const parsed = CliConfig.safeParse(readJsonFile(values.config, { zh: '設定', en: 'config' }));
    if (!parsed.success) {
      throw usage(`設定不正確：${schemaIssues(parsed.error)}`, `Bad config: ${schemaIssues(parsed.error)}`);
    }
    const config = parsed.data;
    if (!config.standardServiceUrl || !config.standardApiKey || !config.standardSigningSecret) {
      throw usage(
        '設定缺少 standardServiceUrl、standardApiKey 或 standardSigningSecret',
        'The config lacks standardServiceUrl, standardApiKey or standardSigningSecret',
      );
    }
    const group = config.invoiceModeGroup ?? '';
    if (command === 'split' && group === '') {
      throw usage('設定缺少 invoiceModeGroup（發票版群組）', 'The config lacks invoiceModeGroup');
    }
    const now = new Date();
    if (command === 'blanks' && period !== null && !blankReportDue(period, now)) {
      throw usage(
        `${period} 期尚未結束，還不能回報空白號碼`,
        `Period ${period} has not ended: no blank report yet`,
      );
    }
    if (!existsSync(values.db)) throw usage(`找不到交易日誌 ${values.db}`, `No journal at ${values.db}`);
    const standard: StandardServiceConfig = {
      serviceUrl: config.standardServiceUrl,
      companyId: config.companyId,
      apiKey: config.standardApiKey,
      signingSecret: config.standardSigningSecret,
      timeoutMs: config.timeoutMs,
      ...(config.variant ? { variant: config.variant } : {}),
    };
    const training = config.training ?? false;

    const journal = Journal.open(values.db);
    try {
      journal.recoverInFlight();
      const services = createInvoiceModeServices({
        journal,
        connect: () => ({ config: standard, training }),
        tillId: () => config.tillId,
        online: () => true,
        lowNumbers: () => DEFAULT_LOW_NUMBERS,
        segmentSize: () => count,
        group: () => group,
        logger: stderrLogger,
        onStatusChanged: () => {},
      });
      let line: Record<string, unknown>;
      let code: number;
      switch (command as Command) {
        case 'status': {
          const status = statusOf(
            journal,
            { companyId: config.companyId, training, tillId: config.tillId },
            now,
          );
          line = { command, ...status };
          code = status.actions.length > 0 ? 1 : 0;
          break;
        }
        case 'split': {
          const client = createStandardClient({
            config: standard,
            reserveTimestamp: (key, nowSeconds, window) => journal.reserveTimestamp(key, nowSeconds, window),
            logger: stderrLogger,
          });
          const result = await splitSegment(
            { journal, client, path: { journal, logger: stderrLogger }, now: () => new Date() },
            {
              companyId: config.companyId,
              tillId: config.tillId,
              training,
              periodCode: period ?? periodCodeOf(now),
              useFor: group,
              count,
            },
          );
          line = { command, ...result };
          code = result.outcome === 'done' ? 0 : 1;
          break;
        }
        case 'upload': {
          const before = new Set(journal.offlineInvoices({ state: 'waiting' }).map((i) => i.invoiceNumber));
          await services.upload.runNow();
          const after = journal.offlineInvoices({ state: 'waiting' }).map((i) => i.invoiceNumber);
          const uploaded = journal
            .offlineInvoices({ state: 'uploaded' })
            .map((i) => i.invoiceNumber)
            .filter((number) => before.has(number));
          const rejected = services.findings();
          line = { command, uploaded, rejected, waiting: after };
          code = rejected.length === 0 && after.length === 0 ? 0 : 1;
          break;
        }
        case 'blanks': {
          const result = blankReportResult(
            await services.reportBlanksNow(period ? { periodCode: period } : {}),
          );
          line = { command, ...result };
          code = result.outcome === 'incomplete' ? 1 : 0;
          break;
        }
      }
      process.stdout.write(JSON.stringify(line) + '\n');
      return code;
    } finally {
      journal.close();
    }
  } catch (error) {
    return reportCliFailure(error);
  }
}

/** What `status` prints: the segments held, the invoices waiting, what to act on. */
function statusOf(
  journal: Journal,
  scope: { companyId: string; training: boolean; tillId: string },
  now: Date,
) {
  const current = periodCodeOf(now);
  const all = journal.invoiceModeSegments({ companyId: scope.companyId, training: scope.training });
  const segments = all.map((segment) => ({
    periodCode: segment.periodCode,
    first: invoiceModeId(segment.word, segment.start),
    last: invoiceModeId(segment.word, segment.end),
    next: segment.next > segment.end ? null : invoiceModeId(segment.word, segment.next),
    left: segment.blankState === 'open' ? segment.end - segment.next + 1 : 0,
    blank: segment.blankState,
    blankMessage: segment.blankMessage,
  }));
  const numbersLeft = numbersLeftIn(
    all.filter((segment) => segment.blankState === 'open'),
    current,
  );
  const waiting = journal.offlineInvoices({ state: 'waiting' }).map((invoice) => {
    const date = parseTaipeiDateTime(invoice.invoiceDateTime);
    return {
      invoiceNumber: invoice.invoiceNumber,
      orderNo: invoice.orderNo,
      kind: invoice.invoiceKind,
      invoiceDateTime: invoice.invoiceDateTime,
      deadline: invoice.deadline,
      urgency: date ? uploadUrgency(invoice.invoiceKind, date, now) : 'late',
    };
  });
  const rejected = journal
    .offlineInvoices({ state: 'rejected' })
    .map((invoice) => ({ invoiceNumber: invoice.invoiceNumber, reason: invoice.uploadMessage }));
  const actions: string[] = [];
  if (numbersLeft <= DEFAULT_LOW_NUMBERS) {
    actions.push(
      act({
        zh: `本期離線發票號碼只剩 ${numbersLeft} 個：請補充配號（npm run offline -- split）`,
        en: `Only ${numbersLeft} offline numbers left this period: top up (npm run offline -- split)`,
      }),
    );
  }
  const late = waiting.filter((invoice) => invoice.urgency === 'late');
  if (late.length > 0) {
    actions.push(
      act({
        zh: `${late.length} 張離線發票已逾上傳期限：請立即上傳（npm run offline -- upload）並聯絡發票服務`,
        en: `${late.length} offline invoices are past their upload deadline: upload now (npm run offline -- upload) and call the e-invoice service`,
      }),
    );
  }
  if (rejected.length > 0) {
    actions.push(
      act({
        zh: `${rejected.length} 張離線發票被發票服務退回：請查明原因`,
        en: `${rejected.length} offline invoices were rejected by the e-invoice service: find out why`,
      }),
    );
  }
  const blanksDue = all.filter(
    (segment) =>
      segment.tillId === scope.tillId && segment.blankState !== 'reported' && segment.periodCode < current,
  );
  if (blanksDue.length > 0) {
    actions.push(
      act({
        zh: `${blanksDue.length} 個配號區間的空白號碼尚未回報（npm run offline -- blanks）`,
        en: `${blanksDue.length} segments' blank numbers are not reported yet (npm run offline -- blanks)`,
      }),
    );
  }
  return { periodCode: current, numbersLeft, segments, waiting, rejected, actions };
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('invoice-mode/cli.ts')) {
  void runOfflineCli(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
