import pg from 'pg';
import type { Bilingual } from '../../shared/domain';
import { findHiddenCharacter } from '../../shared/domain/plain-text';
import { TillError } from '../core/errors';

/**
 * How the till and the `hq` command reach head office: a PostgreSQL address
 * (`postgres://user@host:5432/database`), the password kept apart (a write-only secret in the
 * till's settings; in the address only on the command line) and TLS:
 *
 * - `off`: plain TCP (a database on the shop's own network or 127.0.0.1);
 * - `require`: encrypted, the server's certificate not checked (libpq's `sslmode=require`);
 * - `verify`: encrypted and the certificate checked against the system's CAs or `caCert` (PEM),
 *   host name included (libpq's `verify-full`). The default for an address that is not local.
 *
 * Every failure becomes a `HeadOfficeError` with a code and a bilingual message (Traditional
 * Chinese first) that names what to fix, never the password.
 */
export type TlsMode = 'off' | 'require' | 'verify';

export interface HeadOfficeConnection {
  url: string;
  password?: string | null;
  tls?: TlsMode | null;
  caCert?: string | null;
  connectTimeoutMs?: number;
  /** Per statement (a batch is one): a head office that stops answering is given up on. */
  queryTimeoutMs?: number;
}

export type HeadOfficeProblemCode =
  | 'bad-address'
  | 'unreachable'
  | 'auth'
  | 'no-database'
  | 'not-migrated'
  | 'schema-newer'
  | 'not-utf8'
  | 'other-company'
  | 'other-machine'
  | 'other-store'
  | 'chain-key'
  | 'permission'
  | 'tls'
  | 'timeout'
  | 'internal';

export class HeadOfficeError extends TillError {
  constructor(
    readonly problem: HeadOfficeProblemCode,
    bilingual: Bilingual,
  ) {
    super(`head-office-${problem}`, bilingual);
    this.name = 'HeadOfficeError';
  }
}

export const headOfficeError = (problem: HeadOfficeProblemCode, zh: string, en: string) =>
  new HeadOfficeError(problem, { zh, en });

export interface ParsedAddress {
  host: string;
  port: number;
  user: string;
  password: string | null;
  database: string;
  /** From `?sslmode=` when given. */
  tls: TlsMode | null;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
const SSL_MODES: Readonly<Record<string, TlsMode>> = Object.assign(
  Object.create(null) as Record<string, TlsMode>,
  {
    disable: 'off',
    require: 'require',
    'verify-ca': 'verify',
    'verify-full': 'verify',
  },
);

/** Reads a head-office address; anything else than a plain PostgreSQL URL is refused. */
export function parseAddress(url: string): ParsedAddress {
  const bad = (zh: string, en: string) =>
    headOfficeError(
      'bad-address',
      `總部資料庫位址不正確：${zh}`,
      `The head-office address is not valid: ${en}`,
    );
  if (typeof url !== 'string' || url.length === 0 || url.length > 500 || findHiddenCharacter(url)) {
    throw bad('須為 1 到 500 個可見字元', 'it must be 1 to 500 visible characters');
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw bad('格式應為 postgres://帳號@主機:埠/資料庫', 'expected postgres://user@host:port/database');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw bad('須以 postgres:// 開頭', 'it must start with postgres://');
  }
  const host = parsed.hostname;
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  const user = decodeURIComponent(parsed.username);
  if (!host) throw bad('缺少主機', 'the host is missing');
  if (!database || database.includes('/')) throw bad('缺少資料庫名稱', 'the database name is missing');
  if (!user) throw bad('缺少帳號', 'the user name is missing');
  const port = parsed.port ? Number(parsed.port) : 5432;
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw bad('埠號不正確', 'the port is not valid');
  let tls: TlsMode | null = null;
  for (const [name, value] of parsed.searchParams) {
    if (name !== 'sslmode' || !Object.hasOwn(SSL_MODES, value)) {
      throw bad(
        `不支援的參數 ${name}`,
        `unsupported parameter ${name} (only sslmode=disable|require|verify-full)`,
      );
    }
    tls = SSL_MODES[value]!;
  }
  return {
    host,
    port,
    user,
    password: parsed.password ? decodeURIComponent(parsed.password) : null,
    database,
    tls,
  };
}

/** The address as the log and the screens may show it: never the password. */
export function describeAddress(url: string): string {
  try {
    const a = parseAddress(url);
    return `postgres://${a.user}@${a.host}:${a.port}/${a.database}`;
  } catch {
    return '(invalid address)';
  }
}

export function clientConfig(connection: HeadOfficeConnection): pg.ClientConfig {
  const address = parseAddress(connection.url);
  const tls: TlsMode = connection.tls ?? address.tls ?? (LOCAL_HOSTS.has(address.host) ? 'off' : 'verify');
  return {
    host: address.host,
    port: address.port,
    user: address.user,
    database: address.database,
    // The settings' secret wins; an address with a password is the command line's convenience;
    // with neither, node-postgres looks at PGPASSWORD and ~/.pgpass as psql does.
    password: connection.password ?? address.password ?? undefined,
    ssl:
      tls === 'off'
        ? false
        : tls === 'require'
          ? { rejectUnauthorized: false }
          : { rejectUnauthorized: true, ...(connection.caCert ? { ca: connection.caCert } : {}) },
    connectionTimeoutMillis: connection.connectTimeoutMs ?? 5_000,
    query_timeout: connection.queryTimeoutMs ?? 60_000,
    application_name: 'till',
  };
}

/**
 * A connected client. An error the server sends while nobody is asking (head office restarted
 * under an idle connection) is caught here and ends the client, instead of crashing the process.
 */
export async function connectHeadOffice(connection: HeadOfficeConnection): Promise<pg.Client> {
  const client = new pg.Client(clientConfig(connection));
  client.on('error', () => {
    void client.end().catch(() => {});
  });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw classifyError(error);
  }
  return client;
}

