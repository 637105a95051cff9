import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import {
  labelOf,
  OPERATION_LABEL,
  parseTaipeiDateTime,
  PAYMENT_METHOD_LABEL,
  plural,
  taipeiBusinessDay,
  TX_STATE_LABEL,
  type Bilingual,
} from '../../shared/domain';
import type { KeyObject } from 'node:crypto';
import { createFileKeySecretStore } from '../settings/file-key-secret-store';
import {
  CHAIN_KEY_BYTES,
  MIN_HEAD_PREFIX,
  parseExpectedHead,
  shortHead,
  type ExpectedHead,
} from '../journal/chain';
import { JournalError, STATE_LABELS } from '../journal/errors';
import { Journal } from '../journal/journal';
import { usage, UsageError } from '../core/cli-support';
import { TILL_ID_PATTERN } from '../journal/order-numbers';
import { writeThroughPartial } from '../journal/partial-file';
import type { ChainVerification, DaySummary } from '../journal/types';
import { checkExportOptions, dayExporter, summaryCsv } from './export';
import { loadExportSigningKey } from './export-signature';
import {
  EXPORT_HEADERS,
  EXPORT_TABLES,
  type ExportFormat,
  type ExportHeaders,
  type ExportTable,
} from './types';

/**
 * `npm run journal -- <command> --db PATH …`: the manager's tools over the same Journal code the
 * till uses: the exports and the summary (this room's), and the journal's own verify, pending and
 * resolve through its public API. Here, above the journal, because the exports are: the journal
 * imports nothing of them. Exit codes: 0 done, 1 refused or the chain is broken, 2 bad arguments.
 */
export const USAGE = `用法 / usage:
  npm run journal -- export  --db PATH [--date YYYY-MM-DD] [--till ID] [--format xlsx|csv|json] [--out FILE]
                             [--table transactions|lines|cash|prices] [--headers codes|zh|en]
                             [--company TAX_ID] [--key-file FILE | --data DIR]
      XLSX (for people; needs --out): a sheet per table and the summary, typed cells (tax IDs and numbers
      as text, NT$ amounts, Taipei times as dates); --headers zh (default) or en; --table: one sheet
      CSV (for scripts, plain values): --headers codes (default: the columns scripts read), zh or en
      (headers and the words beside each code in that language, one Taipei time column);
      --table lines: one row per sold or returned line; --table cash: the drawer's cash movements;
      --table prices: the day's price changes (who, when, product, old and new price)
      JSON: --company (or the settings in --data DIR) states the seller; the key checks the HMACs
  npm run journal -- summary --db PATH [--date YYYY-MM-DD] [--till ID] [--format text|csv|json]
                             [--headers codes|zh|en]
  npm run journal -- verify  --db PATH [--expect-head HEAD] [--key-file FILE | --data DIR]
      HEAD: the check code a summary slip or export printed (#ID:HASH16), or a full hash
      --data DIR: the till's data folder (web host: its key file store; --db defaults to DIR/journal.sqlite)
  npm run journal -- pending --db PATH [--format text|json]
  npm run journal -- resolve --db PATH --order NO (--issued INVOICE_NO | --not-issued) --by NAME [--note TEXT]`;

