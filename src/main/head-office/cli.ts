// `npm run hq -- migrate|status|report|restore|release|move|resolve-claim|grant-till|catalog --url URL …`: head office from the
// owner's side, over the same code the till uses. JSON (default) or CSV (`--format csv`) on stdout;
// bilingual errors on stderr (Traditional Chinese first). Exit 0 done, 1 findings (a refused till
// or an open claim in `status`) or a failure (head office unreachable, wrong password, a restore that does not
// verify), 2 bad input (nothing changed).
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import type { Bilingual } from '../../shared/domain';
import { findHiddenCharacter } from '../../shared/domain/plain-text';
import { BusinessDay } from '../../shared/ipc/contract/define';
import { CHAIN_KEY_SECRET } from '../journal/guard';
import { usage, UsageError } from '../core/cli-support';
import { TILL_ID_PATTERN } from '../journal/order-numbers';
import { createFileKeySecretStore } from '../settings/file-key-secret-store';
import {
  classifyError,
  closeQuietly,
  connectHeadOffice,
  describeAddress,
  parseAddress,
  type HeadOfficeConnection,
  type TlsMode,
} from './connection';
import { installFileFor, isInstallId } from './install-id';
import { migrateHeadOffice } from './migrate';
import {
  REPORT_GROUPS,
  REPORT_KINDS,
  reportCsv,
  reportJson,
  claimsReport,
  runReport,
  tillStatus,
  type ReportGroup,
  type ReportKind,
  type TrainingFilter,
} from './reports';
import { restoreTill } from './restore';
import { catalogWork, CatalogRefused } from './catalog-cli';

export const USAGE = `用法 / usage:
  npm run hq -- migrate  --url URL [--company TAX_ID] [--company-name NAME]
      first run: --company is required (the database then belongs to that company)
  npm run hq -- status   --url URL [--format json|csv]
  npm run hq -- report   --url URL [--what day|payments|pending|late-uploads|cash|cash-day|catalog]
                         [--date YYYY-MM-DD | --from YYYY-MM-DD --to YYYY-MM-DD] [--store ID] [--till ID]
                         [--group store|till|cashier] [--training exclude|include|only] [--format json|csv] [--out FILE]
  npm run hq -- restore  --url URL --till ID (--db PATH [--key-file FILE] | --data DIR) [--by NAME]
      writes a NEW journal (never over one) from head office, checked end to end with the till's key;
      --key-file: where the till's chain key goes (64 hex digits, 0600); --data DIR: a web-host data
      folder (journal.sqlite, head-office.json and the key in its secret store)
  npm run hq -- release  --url URL --till ID --by NAME      (a refused till may feed again)
  npm run hq -- move     --url URL --till ID --store ID --by NAME   (a till moves to another store)
  npm run hq -- resolve-claim --url URL --till ID --install ID --by NAME [--note TEXT]
      another PC's refused claim of the till id, looked into (status lists the open ones)
  npm run hq -- grant-till --url URL --role ROLE            (what a till's login may do, nothing more)
  npm run hq -- catalog import FILE.csv --url URL [--store ID] [--by NAME]
      the till's catalog file (its columns and rules); rows added or changed for the chain, or as the
      store's own values over the chain's; a bad row changes nothing
  npm run hq -- catalog export --url URL [--store ID] [--format csv|json] [--out FILE]
      the chain's catalog, or as a store sells it, in the import's format
  npm run hq -- catalog set-price CODE PRICE --url URL [--store ID] [--by NAME]
  npm run hq -- catalog managed on|off --url URL --store ID [--by NAME]
      a centrally managed store's tills refuse local price edits
  URL: postgres://user[:password]@host[:port]/database[?sslmode=disable|require|verify-full]
       (or the password in PGPASSWORD); --tls off|require|verify [--ca FILE] override sslmode`;

export interface CliIo {
  stdout: Writable;
  stderr: Writable;
  now?: () => Date;
}

const COMMANDS = [
  'migrate',
  'status',
  'report',
  'restore',
  'release',
  'move',
  'resolve-claim',
  'grant-till',
  'catalog',
] as const;
const CATALOG_COMMANDS = ['import', 'export', 'set-price', 'managed'] as const;
type CatalogCommand = (typeof CATALOG_COMMANDS)[number];
type Command = (typeof COMMANDS)[number];

