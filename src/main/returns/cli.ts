// `npm run returns -- void|allowance|cancel-allowance|status --db PATH --config FILE
//    --invoice INVOICE_NO [--lines LINES.json] [--allowance ALLOWANCE_NO] [--reason TEXT] [--by NAME]`
// One return through the same engine as the till; prints one JSON line
// {"kind","state","invoiceNumber","allowanceNumber","message"} on stdout, logs on stderr. Exit 0 when
// it is done, 1 for any other outcome (rejected, not delivered, needs verification) or a failure
// inside the till, 2 for bad input (nothing written). `status` asks GetInvoicesStatus about the
// invoice's return that needs verification, settles it, and sends a return that does not stand
// again (same allowance prefix: it cannot be made twice).
import { existsSync } from 'node:fs';
import { z } from 'zod';
import type { Bilingual } from '../../shared/domain';
import { findHiddenCharacter } from '../../shared/domain/plain-text';
import { ReturnItem, type ReturnResult } from '../../shared/ipc/contract/returns';
import {
  CliConfig,
  parseCliArgs,
  readJsonFile,
  reportCliFailure,
  schemaIssues,
  stderrLogger,
  usage,
} from '../core/cli-support';
import { Journal, type ReturnRecord } from '../journal/journal';
import { assembleReturns } from './assemble';

const USAGE =
  'npm run returns -- void|allowance|cancel-allowance|status --db PATH --config FILE --invoice INVOICE_NO [--lines LINES.json] [--allowance ALLOWANCE_NO] [--reason TEXT] [--by NAME]';
const COMMANDS = ['void', 'allowance', 'cancel-allowance', 'status'] as const;
type Command = (typeof COMMANDS)[number];

function text(value: string | undefined, name: string, max: number, fallback: string): string {
  const result = (value ?? fallback).trim();
  if (result.length === 0 || result.length > max || findHiddenCharacter(result)) {
    throw usage(`--${name} 須為 1 到 ${max} 個可見字元`, `--${name} must be 1 to ${max} visible characters`);
  }
  return result;
}

export interface ReturnsCliLine {
  kind: ReturnResult['kind'];
  state: 'done' | 'rejected' | 'not-delivered' | 'needs-verification';
  invoiceNumber: string;
  allowanceNumber: string | null;
  message: Bilingual;
}

export async function runReturnsCli(argv: string[]): Promise<number> {
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
        invoice: { type: 'string' },
        lines: { type: 'string' },
        allowance: { type: 'string' },
        reason: { type: 'string' },
        by: { type: 'string' },
      },
      USAGE,
    );
    if (!values.db || !values.config || !values.invoice) throw usage(`用法：${USAGE}`, `Usage: ${USAGE}`);
    const configParse = CliConfig.safeParse(readJsonFile(values.config, { zh: '設定', en: 'config' }));
    if (!configParse.success) {
      throw usage(
        `設定不正確：${schemaIssues(configParse.error)}`,
        `Bad config: ${schemaIssues(configParse.error)}`,
      );
    }
    const config = configParse.data;
    if (!config.standardServiceUrl || !config.standardApiKey || !config.standardSigningSecret) {
      throw usage(
        '設定缺少 standardServiceUrl、standardApiKey 或 standardSigningSecret',
        'The config lacks standardServiceUrl, standardApiKey or standardSigningSecret',
      );
    }
    const reason = text(values.reason, 'reason', 20, command === 'allowance' ? '退貨' : '作廢');
    const by = text(values.by, 'by', 40, 'cli');
    let items: ReturnItem[] | undefined;
    if (values.lines !== undefined) {
      if (command !== 'allowance') throw usage('只有折讓可指定 --lines', 'Only an allowance takes --lines');
      const parsed = z
        .array(ReturnItem)
        .min(1)
        .max(100)
        .safeParse(readJsonFile(values.lines, { zh: '品項', en: 'lines' }));
      if (!parsed.success) {
        throw usage(
          `品項格式不正確：${schemaIssues(parsed.error)}`,
          `Bad lines: ${schemaIssues(parsed.error)}`,
        );
      }
      items = parsed.data;
    }
    if (command === 'cancel-allowance' && !values.allowance) {
      throw usage('作廢折讓須指定 --allowance', 'cancel-allowance needs --allowance ALLOWANCE_NO');
    }
    if (!existsSync(values.db)) throw usage(`找不到交易日誌 ${values.db}`, `No journal at ${values.db}`);

    const journal = Journal.open(values.db);
    try {
      journal.recoverInFlight();
      const engine = assembleReturns({
        journal,
        service: {
          serviceUrl: config.standardServiceUrl,
          companyId: config.companyId,
          apiKey: config.standardApiKey,
          signingSecret: config.standardSigningSecret,
          timeoutMs: config.timeoutMs,
          // The provider's variant, as for the checkout (its signature recipe on the standard API).
          ...(config.variant ? { variant: config.variant } : {}),
        },
        tillId: config.tillId,
        trainingMode: config.training ?? false,
        logger: stderrLogger,
      });
      const sale = journal.findByInvoiceNumber(values.invoice);
      if (!sale) {
        throw usage(
          `找不到發票 ${values.invoice} 的交易`,
          `No sale with invoice ${values.invoice} in the journal`,
        );
      }
      let result: ReturnResult;
      switch (command as Command) {
        case 'void':
          result = await engine.submit({ kind: 'void', orderNo: sale.orderNo, reason }, { by });
          break;
        case 'allowance':
          result = await engine.submit(
            { kind: 'allowance', orderNo: sale.orderNo, reason, ...(items ? { items } : {}) },
            { by },
          );
          break;
        case 'cancel-allowance': {
          const allowance = journal.returnByAllowanceNumber(values.allowance!.trim().toUpperCase());
          if (!allowance || allowance.orderNo !== sale.orderNo) {
            throw usage(
              `發票 ${values.invoice} 沒有折讓 ${values.allowance}`,
              `Invoice ${values.invoice} has no allowance ${values.allowance}`,
            );
          }
          result = await engine.submit(
            { kind: 'cancel-allowance', allowanceNumber: allowance.allowanceNumber!, reason },
            { by },
          );
          break;
        }
        case 'status': {
          const target = statusTarget(journal.returnsOf(sale.orderNo), values.allowance);
          if (!target) {
            throw usage(
              `發票 ${values.invoice} 沒有待確認或未送達的退貨`,
              `Invoice ${values.invoice} has no return that needs verification or was not delivered`,
            );
          }
          result = await engine.status(target.id, { by, resend: true });
          break;
        }
      }
      const line: ReturnsCliLine = {
        kind: result.kind,
        state: result.state === 'not-done' ? 'needs-verification' : result.state,
        invoiceNumber: result.invoiceNumber,
        allowanceNumber: result.allowanceNumber,
        message: result.message,
      };
      process.stdout.write(JSON.stringify(line) + '\n');
      return line.state === 'done' ? 0 : 1;
    } finally {
      journal.close();
    }
  } catch (error) {
    return reportCliFailure(error);
  }
}

/** The return `status` settles: the oldest unsettled one of the invoice (or of the allowance named). */
function statusTarget(returns: ReturnRecord[], allowance: string | undefined): ReturnRecord | null {
  const open = returns.filter((r) => ['needs-verification', 'not-delivered', 'not-done'].includes(r.state));
  if (!allowance) return open[0] ?? null;
  const wanted = allowance.trim().toUpperCase();
  return open.find((r) => r.allowanceNumber === wanted || r.allowancePrefix === wanted) ?? null;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('returns/cli.ts')) {
  void runReturnsCli(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
