import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll } from 'vitest';
import { createTillCore, type TillCore } from '../../../src/main/app/create-core';
import { VirtualPrinter } from '../../../src/main/printing/virtual-printer';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { createJsonFileSettingsStore } from '../../../src/main/settings/json-file-settings-store';
import { defaultSettings } from '../../../src/main/settings/settings-schema';
import type { AppStatus } from '../../../src/shared/ipc/contract/app';
import type { IpcError } from '../../../src/shared/ipc/result';
import { decodeEscPos, type DecodedPrint } from '../../support/escpos-decoder';
import { makeTempDir } from '../../support/temp-dir';
import { memoryLogger, type MemoryLogger } from '../checkout/harness';

/**
 * A till as the hosts run it, for the shift tests: the core in training mode (the embedded
 * training service over real HTTP, the journal in real SQLite), the receipt printer a virtual
 * one on real TCP whose bytes are read back, and the idle lock's clock in the test's hand.
 */
export const PIN = '2468';
export const ctx = { host: 'web' as const };

export interface ShiftRig {
  dir: string;
  core: TillCore;
  printer: VirtualPrinter;
  logger: MemoryLogger;
  /** The idle lock's clock (ms): move it with `advance`. */
  advance(ms: number): void;
  statuses: AppStatus[];
  call<T = unknown>(method: string, payload?: unknown): Promise<T>;
  /** The refusal of a call that must fail (the test fails if it succeeds). */
  refusal(method: string, payload?: unknown): Promise<IpcError>;
  /** What the printer was sent since `from` (a `printedJobs().length`), decoded. */
  printedSince(from: number): DecodedPrint[];
  printedCount(): number;
  /** The journal's head entry id, to see that nothing was written. */
  head(): Promise<number>;
}

export function useShiftRig(name: string, options: { setPin?: boolean } = {}): ShiftRig {
  const temp = makeTempDir(name);
  let now = 1_000_000_000;
  const rig = {
    dir: temp.dir,
    statuses: [] as AppStatus[],
    advance: (ms: number) => {
      now += ms;
    },
  } as ShiftRig;
  rig.call = async <T>(method: string, payload: unknown = {}): Promise<T> => {
    const result = await rig.core.dispatch(method, payload, ctx);
    if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message.en}`);
    return result.value as T;
  };
  rig.refusal = async (method: string, payload: unknown = {}) => {
    const result = await rig.core.dispatch(method, payload, ctx);
    if (result.ok) throw new Error(`${method} succeeded: ${JSON.stringify(result.value).slice(0, 300)}`);
    return result.error;
  };
  rig.printedCount = () => rig.printer.printedJobs().length;
  rig.printedSince = (from) =>
    rig.printer
      .printedJobs()
      .slice(from)
      .map((bytes) => decodeEscPos(bytes, 'epson'));
  // Read from the file as anyone would: a locked till answers no journal read.
  rig.head = async () => {
    const db = new Database(join(temp.dir, 'journal.sqlite'), { readonly: true });
    try {
      return (db.prepare('SELECT MAX(id) AS id FROM entries').get() as { id: number }).id;
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    rig.printer = await VirtualPrinter.start();
    rig.logger = memoryLogger();
    const settings = createJsonFileSettingsStore(join(temp.dir, 'settings.json'));
    settings.update({ printer: { ...defaultSettings().printer, uri: rig.printer.uri } });
    rig.core = await createTillCore({
      host: 'web',
      appName: 'Till',
      version: 'test',
      dataDir: temp.dir,
      settings,
      secrets: createFileKeySecretStore(temp.dir),
      logger: rig.logger,
      sessionClock: () => now,
    });
    rig.core.events.subscribe((event, payload) => {
      if (event === 'app.status-changed') rig.statuses.push(payload as AppStatus);
    });
    if (options.setPin !== false) await rig.call('settings.setPin', { newPin: PIN });
  });
  afterAll(async () => {
    await rig.core?.close();
    await rig.printer?.close();
    temp.remove();
  });
  return rig;
}

/** A sale of these lines paid by these methods (paper proof unless `invoice` says otherwise). */
export const order = (
  lines: Array<[name: string, quantity: number, unitPrice: number]>,
  payments: Array<[method: 'cash' | 'card' | 'other', amount: number]>,
  invoice: Record<string, unknown> = { kind: 'paper' },
) => ({
  lines: lines.map(([name, quantity, unitPrice]) => ({ name, quantity, unitPrice, taxType: 'taxable' })),
  payments: payments.map(([method, amount]) => ({ method, amount })),
  invoice,
});

export const kicks = (jobs: DecodedPrint[]) => jobs.reduce((sum, job) => sum + job.drawerKicks, 0);
export const textOf = (jobs: DecodedPrint[]) => jobs.flatMap((job) => job.lines).join('\n');
