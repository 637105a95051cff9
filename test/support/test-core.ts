import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTillCore, type TillCore } from '../../src/main/app/create-core';
import { createFileKeySecretStore } from '../../src/main/settings/file-key-secret-store';
import { createJsonFileSettingsStore } from '../../src/main/settings/json-file-settings-store';
import type { SecretStore } from '../../src/main/settings/secret-store';
import type { SettingsStore } from '../../src/main/settings/settings-store';
import type { IpcResult } from '../../src/shared/ipc/result';
import { memoryLogger, type MemoryLogger } from './memory-logger';
import { makeTempDir } from './temp-dir';

/**
 * The till's core as the hosts build it (`createTillCore`: training mode with the embedded
 * training service on real HTTP, the journal a real SQLite file) in a fresh data folder of its
 * own, the settings and secrets in files there as the web host keeps them, talked to through its
 * one entry, `dispatch`, as the web host does. A test file says only what is special about it
 * (`before`: what is in the folder before the start; `pin`: the supervisor PIN set after it).
 */
export interface TestCoreFolder {
  dir: string;
  settings: SettingsStore;
  secrets: SecretStore;
}

export interface TestCoreOptions {
  /** Before the core starts: settings, files or an older journal already in the folder. */
  before?(folder: TestCoreFolder): unknown;
  /** The supervisor PIN, set once the core is up (`settings.setPin`); left out: none is set. */
  pin?: string;
}

export interface TestCore extends TestCoreFolder {
  readonly core: TillCore;
  logger: MemoryLogger;
  /** Every event the core published since it started, oldest first (a test may empty it). */
  events: Array<{ event: string; payload: unknown }>;
  /** A call as the web host makes it. */
  dispatch(method: string, payload?: unknown): Promise<IpcResult<unknown>>;
  /** A call that must succeed: its value, else an Error naming the method, the code and the English message. */
  call<T = unknown>(method: string, payload?: unknown): Promise<T>;
}

const ctx = { host: 'web' as const };

function testCore(
  name: string,
): TestCore & { start(options: TestCoreOptions): Promise<void>; close(): Promise<void> } {
  const temp = makeTempDir(name);
  let core: TillCore | undefined;
  const till = {
    dir: temp.dir,
    settings: createJsonFileSettingsStore(join(temp.dir, 'settings.json')),
    secrets: createFileKeySecretStore(temp.dir),
    logger: memoryLogger(),
    events: [] as TestCore['events'],
    get core(): TillCore {
      if (!core) throw new Error(`test core ${name}: not started (read it inside a test)`);
      return core;
    },
    dispatch: (method: string, payload: unknown = {}) => till.core.dispatch(method, payload, ctx),
    async call<T>(method: string, payload: unknown = {}): Promise<T> {
      const result = await till.dispatch(method, payload);
      if (!result.ok)
        throw Object.assign(new Error(`${method}: ${result.error.code} ${result.error.message.en}`), {
          code: result.error.code,
        });
      return result.value as T;
    },
    async start(options: TestCoreOptions) {
      await options.before?.(till);
      core = await createTillCore({
        host: 'web',
        appName: 'Till',
        version: 'test',
        dataDir: temp.dir,
        settings: till.settings,
        secrets: till.secrets,
        logger: till.logger,
      });
      core.events.subscribe((event, payload) => till.events.push({ event, payload }));
      if (options.pin !== undefined) await till.call('settings.setPin', { newPin: options.pin });
    },
    async close() {
      await core?.close();
      temp.remove();
    },
  };
  return till;
}

/** A core for one test file: started before its tests, closed (and its folder removed) after them. */
export function openTestCore(name: string, options: TestCoreOptions = {}): TestCore {
  const till = testCore(name);
  beforeAll(() => till.start(options));
  afterAll(() => till.close());
  return till;
}

/** A core started now, inside a test, for a till of its own beside the file's; `close` when done. */
export async function startTestCore(
  name: string,
  options: TestCoreOptions = {},
): Promise<TestCore & { close(): Promise<void> }> {
  const till = testCore(name);
  try {
    await till.start(options);
  } catch (error) {
    await till.close();
    throw error;
  }
  return till;
}
