import { existsSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { parseTaipeiDateTime, taipeiBusinessDay, type Bilingual } from '../../shared/domain';
import { JournalError, STATE_LABELS } from './errors';
import { checkExportOptions, summaryCsv } from './export';
import { Journal } from './journal';
import { TILL_ID_PATTERN } from './order-numbers';
import { writeThroughPartial } from './partial-file';
import type { DaySummary, ExportFormat } from './types';

/**
 * `npm run journal -- <command> --db PATH …`: the manager's tools over the same Journal code the
 * till uses. Exit codes: 0 done, 1 refused or the chain is broken, 2 bad arguments.
 */
export const USAGE = `用法 / usage:
  npm run journal -- export  --db PATH [--date YYYY-MM-DD] [--till ID] [--format csv|json] [--out FILE]
  npm run journal -- summary --db PATH [--date YYYY-MM-DD] [--till ID] [--format text|csv|json]
  npm run journal -- verify  --db PATH
  npm run journal -- pending --db PATH [--format text|json]
  npm run journal -- resolve --db PATH --order NO (--issued INVOICE_NO | --not-issued) --by NAME [--note TEXT]`;

export interface CliIo {
  stdout: Writable;
  stderr: Writable;
  now?: () => Date;
}

class UsageError extends Error {
  constructor(readonly bilingual: Bilingual) {
    super(bilingual.en);
  }
}

const usage = (zh: string, en: string) => new UsageError({ zh, en });
const COMMANDS = ['export', 'summary', 'verify', 'pending', 'resolve'] as const;
type Command = (typeof COMMANDS)[number];

export async function runJournalCli(argv: string[], io: CliIo): Promise<number> {
  const say = (text: string) => io.stdout.write(text.endsWith('\n') ? text : text + '\n');
  const complain = (message: Bilingual) => io.stderr.write(`${message.zh}\n${message.en}\n`);
  let journal: Journal | null = null;
  try {
    const { command, values } = parse(argv);
    const now = io.now ?? (() => new Date());
    if (!existsSync(values.db)) {
      throw usage(`找不到日誌檔：${values.db}`, `No journal file at ${values.db}`);
    }
    journal = Journal.open(values.db, { now });
    const date = values.date ?? taipeiBusinessDay(now());
    const till = values.till;
    switch (command) {
      case 'export': {
        const format = (values.format ?? 'csv') as ExportFormat;
        const options = { businessDay: date, format, ...(till ? { tillId: till } : {}) };
        if (values.out) {
          checkExportOptions(options);
          const result = await writeThroughPartial(values.out, (out) => journal!.exportDay(options, out));
          io.stderr.write(
            `已匯出 ${result.rows} 筆交易至 ${values.out} / Exported ${result.rows} transactions to ${values.out}\n`,
          );
        } else {
          await journal.exportDay(options, io.stdout);
        }
        return 0;
      }
      case 'summary': {
        const summary = journal.summary({ businessDay: date, ...(till ? { tillId: till } : {}) });
        if (values.format === 'json') say(JSON.stringify(summary, null, 2));
        else if (values.format === 'csv') io.stdout.write(summaryCsv(summary));
        else say(summaryText(summary));
        return 0;
      }
      case 'verify': {
        const result = journal.verifyChain();
        if (result.ok) {
          say(`日誌完整：${result.entries} 筆紀錄，最新雜湊 ${result.head.hash}`);
          say(`Journal intact: ${result.entries} entries, head ${result.head.hash}`);
          return 0;
        }
        complain({
          zh: `日誌已被竄改或損毀：${result.reason.zh}`,
          en: `The journal was altered or damaged: ${result.reason.en}`,
        });
        return 1;
      }
      case 'pending': {
        const pending = journal.pending();
        if (values.format === 'json') {
          say(JSON.stringify(pending, null, 2));
        } else if (pending.length === 0) {
          say('沒有待確認的交易 / Nothing needs verification');
        } else {
          say(`待確認 ${pending.length} 筆 / ${pending.length} need verification:`);
          for (const tx of pending) {
            say(
              `${tx.orderNo}\t${tx.tillId}\t${tx.createdAt}\tNT$${tx.totals.totalAmount}\t${tx.lastMessage ?? ''}`,
            );
          }
        }
        return 0;
      }
      case 'resolve': {
        const order = values.order!;
        const by = values.by!;
        const note = values.note !== undefined ? { note: values.note } : {};
        const record = values.issued
          ? journal.resolve(order, { outcome: 'issued', invoiceNumber: values.issued, by, ...note })
          : journal.resolve(order, { outcome: 'not-issued', by, ...note });
        const label = STATE_LABELS[record.state];
        say(`訂單 ${record.orderNo} 已記為「${label.zh}」（${by}）`);
        say(`Order ${record.orderNo} recorded as ${label.en.toLowerCase()} by ${by}`);
        return 0;
      }
      default: {
        const unknown: never = command;
        throw usage(`未知的指令：${String(unknown)}`, `Unknown command: ${String(unknown)}`);
      }
    }
  } catch (error) {
    if (error instanceof UsageError) {
      complain(error.bilingual);
      io.stderr.write(USAGE + '\n');
      return 2;
    }
    if (error instanceof JournalError) {
      complain(error.bilingual);
      return error.code === 'journal-invalid' ? 2 : 1;
    }
    throw error;
  } finally {
    journal?.close();
  }
}

interface Values {
  db: string;
  date?: string;
  till?: string;
  format?: string;
  out?: string;
  order?: string;
  issued?: string;
  'not-issued'?: boolean;
  by?: string;
  note?: string;
}

function parse(argv: string[]): { command: Command; values: Values } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        db: { type: 'string' },
        date: { type: 'string' },
        till: { type: 'string' },
        format: { type: 'string' },
        out: { type: 'string' },
        order: { type: 'string' },
        issued: { type: 'string' },
        'not-issued': { type: 'boolean' },
        by: { type: 'string' },
        note: { type: 'string' },
      },
    });
  } catch (error) {
    throw usage(`參數不正確：${(error as Error).message}`, `Bad arguments: ${(error as Error).message}`);
  }
  const [command, ...extra] = parsed.positionals;
  if (!command || !(COMMANDS as readonly string[]).includes(command)) {
    throw usage(
      `請指定指令：${COMMANDS.join('、')}（收到「${command ?? ''}」）`,
      `Give a command: ${COMMANDS.join(', ')} (got "${command ?? ''}")`,
    );
  }
  if (extra.length > 0)
    throw usage(`多餘的參數：${extra.join(' ')}`, `Unexpected arguments: ${extra.join(' ')}`);
  const values = parsed.values as Partial<Values>;
  if (!values.db) throw usage('請用 --db 指定日誌檔', 'Give the journal file with --db PATH');
  if (values.date !== undefined && parseTaipeiDateTime(`${values.date}T00:00:00`) === null) {
    throw usage(
      `日期「${values.date}」須為 YYYY-MM-DD`,
      `The date "${values.date}" must be a real YYYY-MM-DD`,
    );
  }
  if (values.till !== undefined && !TILL_ID_PATTERN.test(values.till)) {
    throw usage(`收銀機編號「${values.till}」不正確`, `The till id "${values.till}" is not valid`);
  }
  const formats: Record<Command, string[]> = {
    export: ['csv', 'json'],
    summary: ['text', 'csv', 'json'],
    pending: ['text', 'json'],
    verify: [],
    resolve: [],
  };
  if (values.format !== undefined && !formats[command as Command].includes(values.format)) {
    throw usage(
      `「${command}」不支援格式「${values.format}」`,
      `Format "${values.format}" is not available for ${command}`,
    );
  }
  if (command === 'resolve') {
    if (!values.order) throw usage('請用 --order 指定訂單編號', 'Give the order number with --order NO');
    if (!values.by?.trim()) throw usage('請用 --by 指定確認人', 'Say who resolved it with --by NAME');
    if (Boolean(values.issued) === Boolean(values['not-issued'])) {
      throw usage(
        '請擇一指定 --issued 發票號碼 或 --not-issued',
        'Give exactly one of --issued INVOICE_NO or --not-issued',
      );
    }
  }
  return { command: command as Command, values: values as Values };
}

function summaryText(summary: DaySummary): string {
  const out: string[] = [
    `營業日 Business day ${summary.businessDay}${summary.tillId ? `  收銀機 Till ${summary.tillId}` : ''}`,
  ];
  for (const [title, block] of [
    ['銷售 Sales', summary.sales],
    ['訓練 Training', summary.training],
  ] as const) {
    out.push('', `${title}: ${block.count} 筆 transactions, NT$${block.totalAmount}`);
    out.push(
      `  已開立 issued: ${block.issued.count} / NT$${block.issued.amount}  稅額 tax NT$${block.taxAmount}`,
    );
    for (const [state, v] of Object.entries(block.byState)) {
      if (v.count > 0) out.push(`  ${state}: ${v.count} / NT$${v.amount}`);
    }
    for (const [operation, v] of Object.entries(block.byOperation)) {
      if (v.count > 0) out.push(`  ${operation}: ${v.count} / NT$${v.amount}`);
    }
    for (const [method, v] of Object.entries(block.byPaymentMethod))
      out.push(`  ${method}: ${v.count} / NT$${v.amount}`);
  }
  out.push('', `日誌雜湊 Chain head #${summary.chainHead.entryId} ${summary.chainHead.hash}`);
  return out.join('\n');
}
