import type pg from 'pg';
import { findHiddenCharacter } from '../../shared/domain/plain-text';
import { headOfficeError } from './connection';
import { BOOTSTRAP_SQL, HEAD_OFFICE_MIGRATIONS, HEAD_OFFICE_SCHEMA_VERSION } from './schema';

/**
 * Brings a head-office database to the newest schema (schema.ts) in ONE transaction: either every
 * missing step is applied and recorded in `hq.schema_migrations`, or nothing is. An advisory lock
 * keeps two `migrate` runs from interleaving. The first run records the company (its seller tax
 * ID) the database belongs to; a later run naming another company is refused before anything is
 * written, as is a database whose schema is newer than this program.
 */
export interface MigrateOptions {
  /** The seller's tax ID: required the first time, checked every time it is given. */
  companyId?: string;
  companyName?: string;
}

export interface MigrateResult {
  from: number;
  to: number;
  companyId: string;
  applied: number[];
}

/** Any number, as long as every migrate uses the same one. */
const MIGRATE_LOCK = 8_172_017;

export async function migrateHeadOffice(
  client: pg.ClientBase,
  options: MigrateOptions = {},
): Promise<MigrateResult> {
  if (options.companyId !== undefined && !/^\d{8}$/.test(options.companyId)) {
    throw headOfficeError('bad-address', '公司統一編號須為 8 位數字', 'The company id must be 8 digits');
  }
  if (
    options.companyName !== undefined &&
    (options.companyName.length === 0 ||
      options.companyName.length > 100 ||
      findHiddenCharacter(options.companyName))
  ) {
    throw headOfficeError(
      'bad-address',
      '公司名稱須為 1 到 100 個可見字元',
      'The company name must be 1 to 100 visible characters',
    );
  }
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATE_LOCK]);
    const encoding = await client.query<{ encoding: string }>(
      `SELECT pg_encoding_to_char(encoding) AS encoding FROM pg_database WHERE datname = current_database()`,
    );
    // The chain check hashes UTF-8 text (convert_to): another encoding could not hold every entry.
    if (encoding.rows[0]?.encoding !== 'UTF8') {
      throw headOfficeError(
        'not-utf8',
        `總部資料庫的編碼須為 UTF8（目前為 ${encoding.rows[0]?.encoding ?? '?'}）。未變更任何資料。`,
        `The head-office database must be UTF8 (it is ${encoding.rows[0]?.encoding ?? '?'}). Nothing was changed.`,
      );
    }
    await client.query(BOOTSTRAP_SQL);
    const applied = await client.query<{ version: number }>(
      'SELECT version FROM hq.schema_migrations ORDER BY version',
    );
    const versions = new Set(applied.rows.map((row) => row.version));
    const from = Math.max(0, ...versions);
    if (from > HEAD_OFFICE_SCHEMA_VERSION) {
      throw headOfficeError(
        'schema-newer',
        `總部資料庫的版本 (${from}) 比本程式新 (${HEAD_OFFICE_SCHEMA_VERSION})，請更新收銀程式。未變更任何資料。`,
        `The head-office database is schema version ${from}, newer than this program knows (${HEAD_OFFICE_SCHEMA_VERSION}): update it. Nothing was changed.`,
      );
    }
    const existing = versions.has(1)
      ? ((await client.query<{ company_id: string }>('SELECT company_id FROM hq.meta WHERE id = 1')).rows[0]
          ?.company_id ?? null)
      : null;
    if (existing !== null && options.companyId !== undefined && existing !== options.companyId) {
      throw otherCompany(existing, options.companyId);
    }
    const companyId = existing ?? options.companyId;
    if (companyId === undefined) {
      throw headOfficeError(
        'bad-address',
        '第一次建立總部資料庫須指定公司統一編號（--company）。未變更任何資料。',
        'The first migrate of a head-office database needs the company id (--company). Nothing was changed.',
      );
    }
    const done: number[] = [];
    for (const step of HEAD_OFFICE_MIGRATIONS) {
      if (versions.has(step.version)) continue;
      await client.query(step.up);
      await client.query('INSERT INTO hq.schema_migrations (version, description) VALUES ($1, $2)', [
        step.version,
        step.description,
      ]);
      done.push(step.version);
    }
    if (existing === null) {
      await client.query('INSERT INTO hq.companies (company_id, name) VALUES ($1, $2)', [
        companyId,
        options.companyName ?? null,
      ]);
      await client.query('INSERT INTO hq.meta (id, company_id) VALUES (1, $1)', [companyId]);
    } else if (options.companyName !== undefined) {
      await client.query('UPDATE hq.companies SET name = $2 WHERE company_id = $1', [
        companyId,
        options.companyName,
      ]);
    }
    await client.query('COMMIT');
    return { from, to: HEAD_OFFICE_SCHEMA_VERSION, companyId, applied: done };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

export function otherCompany(headOffice: string, ours: string) {
  return headOfficeError(
    'other-company',
    `此總部資料庫屬於另一家公司（統一編號 ${headOffice}），不是 ${ours}。未變更任何資料。`,
    `This head-office database belongs to another company (tax ID ${headOffice}), not ${ours}. Nothing was changed.`,
  );
}

/** The schema version and company of a head-office database (null: not set up). */
export async function headOfficeVersion(
  client: pg.ClientBase,
): Promise<{ version: number; companyId: string | null } | null> {
  const found = await client.query<{ present: boolean }>(
    `SELECT to_regclass('hq.schema_migrations') IS NOT NULL AS present`,
  );
  if (!found.rows[0]?.present) return null;
  const version = await client.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM hq.schema_migrations',
  );
  const meta = await client
    .query<{ company_id: string }>(`SELECT company_id FROM hq.meta WHERE id = 1`)
    .catch(() => ({ rows: [] as { company_id: string }[] }));
  return { version: version.rows[0]?.version ?? 0, companyId: meta.rows[0]?.company_id ?? null };
}
