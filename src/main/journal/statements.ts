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
 * Writes a derived row (derive.ts). New (`before` null): inserted, or every column replaced when
 * its `key` exists. Moved on from `before`, the row as read in this same write transaction: only
 * the columns that changed are updated, so a move that touches two columns (an exchange: the
 * count and the last message) neither rewrites the body nor touches the indexes of columns it
 * left alone. One statement per table and column set, whatever the move.
 */
export function saveRow<Row extends object>(
  db: Database.Database,
  table: 'transactions' | 'print_jobs' | 'returns',
  key: keyof Row & string,
  row: Row,
  before: Row | null = null,
): void {
  const values = row as Record<string, unknown>;
  if (before !== null && (before as Record<string, unknown>)[key] === values[key]) {
    const old = before as Record<string, unknown>;
    const changed = Object.keys(values).filter((name) => name !== key && values[name] !== old[name]);
    if (changed.length === 0) return;
    cachedShape(db, `${table} ${key} = ${changed.join(' ')}`, () => {
      const sets = changed.map((name) => `${name} = @${name}`);
      return `UPDATE ${table} SET ${sets.join(', ')} WHERE ${key} = @${key}`;
    }).run(pick(values, [key, ...changed]));
    return;
  }
  const names = Object.keys(values);
  cachedShape(db, `${table} ${names.join(' ')}`, () => {
    const updates = names.filter((name) => name !== key).map((name) => `${name} = excluded.${name}`);
    return `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((name) => `@${name}`).join(', ')})
       ON CONFLICT (${key}) DO UPDATE SET ${updates.join(', ')}`;
  }).run(values);
}

/** The statement of one shape (a table and its column names: a few short words, not the SQL's long text). */
function cachedShape(db: Database.Database, shape: string, sql: () => string): Database.Statement {
  let statements = upserts.get(db);
  if (!statements) upserts.set(db, (statements = new Map()));
  let prepared = statements.get(shape);
  if (!prepared) statements.set(shape, (prepared = statement(db, sql())));
  return prepared;
}

function pick(values: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) out[name] = values[name];
  return out;
}

const upserts = new WeakMap<Database.Database, Map<string, Database.Statement>>();
