import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll } from 'vitest';
import { assembleCheckout, type CheckoutAssembly } from '../../../src/main/checkout/assemble';
import { connectHeadOffice, type HeadOfficeConnection } from '../../../src/main/head-office/connection';
import type { TillIdentity } from '../../../src/main/head-office/feed';
import { migrateHeadOffice } from '../../../src/main/head-office/migrate';
import { syncOnce, type SyncResult } from '../../../src/main/head-office/replicator';
import { Journal } from '../../../src/main/journal/journal';
import { assembleReturns } from '../../../src/main/returns/assemble';
import type { ReturnsEngine } from '../../../src/main/returns/engine';
import type { CheckoutOrder } from '../../../src/shared/ipc/contract/checkout';
import type { TrainingService } from '../../../src/training-service';
import { startPostgres, type TestPostgres } from '../../support/postgres';
import { makeTempDir } from '../../support/temp-dir';
import { memoryLogger, type MemoryLogger } from '../checkout/harness';
import { standardConfig } from '../returns/harness';

/**
 * Real parts for the head-office tests: a PostgreSQL server the test starts (test/support/
 * postgres.ts), migrated for one company, with a till login that may only call the till's
 * functions (write-only, as in a shop), and helpers that compare what head office holds with a
 * journal file, entry by entry.
 */
export const COMPANY = '12345678';
export const TILL_ROLE = 'till_feed';
export const TILL_PASSWORD = 'feed-only-password';

export interface HeadOfficeRig {
  dir: string;
  pg: TestPostgres;
  /** The owner's address (reports, restore). */
  ownerUrl: string;
  /** The till login's connection (write-only). */
  till: HeadOfficeConnection;
}

export async function startHeadOffice(
  companyId = COMPANY,
): Promise<{ pg: TestPostgres; ownerUrl: string; till: HeadOfficeConnection }> {
  const pg = await startPostgres();
  const ownerUrl = pg.url();
  const client = await connectHeadOffice({ url: ownerUrl });
  try {
    await migrateHeadOffice(client, { companyId });
    await client.query(`CREATE ROLE ${TILL_ROLE} LOGIN PASSWORD '${TILL_PASSWORD}'`);
    await client.query('SELECT hq.grant_till_role($1)', [TILL_ROLE]);
  } finally {
    await client.end();
  }
  return {
    pg,
    ownerUrl,
    till: { url: pg.url({ user: TILL_ROLE, password: TILL_PASSWORD }), queryTimeoutMs: 30_000 },
  };
}

/** A head office for the calling describe block: started before its tests, removed after. */
/**
 * The Settings change that connects a till to this head office as store S1 (what a manager types
 * on the head-office card), for `settings.update` with the supervisor's PIN. The web host's key
 * store is a key file, so the password needs the insecure-storage choice.
 */
export function headOfficeSettingsUpdate(pg: TestPostgres, pin: string) {
  return {
    patch: {
      headOfficeUrl: `postgres://${TILL_ROLE}@127.0.0.1:${pg.port}/${pg.database}`,
      headOfficeStoreId: 'S1',
      headOfficeTls: 'off' as const,
      acceptInsecureSecretStorage: true,
    },
    secrets: { headOfficePassword: TILL_PASSWORD },
    pin,
  };
}

export function useHeadOffice(name: string): HeadOfficeRig {
  const temp = makeTempDir(name);
  const rig = { dir: temp.dir } as HeadOfficeRig;
  beforeAll(async () => {
    Object.assign(rig, await startHeadOffice());
  });
  afterAll(async () => {
    await rig.pg?.close();
    temp.remove();
  });
  return rig;
}

export function identityFor(tillId: string, storeId = 'S1', installId: string = randomUUID()): TillIdentity {
  return { companyId: COMPANY, storeId, tillId, installId };
}

export interface EntryRowText {
  id: number;
  at: string;
  kind: string;
  order_no: string | null;
  payload: string;
  prev_hash: string;
  hash: string;
}

export function journalEntries(path: string): EntryRowText[] {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('SELECT id, at, kind, order_no, payload, prev_hash, hash FROM entries ORDER BY id')
      .all() as EntryRowText[];
  } finally {
    db.close();
  }
}

