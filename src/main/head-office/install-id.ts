import { randomUUID } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
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
  writeDurably(file, { installId, createdAt: at.toISOString() });
}

function writeDurably(file: string, value: unknown): void {
  const partial = `${file}.partial`;
  const fd = openSync(partial, 'w', 0o644);
  try {
    writeSync(fd, JSON.stringify(value, null, 2) + '\n');
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

/**
 * Sales stopped under a till id because head office refused this PC's claim of it (issue 22): kept
 * beside the install id (`head-office-stop.json`), so a restart does not sell under that id
 * before head office answers again. Removed when a supervisor resolves it or head office takes
 * this PC as the till.
 */
export const STOP_FILE = 'head-office-stop.json';

export interface ClaimStop {
  tillId: string;
  since: string;
  reason: { zh: string; en: string };
}

export function stopFileFor(journalPath: string): string {
  return join(dirname(journalPath), STOP_FILE);
}

export function readClaimStop(file: string): ClaimStop | null {
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<ClaimStop>;
    if (
      typeof parsed.tillId === 'string' &&
      typeof parsed.since === 'string' &&
      typeof parsed.reason?.zh === 'string' &&
      typeof parsed.reason.en === 'string'
    ) {
      return {
        tillId: parsed.tillId,
        since: parsed.since,
        reason: { zh: parsed.reason.zh, en: parsed.reason.en },
      };
    }
  } catch {
    // Unreadable: the stop stands (a file half written or edited must not let sales through).
  }
  return { tillId: '*', since: new Date(0).toISOString(), reason: UNREADABLE_STOP };
}

const UNREADABLE_STOP = {
  zh: '總部拒絕本機使用此收銀機代號的紀錄無法讀取',
  en: "The record of head office refusing this PC's till id cannot be read",
};

/** Durably, as the install id (temp file, fsync, rename). */
export function writeClaimStop(file: string, stop: ClaimStop): void {
  writeDurably(file, stop);
}

export function clearClaimStop(file: string): void {
  rmSync(file, { force: true });
}

/**
 * Whether head office manages this store's catalog (issue 28), as its last pull said: kept beside
 * the install id (`head-office-catalog.json`) so that a till started without head office still
 * refuses local price edits.
 */
export const CATALOG_FILE = 'head-office-catalog.json';

export function catalogFileFor(journalPath: string): string {
  return join(dirname(journalPath), CATALOG_FILE);
}

export function readCatalogManaged(file: string): boolean {
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { managed?: unknown }).managed === true;
  } catch {
    // Unreadable: managed, the careful side (head office's next answer writes it again).
    return true;
  }
}

export function writeCatalogManaged(file: string, managed: boolean, at: Date = new Date()): void {
  writeDurably(file, { managed, since: at.toISOString() });
}
