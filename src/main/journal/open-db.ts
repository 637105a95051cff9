import Database from 'better-sqlite3';
import { migrate } from './schema/migrations';

/**
 * WAL for concurrent readers (exports run on their own read connection), synchronous=FULL so a
 * committed sale survives a power cut, and a busy timeout so two tills on one file wait for each
 * other instead of failing.
 */
export function openJournalDatabase(path: string): Database.Database {
  const db = new Database(path);
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** A read-only connection for long reads (exports, CLI reports) that must not block the till. */
export function openJournalReader(path: string): Database.Database {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * `read` on a read-only connection inside one read transaction, so everything it reads (rows,
 * entries, the summary, a file's name) is one snapshot while the till keeps writing; the
 * connection is closed after, whatever happened.
 */
export async function readSnapshot<T>(
  path: string,
  read: (reader: Database.Database) => Promise<T>,
): Promise<T> {
  const reader = openJournalReader(path);
  try {
    reader.exec('BEGIN');
    return await read(reader);
  } finally {
    if (reader.inTransaction) reader.exec('COMMIT');
    reader.close();
  }
}