interface Values {
  url?: string;
  tls?: string;
  ca?: string;
  company?: string;
  'company-name'?: string;
  format?: string;
  what?: string;
  date?: string;
  from?: string;
  to?: string;
  store?: string;
  till?: string;
  group?: string;
  training?: string;
  out?: string;
  db?: string;
  'key-file'?: string;
  data?: string;
  by?: string;
  role?: string;
  install?: string;
  note?: string;
}

function parse(argv: string[]): {
  command: Command;
  values: Values;
  sub: CatalogCommand | null;
  positionals: string[];
} {
  const [command, ...afterCommand] = argv;
  if (!command || !(COMMANDS as readonly string[]).includes(command)) throw usage(USAGE, USAGE);
  let sub: CatalogCommand | null = null;
  let rest = afterCommand;
  if (command === 'catalog') {
    const [name, ...more] = afterCommand;
    if (!name || !(CATALOG_COMMANDS as readonly string[]).includes(name)) throw usage(USAGE, USAGE);
    sub = name as CatalogCommand;
    rest = more;
  }
  let values: Values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: rest,
      options: Object.fromEntries(
        [
          'url',
          'tls',
          'ca',
          'company',
          'company-name',
          'format',
          'what',
          'date',
          'from',
          'to',
          'store',
          'till',
          'group',
          'training',
          'out',
          'db',
          'key-file',
          'data',
          'by',
          'role',
          'install',
          'note',
        ].map((name) => [name, { type: 'string' as const }]),
      ),
      strict: true,
      allowPositionals: sub !== null,
    }) as { values: Values; positionals: string[] });
  } catch (error) {
    throw usage(`參數錯誤：${(error as Error).message}\n${USAGE}`, `${(error as Error).message}\n${USAGE}`);
  }
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string' && findHiddenCharacter(value)) {
      throw usage(`--${name} 含有看不見的控制字元`, `--${name} holds an invisible control character`);
    }
  }
  for (const value of positionals) {
    if (findHiddenCharacter(value)) {
      throw usage(`參數「${value}」含有看不見的控制字元`, 'An argument holds an invisible control character');
    }
  }
  if (!values.url) throw usage(`缺少 --url\n${USAGE}`, `--url is required\n${USAGE}`);
  return { command: command as Command, values, sub, positionals };
}

function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  name: string,
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw usage(
      `--${name} 須為 ${allowed.join('、')} 之一`,
      `--${name} must be one of ${allowed.join(', ')}`,
    );
  }
  return value as T;
}

function day(value: string | undefined, name: string): string | null {
  if (value === undefined) return null;
  if (!BusinessDay.safeParse(value).success) {
    throw usage(`--${name} 須為 YYYY-MM-DD 的日期`, `--${name} must be a YYYY-MM-DD date`);
  }
  return value;
}

function textArg(value: string | undefined, name: string, max: number, fallback?: string): string {
  const result = (value ?? fallback ?? '').trim();
  if (result.length === 0 || result.length > max) {
    throw usage(`--${name} 須為 1 到 ${max} 個可見字元`, `--${name} must be 1 to ${max} visible characters`);
  }
  return result;
}

function tillArg(value: string | undefined): string {
  if (!value || !TILL_ID_PATTERN.test(value)) {
    throw usage(
      '--till 須為 1 到 12 個大寫英文字母或數字',
      '--till must be 1 to 12 capital letters or digits',
    );
  }
  return value;
}

function storeArg(value: string | undefined): string {
  if (!value || !/^[A-Za-z0-9_-]{1,32}$/.test(value)) {
    throw usage(
      '--store 須為 1 到 32 個英文字母、數字、- 或 _',
      '--store must be 1 to 32 letters, digits, - or _',
    );
  }
  return value;
}

function connectionOf(values: Values): HeadOfficeConnection {
  parseAddress(values.url!); // refused here (exit 2) rather than as a failed connection
  const tls =
    values.tls === undefined
      ? null
      : oneOf<TlsMode>(values.tls, ['off', 'require', 'verify'], 'tls', 'verify');
  let caCert: string | null = null;
  if (values.ca !== undefined) {
    try {
      caCert = readFileSync(values.ca, 'utf8');
    } catch {
      throw usage(`讀不到憑證檔 ${values.ca}`, `Cannot read the CA file ${values.ca}`);
    }
  }
  return { url: values.url!, tls, caCert, connectTimeoutMs: 10_000, queryTimeoutMs: 600_000 };
}