/** Ends a client without waiting on a server that may be gone. */
export async function closeQuietly(client: pg.Client | null): Promise<void> {
  if (!client) return;
  await Promise.race([
    client.end().catch(() => {}),
    new Promise((resolve) => setTimeout(resolve, 2_000).unref()),
  ]);
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'ECONNABORTED',
]);

/** Any error of a head-office call, as what to tell the person (see HeadOfficeProblemCode). */
export function classifyError(error: unknown): HeadOfficeError {
  if (error instanceof HeadOfficeError) return error;
  // A refusal of the till's own code (the restore's chain check, say) keeps its words.
  if (error instanceof TillError) return new HeadOfficeError('internal', error.bilingual);
  const code =
    typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : '';
  const message = error instanceof Error ? error.message : String(error);
  if (code === '28P01' || code === '28000') {
    return headOfficeError(
      'auth',
      '總部資料庫拒絕登入：帳號或密碼錯誤。未變更任何資料。',
      'Head office refused the login: wrong user name or password. Nothing was changed.',
    );
  }
  // node-postgres's own words when the server asks for a password and none was given (the
  // till's password cleared in Settings): a login problem, not an internal one.
  if (/client password must be a string|password must be set/i.test(message)) {
    return headOfficeError(
      'auth',
      '總部資料庫要求密碼，但尚未設定（設定 › 總部）。未變更任何資料。',
      'Head office asks for a password and none is set (Settings › Head office). Nothing was changed.',
    );
  }
  if (code === '3D000') {
    return headOfficeError(
      'no-database',
      '總部資料庫不存在：請確認位址中的資料庫名稱。未變更任何資料。',
      'The head-office database does not exist: check the database name in the address. Nothing was changed.',
    );
  }
  if (code === '3F000' || code === '42P01' || code === '42883') {
    return headOfficeError(
      'not-migrated',
      '總部資料庫尚未建立（請先執行 npm run hq -- migrate）。未變更任何資料。',
      'The head-office database is not set up yet (run npm run hq -- migrate first). Nothing was changed.',
    );
  }
  if (code === '42501') {
    return headOfficeError(
      'permission',
      '此帳號沒有總部資料庫的權限（收銀機帳號請以 hq.grant_till_role 授權）。未變更任何資料。',
      'This account has no rights on the head-office database (grant a till account with hq.grant_till_role). Nothing was changed.',
    );
  }
  if (
    code === '57P01' ||
    code === '57P02' ||
    code === '57P03' ||
    code.startsWith('08') ||
    NETWORK_CODES.has(code)
  ) {
    return unreachable();
  }
  if (/self[- ]signed|certificate|SSL|TLS|does not support SSL/i.test(message)) {
    return headOfficeError(
      'tls',
      '無法與總部資料庫建立安全連線（TLS 憑證或設定不符）。未變更任何資料。',
      'No secure connection to head office (the TLS certificate or setting does not match). Nothing was changed.',
    );
  }
  if (/timeout|timed out/i.test(message)) {
    return headOfficeError(
      'timeout',
      '總部資料庫沒有回應（逾時）。稍後會再試。',
      'Head office did not answer in time. It will be tried again.',
    );
  }
  if (/Connection terminated|connection ended|Client was closed|not queryable|ECONNREFUSED/i.test(message)) {
    return unreachable();
  }
  // A server's error has a five-character SQLSTATE; anything else happened on this side.
  return /^[0-9A-Z]{5}$/.test(code)
    ? headOfficeError(
        'internal',
        `總部資料庫回報錯誤：${plain(message)}`,
        `Head office reported an error: ${plain(message)}`,
      )
    : headOfficeError(
        'internal',
        `傳送到總部時發生錯誤：${plain(message)}`,
        `Feeding head office failed: ${plain(message)}`,
      );
}

function unreachable(): HeadOfficeError {
  return headOfficeError(
    'unreachable',
    '無法連線到總部資料庫（位址錯誤、網路中斷或總部關機）。收銀機照常營業，連上後會補傳。',
    'Head office cannot be reached (wrong address, network down or head office off). The till sells on and catches up once connected.',
  );
}

/** A text from outside (a server's message) as a screen may show it: visible characters only. */
export function plain(text: string, max = 300): string {
  let out = '';
  for (const ch of text.slice(0, max)) out += findHiddenCharacter(ch) ? ' ' : ch;
  return out;
}
