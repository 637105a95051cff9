// What one durable commit costs on the disk a journal is on, with no journal code at all: a
// one-row insert in a SQLite file beside it, WAL and synchronous=FULL as the journal opens its file
// (journal/open-db.ts). The checkout bench subtracts it per commit, so that the code's part of the
// overhead is seen apart from the disk's fsync (which differs from machine to machine).
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

/** The median milliseconds of `runs` one-row commits (after `warmup`) in a scratch file in `dir`. */
export function bareDurableCommitMs(dir: string, runs = 200, warmup = 20): number {
  const file = join(dir, 'bare-commit.sqlite');
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, value TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO rows (value) VALUES (?)');
    const times: number[] = [];
    for (let i = 0; i < warmup + runs; i++) {
      const t0 = performance.now();
      insert.run(`row ${i}`);
      if (i >= warmup) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)]!;
  } finally {
    db.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
}