export interface CliIo {
  stdout: Writable;
  stderr: Writable;
  now?: () => Date;
}

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
    const key = chainKeyFrom(values);
    // verify only reads: the key checks HMACs but is not recorded in a journal that never had one.
    journal = Journal.open(values.db, command !== 'verify' && key ? { now, chainKey: key } : { now });
    const date = values.date ?? taipeiBusinessDay(now());
    const till = values.till;
    switch (command) {
      case 'export': {
        const format = (values.format ?? 'csv') as ExportFormat;
        // With the till's data folder (the web host's file-key secrets), the JSON export is signed
        // with the till's own key, as the closing screen's is (export-signature.ts).
        const data = values.data;
        const signingKey =
          data !== undefined && existsSync(join(data, 'secrets.json'))
            ? (): KeyObject | null => loadExportSigningKey(createFileKeySecretStore(data))
            : undefined;
        const exporter = dayExporter(journal, signingKey);
        const companyId = companyIdFrom(values);
        const options = {
          businessDay: date,
          format,
          ...(till ? { tillId: till } : {}),
          ...(companyId ? { companyId } : {}),
          ...(values.headers ? { headers: values.headers as ExportHeaders } : {}),
          ...(values.table ? { table: values.table as ExportTable } : {}),
        };
        if (format === 'xlsx') {
          if (!values.out) throw usage('XLSX 請用 --out 指定檔案', 'Give the XLSX file with --out FILE');
          const result = await exporter.exportWorkbook(
            { ...options, ...(options.table ? { tables: [options.table] } : {}) },
            values.out,
          );
          io.stderr.write(
            `已匯出 ${result.rows} 筆交易至 ${values.out} / Exported ${plural(result.rows, 'transaction')} to ${values.out}\n`,
          );
        } else if (values.out) {
          checkExportOptions(options);
          const result = await writeThroughPartial(values.out, (out) => exporter.exportDay(options, out));
          io.stderr.write(
            `已匯出 ${result.rows} 筆交易至 ${values.out} / Exported ${plural(result.rows, 'transaction')} to ${values.out}\n`,
          );
        } else {
          await exporter.exportDay(options, io.stdout);
        }
        return 0;
      }
      case 'summary': {
        const summary = journal.summary({ businessDay: date, ...(till ? { tillId: till } : {}) });
        if (values.format === 'json') say(JSON.stringify(summary, null, 2));
        else if (values.format === 'csv') {
          io.stdout.write(summaryCsv(summary, (values.headers ?? 'codes') as ExportHeaders));
        } else say(summaryText(summary));
        return 0;
      }
      case 'verify': {
        const expected = values['expect-head'] === undefined ? null : expectedHead(values['expect-head']);
        const result = journal.verifyChain(key);
        say(hmacNote(result));
        reportGaps(result, say);
        if (!result.ok) {
          complain({
            zh: `日誌已被竄改或損毀：${result.reason.zh}`,
            en: `The journal was altered or damaged: ${result.reason.en}`,
          });
          return 1;
        }
        say(`日誌完整：${result.entries} 筆紀錄，最新雜湊 #${result.head.entryId} ${result.head.hash}`);
        say(
          `Journal intact: ${plural(result.entries, 'entry', 'entries')}, head ${result.head.hash} (#${result.head.entryId})`,
        );
        if (expected) {
          const printed = values['expect-head']!.trim();
          const found = journal.findHeadOnChain(expected);
          if (!found) {
            complain({
              zh: `印出的日誌鏈頭 ${printed} 已不在鏈上：其後的紀錄被刪除或改寫（目前最新為 #${result.head.entryId}）`,
              en: `The printed chain head ${printed} is no longer on the chain: what came after it was removed or rewritten (the chain now ends at #${result.head.entryId})`,
            });
            return 1;
          }
          const after = result.head.entryId - found.entryId;
          say(`印出的日誌鏈頭 ${printed} 仍在鏈上（#${found.entryId}），其後 ${after} 筆紀錄完整`);
          say(
            `The printed chain head ${printed} is on the chain (#${found.entryId}); the ${after} entries after it are intact`,
          );
        }
        return 0;
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
  'expect-head'?: string;
  'key-file'?: string;
  data?: string;
  company?: string;
  headers?: string;
  table?: string;
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
        'expect-head': { type: 'string' },
        'key-file': { type: 'string' },
        data: { type: 'string' },
        company: { type: 'string' },
        headers: { type: 'string' },
        table: { type: 'string' },
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
  if (!values.db && values.data) values.db = join(values.data, 'journal.sqlite');
  if (values['key-file'] !== undefined && values.data !== undefined) {
    throw usage('請擇一指定 --key-file 或 --data', 'Give the key with one of --key-file or --data, not both');
  }
  if (values['expect-head'] !== undefined && command !== 'verify') {
    throw usage('--expect-head 只用於 verify', '--expect-head is for verify only');
  }
  if (values['expect-head'] !== undefined) expectedHead(values['expect-head']);
  if (values.company !== undefined && command !== 'export') {
    throw usage('--company 只用於 export', '--company is for export only');
  }
  if (values.headers !== undefined) {
    if (command !== 'export' && command !== 'summary') {
      throw usage('--headers 只用於 export 與 summary', '--headers is for export and summary only');
    }
    if (!(EXPORT_HEADERS as readonly string[]).includes(values.headers)) {
      throw usage(
        `欄位名稱「${values.headers}」須為 codes、zh 或 en`,
        `The headers "${values.headers}" must be codes, zh or en`,
      );
    }
    const format = values.format ?? (command === 'export' ? 'csv' : 'text');
    if (format !== 'csv' && format !== 'xlsx') {
      throw usage('--headers 只用於 XLSX 與 CSV', '--headers is for XLSX and CSV only');
    }
  }
  if (values.table !== undefined) {
    if (command !== 'export') throw usage('--table 只用於 export', '--table is for export only');
    if (!(EXPORT_TABLES as readonly string[]).includes(values.table)) {
      throw usage(
        `匯出表「${values.table}」須為 transactions、lines、cash 或 prices`,
        `The table "${values.table}" must be transactions, lines, cash or prices`,
      );
    }
    if (values.format === 'json' && values.table !== 'transactions') {
      throw usage(
        'JSON 只匯出交易；明細、現金與售價變更請用 CSV',
        'JSON is the transactions only: export lines, cash and price changes as CSV',
      );
    }
  }
  if (values.company !== undefined && !/^\d{8}$/.test(values.company)) {
    throw usage(
      `統一編號「${values.company}」須為 8 位數字`,
      `The seller tax ID "${values.company}" must be 8 digits`,
    );
  }
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
    export: ['xlsx', 'csv', 'json'],
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

function expectedHead(text: string): ExpectedHead {
  const parsed = parseExpectedHead(text);
  if (!parsed) {
    throw usage(
      `「${text}」不是日誌鏈頭：請輸入日結單上的核對碼（#編號:雜湊前 ${MIN_HEAD_PREFIX} 碼）或完整雜湊`,
      `"${text}" is not a chain head: give the check code from the summary slip (#ID:first ${MIN_HEAD_PREFIX} hex digits) or a full hash`,
    );
  }
  return parsed;
}

/**
 * The chain key for the HMACs: a key file (64 hex digits, or the 32 bytes), or the data folder of
 * a till whose secrets are in a key-file store (the web host's). The Electron till's key is in the
 * OS store, which only the app can read: without a key, verify checks links and ids and says so.
 */
function chainKeyFrom(values: Values): Buffer | null {
  if (values['key-file'] !== undefined) {
    let raw: Buffer;
    try {
      raw = readFileSync(values['key-file']);
    } catch {
      throw usage(`無法讀取金鑰檔：${values['key-file']}`, `Cannot read the key file ${values['key-file']}`);
    }
    const text = raw.toString('utf8').trim();
    if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
    if (raw.length === CHAIN_KEY_BYTES) return raw;
    throw usage(
      `金鑰檔須為 64 個十六進位字元或 ${CHAIN_KEY_BYTES} 位元組`,
      `The key file must hold 64 hex digits or ${CHAIN_KEY_BYTES} bytes`,
    );
  }
  if (values.data !== undefined) {
    let stored: string | null;
    try {
      stored = existsSync(join(values.data, 'secrets.json'))
        ? createFileKeySecretStore(values.data).get('journalChainKey')
        : null;
    } catch {
      throw usage(
        `無法解密 ${values.data} 的日誌金鑰`,
        `The journal key in ${values.data} cannot be decrypted`,
      );
    }
    if (stored === null || !/^[0-9a-f]{64}$/.test(stored)) {
      throw usage(`${values.data} 中沒有日誌金鑰`, `No journal key in ${values.data}`);
    }
    return Buffer.from(stored, 'hex');
  }
  return null;
}

/**
 * The seller's tax ID for a JSON export: `--company`, else the `companyId` of the till's settings
 * in `--data DIR` (`settings.json`, as the web host writes it). Not the settings' defaults: a
 * missing or unreadable file names no company rather than a wrong one.
 */
function companyIdFrom(values: Values): string | null {
  if (values.company !== undefined) return values.company;
  if (values.data === undefined) return null;
  try {
    const settings = JSON.parse(readFileSync(join(values.data, 'settings.json'), 'utf8')) as unknown;
    const companyId =
      settings !== null && typeof settings === 'object' && Object.hasOwn(settings, 'companyId')
        ? (settings as { companyId: unknown }).companyId
        : null;
    return typeof companyId === 'string' && /^\d{8}$/.test(companyId) ? companyId : null;
  } catch {
    return null;
  }
}

function hmacNote(result: ChainVerification): string {
  switch (result.hmac) {
    case 'checked':
      return 'HMAC 已以金鑰核對 / HMACs checked with the key';
    case 'not-checked':
      return '未提供金鑰：只核對了鏈結與編號，未核對 HMAC（請用 --key-file 或 --data）\nNo key given: links and ids were checked, the HMACs were NOT (give --key-file or --data)';
    case 'unkeyed':
      return '此日誌未使用金鑰（純 SHA-256 鏈）/ This journal is not keyed (plain SHA-256 chain)';
  }
}

/** Numbers handed out without a sale: a finding to look into (a removed sale shows here), not a broken chain. */
function reportGaps(result: ChainVerification, say: (text: string) => void): void {
  if (result.orderGaps.length === 0) return;
  say('訂單編號缺號（已取號但沒有交易）/ Order numbers handed out without a sale:');
  for (const gap of result.orderGaps) {
    const more =
      gap.missingCount > gap.missing.length ? ` …（+${gap.missingCount - gap.missing.length}）` : '';
    say(
      `  ${gap.tillId} ${gap.businessDay}: ${gap.missing.join(', ')}${more}  (${gap.missingCount} / ${gap.lastHandedOut})`,
    );
  }
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
    const invoices = block.invoices;
    out.push(`  已開立 issued: ${block.issued.count} / NT$${block.issued.amount}`);
    // The invoice total as the return counts it: standing invoices only, voided ones apart.
    out.push(
      `  有效發票 standing invoices: ${invoices.standing.count} / NT$${invoices.standing.amount}` +
        `  已作廢 voided: ${invoices.voided.count} / NT$${invoices.voided.amount}`,
    );
    out.push(
      `  稅額 tax NT$${invoices.tax.total} (統一編號 tax ID NT$${invoices.tax.business}, ` +
        `消費者內含 consumer, inside NT$${invoices.tax.consumer})`,
    );
    // `已開立 issued`: the glossary's words and the code scripts grep for.
    const named = (table: Readonly<Record<string, Bilingual>>, code: string) => {
      const words = labelOf(table, code).zh;
      return words === code ? code : `${words} ${code}`;
    };
    for (const [state, v] of Object.entries(block.byState)) {
      if (v.count > 0) out.push(`  ${named(TX_STATE_LABEL, state)}: ${v.count} / NT$${v.amount}`);
    }
    for (const [operation, v] of Object.entries(block.byOperation)) {
      if (v.count > 0) out.push(`  ${named(OPERATION_LABEL, operation)}: ${v.count} / NT$${v.amount}`);
    }
    for (const [method, v] of Object.entries(block.byPaymentMethod))
      out.push(`  ${named(PAYMENT_METHOD_LABEL, method)}: ${v.count} / NT$${v.amount}`);
  }
  out.push('', `日誌雜湊 Chain head #${summary.chainHead.entryId} ${summary.chainHead.hash}`);
  out.push(`核對碼 Check code ${shortHead(summary.chainHead)}`);
  return out.join('\n');
}
