import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * This PC's install id: a random UUID made the first time the till feeds head office and kept in
 * the data folder beside the journal (`head-office.json`). Head office binds a till id to the
 * install id that first fed it, so a second PC configured as the same till is refused instead of
 * merged into its chain. It is not a secret (anyone who copies the data folder copies the journal
 * too, and that copy's chain is checked anyway); `hq restore` writes a new one for the new PC and
 * moves the claim to it.
 */
export const INSTALL_FILE = 'head-office.json';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function installFileFor(journalPath: string): string {
  return join(dirname(journalPath), INSTALL_FILE);
}

export function readInstallId(file: string): string | null {
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { installId?: unknown };
    return typeof parsed.installId === 'string' && UUID.test(parsed.installId) ? parsed.installId : null;
  } catch {
    return null;
  }
}

/** Writes the id durably (temp file, fsync, rename): a half-written claim would lock the till out. */
export function writeInstallId(file: string, installId: string, at: Date = new Date()): void {
  if (!UUID.test(installId)) throw new Error('an install id is a lower-case UUID');
  const partial = `${file}.partial`;
  const fd = openSync(partial, 'w', 0o644);
  try {
    writeSync(fd, JSON.stringify({ installId, createdAt: at.toISOString() }, null, 2) + '\n');
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
}

/** The id kept in `file`, made and kept now if there is none (or it is unreadable). */
export function loadOrCreateInstallId(file: string): string {
  const existing = readInstallId(file);
  if (existing) return existing;
  const made = randomUUID();
  writeInstallId(file, made);
  return made;
}

export const isInstallId = (value: string) => UUID.test(value);
