// `npm run reconcile -- --db PATH --config FILE --date YYYY-MM-DD [--import EXPORT.json ...]
//    [--format json|csv] [--out FILE]`
// This till's journal of one business day (with other tills' JSON exports: the store) reconciled
// with the provider's standard API, through the same engine as the till. JSON (default):
// {"checked","mismatches","uploadsLate","unknownToJournal","suggestions","tills",…} with each
// finding naming its order and invoice numbers; CSV: one row per finding or suggestion. Written to
// --out (whole or not at all) or stdout; logs on stderr. Exit 0 when nothing is found, 1 when
// something is (a finding, a suggestion, or something that could not be checked), 2 for bad input
// (a bilingual message on stderr; nothing written, the provider not asked).
import { existsSync } from 'node:fs';
import { BusinessDay } from '../../shared/ipc/contract/define';
import type { ReconciliationReport } from '../../shared/ipc/contract/reconciliation';
import {
  CliConfig,
  parseCliArgs,
  readJsonFile,
  readTextFile,
  reportCliFailure,
  stderrLogger,
  usage,
} from '../core/cli-support';
import { CSV_BOM, csvCell } from '../exports';
import { Journal } from '../journal/journal';
import { writeTextThroughPartial } from '../journal/partial-file';
import { assembleReconciliation } from './assemble';
import { exportSources, type TillSource } from './sources';

const USAGE =
  'npm run reconcile -- --db PATH --config FILE --date YYYY-MM-DD [--import EXPORT.json ...] [--format json|csv] [--out FILE]';

/** The CLI's JSON: the issue's fields first, then what else the report says. */
export function reportJson(report: ReconciliationReport): Record<string, unknown> {
  return {
    checked: report.checked,
    mismatches: report.mismatches,
    uploadsLate: report.uploadsLate,
    unknownToJournal: report.unknownToJournal,
    suggestions: report.suggestions,
    tills: report.tills,
    notChecked: report.notChecked,
    complete: report.complete,
    requests: report.requests,
    businessDays: report.businessDays,
    ranAt: report.ranAt,
    store: report.store,
  };
}

const CSV_COLUMNS = [
  'list',
  'kind',
  'till_id',
  'order_no',
  'invoice_number',
  'business_day',
  'journal_amount',
  'provider_amount',
  'append_status',
  'process_status',
  'deadline',
  'detail_zh',
  'detail_en',
  'action_zh',
  'action_en',
];

/** One row per finding, then one per suggestion (kind `suggest-issued` / `suggest-not-issued`). */
export function reportCsv(report: ReconciliationReport): string {
  const rows: Array<Array<string | number | null>> = [CSV_COLUMNS];
  for (const list of ['mismatches', 'uploadsLate', 'unknownToJournal', 'notChecked'] as const) {
    for (const f of report[list]) {
      rows.push([
        list,
        f.kind,
        f.tillId,
        f.orderNo,
        f.invoiceNumber,
        f.businessDay,
        f.journalAmount,
        f.providerAmount,
        f.appendStatus,
        f.processStatus,
        f.deadline,
        f.detail.zh,
        f.detail.en,
        f.action.zh,
        f.action.en,
      ]);
    }
  }
  for (const s of report.suggestions) {
    rows.push([
      'suggestions',
      `suggest-${s.outcome}`,
      s.tillId,
      s.orderNo,
      s.invoiceNumber,
      null,
      s.journalAmount,
      s.providerAmount,
      null,
      s.processStatus,
      null,
      s.evidence.zh,
      s.evidence.en,
      '請主管核對後在收銀機上採用此建議（需主管 PIN）',
      'A supervisor checks it and accepts the suggestion at the till (supervisor PIN)',
    ]);
  }
  return CSV_BOM + rows.map((cells) => cells.map((c) => csvCell(c)).join(',')).join('\r\n') + '\r\n';
}

/** Something for a person to look at. */
export function foundSomething(report: ReconciliationReport): boolean {
  return (
    report.mismatches.length +
      report.uploadsLate.length +
      report.unknownToJournal.length +
      report.notChecked.length +
      report.suggestions.length >
    0
  );
}

export async function runReconcileCli(argv: string[]): Promise<number> {
  try {
    const { values } = parseCliArgs(
      argv,
      {
        db: { type: 'string' },
        config: { type: 'string' },
        date: { type: 'string' },
        import: { type: 'string', multiple: true },
        format: { type: 'string' },
        out: { type: 'string' },
      },
      USAGE,
    );
    if (!values.db || !values.config || !values.date) throw usage(`用法：${USAGE}`, `Usage: ${USAGE}`);
    if (!BusinessDay.safeParse(values.date).success) {
      throw usage(
        `--date 須為日曆上的日期 YYYY-MM-DD：${values.date}`,
        `--date must be a calendar day YYYY-MM-DD: ${values.date}`,
      );
    }
    const format = values.format ?? 'json';
    if (format !== 'json' && format !== 'csv') {
      throw usage('--format 須為 json 或 csv', '--format must be json or csv');
    }
    const parsed = CliConfig.safeParse(readJsonFile(values.config, { zh: '設定', en: 'config' }));
    if (!parsed.success) {
      const issues = parsed.error.issues
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ');
      throw usage(`設定不正確：${issues}`, `Bad config: ${issues}`);
    }
    const config = parsed.data;
    if (!config.standardServiceUrl || !config.standardApiKey || !config.standardSigningSecret) {
      throw usage(
        '設定缺少 standardServiceUrl、standardApiKey 或 standardSigningSecret',
        'The config lacks standardServiceUrl, standardApiKey or standardSigningSecret',
      );
    }
    if (!existsSync(values.db)) throw usage(`找不到交易日誌 ${values.db}`, `No journal at ${values.db}`);
    const training = config.training ?? false;
    // Every export is read and checked before the journal is opened or the provider asked.
    let imports: TillSource[] = [];
    if (values.import && values.import.length > 0) {
      const files = values.import.map((path) => ({
        name: path,
        text: readTextFile(path, { zh: '匯出', en: 'export' }),
      }));
      imports = exportSources(files, {
        companyId: config.companyId,
        businessDay: values.date,
        training,
        thisTillId: config.tillId,
      });
    }

    const journal = Journal.open(values.db);
    let report: ReconciliationReport;
    try {
      const engine = assembleReconciliation({
        journal,
        service: {
          serviceUrl: config.standardServiceUrl,
          companyId: config.companyId,
          apiKey: config.standardApiKey,
          signingSecret: config.standardSigningSecret,
          timeoutMs: config.timeoutMs,
          ...(config.variant ? { variant: config.variant } : {}),
        },
        tillId: config.tillId,
        trainingMode: training,
        logger: stderrLogger,
      });
      report =
        imports.length > 0
          ? await engine.store({ businessDay: values.date, imports, by: 'cli', trigger: 'cli' })
          : (await engine.run({ businessDays: [values.date], trigger: 'cli' })).report;
    } finally {
      journal.close();
    }
    const text = format === 'csv' ? reportCsv(report) : JSON.stringify(reportJson(report)) + '\n';
    if (values.out) writeTextThroughPartial(values.out, text);
    else process.stdout.write(text);
    return foundSomething(report) ? 1 : 0;
  } catch (error) {
    return reportCliFailure(error);
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('reconciliation/cli.ts')) {
  void runReconcileCli(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
