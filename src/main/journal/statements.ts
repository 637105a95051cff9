import type Database from 'better-sqlite3';

/**
 * better-sqlite3 compiles SQL on every `prepare`, and the journal's appends and look-ups run
 * several times per sale, so each connection keeps its statements by SQL text (as the library
 * itself does for BEGIN/COMMIT). For statements run to completion (`run`, `get`, `all`): a
 * statement being iterated cannot run again until its iteration ends, so iterations `prepare`.
 */
const cache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

export function statement(db: Database.Database, sql: string): Database.Statement {
  let statements = cache.get(db);
  if (!statements) cache.set(db, (statements = new Map()));
  let prepared = statements.get(sql);
  if (!prepared) statements.set(sql, (prepared = db.prepare(sql)));
  return prepared;
}

/**
 * Writes a derived row whole (derive.ts): inserted, or every column replaced when its `key`
 * exists. One statement per table and column order, whatever the move.
 */
export function saveRow(
  db: Database.Database,
  table: 'transactions' | 'print_jobs' | 'returns',
  key: string,
  row: object,
): void {
  const names = Object.keys(row);
  // By table and column order (a few short words), not by the statement's long text.
  const shape = `${table} ${names.join(' ')}`;
  let statements = upserts.get(db);
  if (!statements) upserts.set(db, (statements = new Map()));
  let upsert = statements.get(shape);
  if (!upsert) {
    const updates = names.filter((name) => name !== key).map((name) => `${name} = excluded.${name}`);
    upsert = statement(
      db,
      `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((name) => `@${name}`).join(', ')})
       ON CONFLICT (${key}) DO UPDATE SET ${updates.join(', ')}`,
    );
    statements.set(shape, upsert);
  }
  upsert.run(row);
}

const upserts = new WeakMap<Database.Database, Map<string, Database.Statement>>();