export async function runHqCli(argv: string[], io: CliIo): Promise<number> {
  const say = (text: string) => io.stdout.write(text.endsWith('\n') ? text : text + '\n');
  const complain = (message: Bilingual) => io.stderr.write(`${message.zh}\n${message.en}\n`);
  let client: pg.Client | null = null;
  try {
    const { command, values, sub, positionals } = parse(argv);
    const now = io.now ?? (() => new Date());
    const connection = connectionOf(values);
    const format = oneOf(values.format, ['json', 'csv'] as const, 'format', 'json');

    // Everything about the input is checked before head office is reached.
    let work: (client: pg.Client) => Promise<number>;
    switch (command) {
      case 'migrate': {
        const companyId = values.company;
        if (companyId !== undefined && !/^\d{8}$/.test(companyId)) {
          throw usage('--company 須為 8 位數字的統一編號', '--company must be the 8-digit tax ID');
        }
        const companyName =
          values['company-name'] === undefined
            ? undefined
            : textArg(values['company-name'], 'company-name', 100);
        work = async (c) => {
          const result = await migrateHeadOffice(c, {
            ...(companyId ? { companyId } : {}),
            ...(companyName ? { companyName } : {}),
          });
          say(JSON.stringify({ ...result, database: describeAddress(connection.url) }));
          return 0;
        };
        break;
      }
      case 'status':
        work = async (c) => {
          const report = await tillStatus(c);
          // The open claims in full beside the tills (JSON); the CSV has each till's count and latest.
          const claims = await claimsReport(c);
          io.stdout.write(
            format === 'csv'
              ? reportCsv(report)
              : JSON.stringify(
                  {
                    report: report.kind,
                    columns: report.columns,
                    rows: report.rows,
                    claims: { columns: claims.columns, rows: claims.rows },
                  },
                  null,
                  2,
                ) + '\n',
          );
          return report.rows.some((row) => row.refused === true) || claims.rows.length > 0 ? 1 : 0;
        };
        break;
      case 'report': {
        const kind = oneOf<ReportKind>(values.what, REPORT_KINDS, 'what', 'day');
        const group = oneOf<ReportGroup>(values.group, REPORT_GROUPS, 'group', 'cashier');
        const training = oneOf<TrainingFilter>(
          values.training,
          ['exclude', 'include', 'only'],
          'training',
          'exclude',
        );
        if (values.date !== undefined && (values.from !== undefined || values.to !== undefined)) {
          throw usage('請擇一指定 --date 或 --from/--to', 'Give --date or --from/--to, not both');
        }
        const from = day(values.date ?? values.from, values.date ? 'date' : 'from');
        const to = day(values.date ?? values.to, values.date ? 'date' : 'to');
        if (from && to && from > to) throw usage('--from 須在 --to 之前', '--from must not be after --to');
        const storeId = values.store === undefined ? null : textArg(values.store, 'store', 32);
        const tillId = values.till === undefined ? null : tillArg(values.till);
        if (values.out !== undefined && existsSync(values.out)) {
          throw usage(`檔案 ${values.out} 已存在，不會覆寫`, `${values.out} exists: it is not overwritten`);
        }
        work = async (c) => {
          const report = await runReport(c, { kind, from, to, storeId, tillId, group, training });
          const text = format === 'csv' ? reportCsv(report) : reportJson(report);
          if (values.out) {
            writeFileSync(values.out, text, { flag: 'wx' });
            io.stderr.write(
              `已匯出 ${report.rows.length} 列至 ${values.out} / Wrote ${report.rows.length} rows to ${values.out}\n`,
            );
          } else {
            io.stdout.write(text);
          }
          return 0;
        };
        break;
      }
      case 'restore': {
        const tillId = tillArg(values.till);
        const by = textArg(values.by, 'by', 40, 'hq restore');
        if ((values.db === undefined) === (values.data === undefined)) {
          throw usage('請擇一指定 --db 或 --data', 'Give one of --db or --data');
        }
        if (values.data !== undefined && values['key-file'] !== undefined) {
          throw usage(
            '--data 已包含金鑰的存放處，不需 --key-file',
            '--data keeps the key itself: no --key-file with it',
          );
        }
        const journalPath = values.db ?? join(values.data!, 'journal.sqlite');
        if (existsSync(journalPath)) {
          throw usage(
            `日誌檔 ${journalPath} 已存在：還原不會覆寫既有的日誌`,
            `A journal file already exists at ${journalPath}: a restore never overwrites one`,
          );
        }
        if (!existsSync(dirname(journalPath))) {
          throw usage(
            `資料夾 ${dirname(journalPath)} 不存在`,
            `The folder ${dirname(journalPath)} does not exist`,
          );
        }
        if (values['key-file'] !== undefined && existsSync(values['key-file'])) {
          throw usage(
            `金鑰檔 ${values['key-file']} 已存在，不會覆寫`,
            `The key file ${values['key-file']} exists: it is not overwritten`,
          );
        }
        const secrets = values.data === undefined ? null : createFileKeySecretStore(values.data);
        if (secrets?.has(CHAIN_KEY_SECRET)) {
          throw usage(
            `${values.data} 已有日誌金鑰：這不是新的收銀機資料夾`,
            `${values.data} already holds a journal key: it is not a new till's folder`,
          );
        }
        work = async (c) => {
          const result = await restoreTill({
            client: c,
            tillId,
            journalPath,
            installFile: installFileFor(journalPath),
            by,
            now,
          });
          let keyWhere: string | null = null;
          if (result.chainKey) {
            if (secrets) {
              secrets.set(CHAIN_KEY_SECRET, result.chainKey.toString('hex'));
              keyWhere = join(values.data!, 'secrets.json');
            } else if (values['key-file'] !== undefined) {
              writeFileSync(values['key-file'], result.chainKey.toString('hex') + '\n', {
                mode: 0o600,
                flag: 'wx',
              });
              if (process.platform !== 'win32') chmodSync(values['key-file'], 0o600);
              keyWhere = values['key-file'];
            }
          }
          say(
            JSON.stringify({
              tillId: result.tillId,
              storeId: result.storeId,
              journal: journalPath,
              entries: result.entries,
              head: result.head,
              keyed: result.chainKey !== null,
              keyWrittenTo: keyWhere,
              installId: result.installId,
              lastEntryAt: result.lastEntryAt,
              wasRefused: result.wasRefused,
            }),
          );
          if (result.chainKey && keyWhere === null) {
            complain({
              zh: '此日誌以金鑰保護：未指定 --key-file，新電腦須取得金鑰才能繼續營業（再以 --key-file 執行一次還原到新位置）。',
              en: 'This journal is keyed and no --key-file was given: the new PC needs the key to sell on (restore again to a new path with --key-file).',
            });
            return 1;
          }
          return 0;
        };
        break;
      }
      case 'release': {
        const tillId = tillArg(values.till);
        const by = textArg(values.by, 'by', 40);
        work = async (c) => {
          const result = await c.query(
            `WITH released AS (
               UPDATE hq.tills SET refused_at = NULL, refused_code = NULL, refused_entry_id = NULL,
                 refused_zh = NULL, refused_en = NULL
               WHERE till_id = $1 AND refused_at IS NOT NULL RETURNING till_id, refused_code)
             INSERT INTO hq.till_events (till_id, event, by_name, detail)
             SELECT till_id, 'released', $2, jsonb_build_object('code', refused_code) FROM released
             RETURNING till_id`,
            [tillId, by],
          );
          if (result.rowCount === 0) {
            complain({
              zh: `收銀機 ${tillId} 不存在或未被拒收，未變更任何資料`,
              en: `Till ${tillId} does not exist or is not refused: nothing was changed`,
            });
            return 1;
          }
          say(JSON.stringify({ tillId, released: true, by }));
          return 0;
        };
        break;
      }
      case 'move': {
        const tillId = tillArg(values.till);
        const storeId = storeArg(values.store);
        const by = textArg(values.by, 'by', 40);
        work = async (c) => {
          // Only the owner moves a till between stores (a till asking to is refused: schema.ts step 2).
          const result = await c.query<{ from_store: string }>(
            `WITH old AS (SELECT till_id, store_id FROM hq.tills WHERE till_id = $1 FOR UPDATE),
             store AS (INSERT INTO hq.stores (store_id, company_id)
                       SELECT $2, company_id FROM hq.meta WHERE id = 1 AND EXISTS (SELECT 1 FROM old)
                       ON CONFLICT DO NOTHING),
             moved AS (UPDATE hq.tills t SET store_id = $2 FROM old WHERE t.till_id = old.till_id
                       AND old.store_id <> $2 RETURNING old.store_id AS from_store),
             logged AS (INSERT INTO hq.till_events (till_id, event, by_name, detail)
                        SELECT $1, 'store-changed', $3, jsonb_build_object('from', from_store, 'to', $2::text)
                        FROM moved)
             SELECT from_store FROM moved`,
            [tillId, storeId, by],
          );
          if (result.rowCount === 0) {
            complain({
              zh: `收銀機 ${tillId} 不存在或已在門市 ${storeId}，未變更任何資料`,
              en: `Till ${tillId} does not exist or is already in store ${storeId}: nothing was changed`,
            });
            return 1;
          }
          say(JSON.stringify({ tillId, from: result.rows[0]!.from_store, to: storeId, by }));
          return 0;
        };
        break;
      }
      case 'resolve-claim': {
        const tillId = tillArg(values.till);
        const install = values.install ?? '';
        if (!isInstallId(install)) {
          throw usage(
            '--install 須為收銀機的安裝編號（UUID）',
            '--install must be the PC’s install id (a UUID)',
          );
        }
        const by = textArg(values.by, 'by', 40);
        const note = values.note === undefined ? null : textArg(values.note, 'note', 200);
        work = async (c) => {
          const result = await c.query(
            `WITH resolved AS (
               UPDATE hq.claims SET resolved_at = now(), resolved_by = $3, resolution = $4
               WHERE till_id = $1 AND install_id = $2 AND resolved_at IS NULL RETURNING id)
             INSERT INTO hq.till_events (till_id, event, by_name, detail)
             SELECT $1, 'claim-resolved', $3, jsonb_build_object('install', $2::text, 'note', $4::text) FROM resolved
             RETURNING till_id`,
            [tillId, install, by, note],
          );
          if (result.rowCount === 0) {
            complain({
              zh: `收銀機 ${tillId} 沒有安裝編號 ${install} 的待處理認領，未變更任何資料`,
              en: `Till ${tillId} has no open claim by install id ${install}: nothing was changed`,
            });
            return 1;
          }
          say(JSON.stringify({ tillId, installId: install, resolved: true, by }));
          return 0;
        };
        break;
      }
      case 'grant-till': {
        const role = values.role;
        if (!role || !/^[a-z_][a-z0-9_]{0,62}$/.test(role)) {
          throw usage(
            '--role 須為小寫英文、數字或底線',
            '--role must be lower-case letters, digits or underscores',
          );
        }
        work = async (c) => {
          await c.query('SELECT hq.grant_till_role($1)', [role]);
          say(
            JSON.stringify({
              role,
              granted: ['hq.register', 'hq.ingest', 'hq.store_day', 'hq.catalog_changes'],
            }),
          );
          return 0;
        };
        break;
      }
      case 'catalog':
        work = catalogWork(sub!, positionals, values, { say, complain, io, format: values.format });
        break;
    }
    client = await connectHeadOffice(connection);
    return await work(client);
  } catch (error) {
    if (error instanceof UsageError) {
      complain(error.bilingual);
      return 2;
    }
    if (error instanceof CatalogRefused) {
      // Bad input: every reason, then that nothing was written.
      for (const reason of error.reasons) complain(reason);
      complain({ zh: '總部商品資料未變更。', en: "Head office's catalog was not changed." });
      return 2;
    }
    const problem = classifyError(error);
    complain(problem.bilingual);
    // A database of another company or an address that is not one: the input was wrong.
    return problem.problem === 'bad-address' || problem.problem === 'other-company' ? 2 : 1;
  } finally {
    await closeQuietly(client);
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('head-office/cli.ts')) {
  void runHqCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }).then((code) => {
    process.exitCode = code;
  });
}