export async function headOfficeEntries(pg: TestPostgres, tillId: string): Promise<EntryRowText[]> {
  const result = await pg.query<{
    id: string;
    at: string;
    kind: string;
    order_no: string | null;
    payload_text: string;
    prev_hash: string;
    hash: string;
  }>(
    `SELECT id, at, kind, order_no, payload_text, prev_hash, hash FROM hq.entries WHERE till_id = $1 ORDER BY id`,
    [tillId],
  );
  return result.rows.map((row) => ({
    id: Number(row.id),
    at: row.at,
    kind: row.kind,
    order_no: row.order_no,
    payload: row.payload_text,
    prev_hash: row.prev_hash,
    hash: row.hash,
  }));
}

/** Syncs until head office holds the whole journal (or the run ends otherwise). */
export async function syncAll(options: {
  path: string;
  identity: TillIdentity;
  key: Buffer | null;
  connection: HeadOfficeConnection;
  batchSize?: number;
}): Promise<SyncResult> {
  return syncOnce({
    journalPath: options.path,
    identity: options.identity,
    chainKey: options.key,
    connection: options.connection,
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
  });
}

export const newKey = () => randomBytes(32);

/**
 * A till that sells for real: a keyed journal, the checkout engine against the training service
 * and the returns engine over its standard API, as the till assembles them.
 */
export interface SellingTill extends CheckoutAssembly {
  tillId: string;
  path: string;
  key: Buffer;
  journal: Journal;
  returns: ReturnsEngine;
  logger: MemoryLogger;
  close(): void;
}

export function openSellingTill(options: {
  dir: string;
  tillId: string;
  service: TrainingService;
  key?: Buffer;
  path?: string;
  windowSeconds?: number;
}): SellingTill {
  const key = options.key ?? newKey();
  const path = options.path ?? join(options.dir, `${options.tillId}.sqlite`);
  const journal = Journal.open(path, { chainKey: key });
  journal.recoverInFlight();
  const logger = memoryLogger();
  const windowSeconds = options.windowSeconds ?? 3600;
  const checkout = assembleCheckout({
    journal,
    service: {
      serviceUrl: options.service.url,
      companyId: options.service.config.companyId,
      apiKey: options.service.config.apiKey,
      signingSecret: options.service.config.signingSecret,
      timeoutMs: 5000,
      timestampWindowSeconds: windowSeconds,
    },
    tillId: options.tillId,
    trainingMode: true,
    training: { url: options.service.url, adminToken: options.service.config.adminToken },
    logger,
  });
  const returns = assembleReturns({
    journal,
    service: {
      ...standardConfig(options.service, options.service.url, 5000),
      timestampWindowSeconds: windowSeconds,
    },
    tillId: options.tillId,
    trainingMode: true,
    logger,
    reissue: (order, reissueOf) => checkout.engine.submit(order, { reissueOf }),
  });
  return {
    ...checkout,
    tillId: options.tillId,
    path,
    key,
    journal,
    returns,
    logger,
    close: () => journal.close(),
  };
}

/** A varied sale: the n-th of a till (amounts, methods, lines differ from sale to sale). */
export function saleOrder(n: number): CheckoutOrder {
  const price = 40 + ((n * 37) % 300);
  const qty = 1 + (n % 3);
  const total = price * qty + 25;
  const payments =
    n % 4 === 0
      ? [{ method: 'card' as const, amount: total }]
      : n % 4 === 1
        ? [
            { method: 'cash' as const, amount: total - 25 },
            { method: 'card' as const, amount: 25 },
          ]
        : [{ method: 'cash' as const, amount: total }];
  return {
    lines: [
      { name: '便當', quantity: qty, unitPrice: price, taxType: 'taxable' },
      { name: '紅茶', quantity: 1, unitPrice: 25, taxType: 'taxable' },
    ],
    payments,
    invoice: n % 5 === 0 ? { kind: 'phone' } : { kind: 'paper' },
    cashier: n % 2 === 0 ? '小明' : '小華',
  } as CheckoutOrder;
}
