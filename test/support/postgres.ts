import { spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A throwaway PostgreSQL server for the head-office tests and benchmark: `initdb` into a fresh
 * temporary folder, the server on 127.0.0.1 and a free port (its unix socket in the same folder,
 * fsync off: nothing here must survive a power cut), one database, password authentication over
 * TCP (scram-sha-256) so a wrong password is refused as in a real head office. `close` stops the
 * server and removes the folder.
 *
 * The binaries: `initdb`/`pg_ctl` on PATH, else the newest /usr/lib/postgresql/<n>/bin (Debian's
 * `postgresql` package, installed by scripts/install-system-deps.sh, puts them only there).
 *
 * Root: PostgreSQL refuses to run as root. When the tests run as root (this machine's CI does),
 * initdb, pg_ctl and the server run as the `postgres` OS user the Debian package creates, through
 * spawn's own uid/gid options (no su/runuser, no shell, no password); the folder is handed to that
 * user first. As any other user they run as that user, as they are.
 */
export interface TestPostgres {
  host: '127.0.0.1';
  port: number;
  /** The superuser made by initdb and its password. */
  user: string;
  password: string;
  /** The database made at start. */
  database: string;
  /** `postgres://user:password@127.0.0.1:port/database` (or another database / user). */
  url(options?: { database?: string; user?: string; password?: string }): string;
  /** A new empty database (UTF-8); its name back. */
  createDatabase(name: string): Promise<string>;
  /** Runs SQL as the superuser in `database` (default: the one made at start). */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params?: unknown[],
    database?: string,
  ): Promise<pg.QueryResult<R>>;
  /** Stops the server (head office "goes down"); `immediate` is a crash (no checkpoint). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and folder. */
  start(): Promise<void>;
  running(): boolean;
  /** Stops the server (if running) and removes its folder. */
  close(): Promise<void>;
}

const SUPERUSER = 'hq_admin';

function findBinDir(): string {
  const which = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' });
  const onPath = which.status === 0 ? which.stdout.trim() : '';
  if (onPath && existsSync(onPath.replace(/pg_ctl$/, 'initdb'))) return onPath.replace(/\/pg_ctl$/, '');
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((name) => /^\d+$/.test(name) && existsSync(join(base, name, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(
      'PostgreSQL is not installed (no pg_ctl on PATH nor in /usr/lib/postgresql/*/bin): run scripts/install-system-deps.sh',
    );
  }
  return join(base, versions[0]!, 'bin');
}

/** Who runs the server: root cannot; the Debian package's `postgres` user then. */
function serverIdentity(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error('The tests run as root and there is no `postgres` OS user to run PostgreSQL as');
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function run(file: string, args: string[], options: SpawnOptions): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

export async function startPostgres(options: { database?: string } = {}): Promise<TestPostgres> {
  const bin = findBinDir();
  const identity = serverIdentity();
  const root = mkdtempSync(join(tmpdir(), 'till-pg-'));
  const data = join(root, 'data');
  const socket = join(root, 'socket');
  const log = join(root, 'server.log');
  mkdirSync(socket);
  const password = randomBytes(12).toString('hex');
  const pwfile = join(root, 'pwfile');
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  writeFileSync(log, '');
  if (identity) {
    for (const path of [root, socket, pwfile, log]) chownSync(path, identity.uid, identity.gid);
  }
  // The server's own environment: no PG* variables of the caller's leak into initdb or pg_ctl.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PG')));
  const spawnOptions: SpawnOptions = {
    env: { ...env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' },
    cwd: root,
    ...(identity ?? {}),
  };

  const init = await run(
    join(bin, 'initdb'),
    [
      '-D',
      data,
      '-U',
      SUPERUSER,
      `--pwfile=${pwfile}`,
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '--encoding=UTF8',
      '--no-locale',
      '--no-sync',
    ],
    spawnOptions,
  );
  if (init.code !== 0) {
    rmSync(root, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.output}`);
  }
  rmSync(pwfile);

  let port = 0;
  let up = false;
  const pgCtl = (args: string[]) => run(join(bin, 'pg_ctl'), ['-D', data, ...args], spawnOptions);
  const start = async () => {
    const result = await pgCtl(['-w', '-t', '60', '-l', log, 'start']);
    if (result.code !== 0) throw new Error(`pg_ctl start failed: ${result.output}`);
    up = true;
  };
  // A free port can be taken between the look and the start: try a few.
  for (let attempt = 0; ; attempt++) {
    port = await freePort();
    // Written into the cluster's own config, so a restart (pg_ctl start) keeps them.
    appendFileSync(
      join(data, 'postgresql.conf'),
      [
        '',
        `listen_addresses = '127.0.0.1'`,
        `port = ${port}`,
        `unix_socket_directories = '${socket}'`,
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        'max_connections = 200',
        `shared_buffers = '128MB'`,
        `log_min_messages = warning`,
        '',
      ].join('\n'),
    );
    try {
      await start();
      break;
    } catch (error) {
      if (attempt >= 3) {
        rmSync(root, { recursive: true, force: true });
        throw error;
      }
    }
  }

  const database = options.database ?? 'headoffice';
  const url: TestPostgres['url'] = (o = {}) =>
    `postgres://${encodeURIComponent(o.user ?? SUPERUSER)}:${encodeURIComponent(o.password ?? password)}@127.0.0.1:${port}/${encodeURIComponent(o.database ?? database)}`;
  const query: TestPostgres['query'] = async (sql, params, db) => {
    const client = new pg.Client({ connectionString: url(db ? { database: db } : {}) });
    await client.connect();
    try {
      return await client.query(sql, params);
    } finally {
      await client.end();
    }
  };
  const createDatabase = async (name: string) => {
    await query(
      `CREATE DATABASE ${pg.escapeIdentifier(name)} ENCODING 'UTF8' TEMPLATE template0`,
      [],
      'postgres',
    );
    return name;
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    if (!up) return;
    const result = await pgCtl(['-w', '-t', '60', '-m', mode, 'stop']);
    if (result.code !== 0) throw new Error(`pg_ctl stop failed: ${result.output}`);
    up = false;
  };
  try {
    await createDatabase(database);
  } catch (error) {
    await stop('immediate');
    rmSync(root, { recursive: true, force: true });
    throw error;
  }

  return {
    host: '127.0.0.1',
    port,
    user: SUPERUSER,
    password,
    database,
    url,
    createDatabase,
    query,
    stop,
    start,
    running: () => up,
    async close() {
      try {
        await stop('immediate');
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
