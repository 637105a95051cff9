import { randomBytes, scryptSync } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTillCore, type TillCore } from '../../src/main/app/create-core';
import { VirtualPrinter } from '../../src/main/printing/virtual-printer';
import { createFileKeySecretStore } from '../../src/main/settings/file-key-secret-store';
import { createJsonFileSettingsStore } from '../../src/main/settings/json-file-settings-store';
import { defaultSettings } from '../../src/main/settings/settings-schema';
import type { IpcError } from '../../src/shared/ipc/result';
import type { FaultKind } from '../../src/training-service';
import { decodeEscPos } from './escpos-decoder';
import { postCoreAdmin } from './pos-client';

/**
 * A till as the hosts run it, made cheap enough to build a thousand times in one test file (the
 * model test, test/integration/model): the real core (createTillCore) in training mode with its
 * embedded training service over HTTP, its journal in SQLite, its receipt printer a virtual one
 * on TCP whose drawer kicks are counted. Every till starts as a copy of one template data folder
 * made once per file (supervisor PIN, two cashiers), so a sequence costs a folder copy and a
 * core start, not a set-up.
 *
 * The template's PIN hashes are written with small scrypt parameters. The hash carries its own
 * parameters (settings/pin.ts) and the till checks any stored hash with them, so every PIN check
 * still runs the real code; it only no longer costs 50 ms, which a thousand sequences of
 * sign-ins and supervisor acts could not afford.
 */
export const SUPERVISOR_PIN = '2468';
export const CASHIERS = {
  A01: { name: '王小明', pin: '1111' },
  B02: { name: '李小華', pin: '2222' },
} as const;
export type CashierId = keyof typeof CASHIERS;

const ctx = { host: 'web' as const };

/** What the till answered: its value, or its refusal. */
export type Answer<T = unknown> = { ok: true; value: T } | { ok: false; error: IpcError };

export type Fault = 'lost-answer' | 'server-error' | 'rejected';

export interface ModelTill {
  dir: string;
  /** A contract call as the renderer makes it; the till's refusal is a value, not a throw. */
  attempt<T = unknown>(method: string, payload?: unknown): Promise<Answer<T>>;
  /** A call that must succeed (throws with the till's message otherwise). */
  call<T = unknown>(method: string, payload?: unknown): Promise<T>;
  /** Stops the core and starts it again on the same data folder (what a power cut and a restart leave, minus the crash). */
  restart(): Promise<void>;
  /** Drawer kicks since the last call of this (the printer's jobs are then forgotten). */
  takeDrawerKicks(): number;
  /**
   * Arms a fault for the embedded training service's next request (either API): the answer lost
   * after the service committed (drop-after-commit), a 503 before anything was done, or a refusal
   * (StatusCode 0).
   */
  arm(fault: Fault | 'clear'): Promise<void>;
  dispose(): Promise<void>;
}

export interface ModelTillFactory {
  open(): Promise<ModelTill>;
  close(): Promise<void>;
}

/** Temp space on tmpfs when there is one: a journal's fsyncs then cost nothing, the files stay real SQLite. */
function scratchRoot(): string {
  return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
}

/** A PIN hash in settings/pin.ts's format, with parameters a test can afford. */
function cheapPinHash(pin: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(pin.normalize('NFKC'), salt, 32, { N: 16, r: 1, p: 1 });
  return ['scrypt', 16, 1, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

interface LogLine {
  message: string;
  fields?: unknown;
}

function quietLogger() {
  const lines: LogLine[] = [];
  return {
    lines,
    info: (message: string, fields?: unknown) => {
      // Only what the rig reads: where the embedded training service listens.
      if (message.startsWith('training service started')) lines.push({ message, fields });
    },
    warn: () => undefined,
    error: () => undefined,
  };
}

async function startCore(dir: string, logger: ReturnType<typeof quietLogger>): Promise<TillCore> {
  return createTillCore({
    host: 'web',
    appName: 'Till',
    version: 'model-test',
    dataDir: dir,
    settings: createJsonFileSettingsStore(join(dir, 'settings.json')),
    secrets: createFileKeySecretStore(dir),
    logger,
  });
}

export async function createModelTillFactory(name: string): Promise<ModelTillFactory> {
  const root = mkdtempSync(join(scratchRoot(), `till-${name}-`));
  const printer = await VirtualPrinter.start();
  const template = join(root, 'template');
  {
    const settings = createJsonFileSettingsStore(join(template, 'settings.json'));
    settings.update({
      printer: { ...defaultSettings().printer, uri: printer.uri },
      idleLockMinutes: 0,
      firstRunDone: true,
    });
    const core = await startCore(template, quietLogger());
    const must = async (method: string, payload: unknown) => {
      const result = await core.dispatch(method, payload, ctx);
      if (!result.ok) throw new Error(`template ${method}: ${result.error.message.en}`);
    };
    await must('settings.setPin', { newPin: SUPERVISOR_PIN });
    for (const [id, cashier] of Object.entries(CASHIERS)) {
      await must('cashiers.save', {
        cashier: { id, name: cashier.name, pin: cashier.pin },
        pin: SUPERVISOR_PIN,
        by: '陳店長',
      });
    }
    await core.close();
    const secrets = createFileKeySecretStore(template);
    secrets.set('supervisorPinHash', cheapPinHash(SUPERVISOR_PIN));
    secrets.set(
      'cashierPinHashes',
      JSON.stringify(
        Object.fromEntries(Object.entries(CASHIERS).map(([id, c]) => [id, cheapPinHash(c.pin)])),
      ),
    );
  }
  let serial = 0;

  return {
    async open() {
      const dir = join(root, `till-${++serial}`);
      cpSync(template, dir, { recursive: true });
      const logger = quietLogger();
      let core = await startCore(dir, logger);
      printer.received.length = 0;
      const attempt = async <T>(method: string, payload: unknown = {}): Promise<Answer<T>> => {
        const result = await core.dispatch(method, payload, ctx);
        return result.ok ? { ok: true, value: result.value as T } : { ok: false, error: result.error };
      };
      return {
        dir,
        attempt,
        async call<T>(method: string, payload: unknown = {}) {
          const answer = await attempt<T>(method, payload);
          if (!answer.ok) throw new Error(`${method}: ${answer.error.code} ${answer.error.message.en}`);
          return answer.value;
        },
        async restart() {
          await core.close();
          core = await startCore(dir, logger);
        },
        takeDrawerKicks() {
          let kicks = 0;
          for (const job of printer.received) {
            if (job.hasContent && !job.dropped && !job.paperOut)
              kicks += decodeEscPos(job.bytes, 'epson').drawerKicks;
          }
          printer.received.length = 0;
          return kicks;
        },
        async arm(fault) {
          // The drills are the till's own way in (contract, supervisor PIN, recorded); they also
          // start the embedded service if it has not started since the core did.
          const drill =
            fault === 'lost-answer' ? 'lost-answer' : fault === 'server-error' ? 'server-error' : 'clear';
          const armed = await attempt('training.drill', { drill, pin: SUPERVISOR_PIN });
          if (!armed.ok) throw new Error(`training.drill ${drill}: ${armed.error.message.en}`);
          if (fault !== 'rejected') return; // `clear` empties the queue
          // No drill makes the service refuse a request: the service's own fault queue (status-0)
          // through the admin channel the core holds (its random token of this start).
          const { status, json } = await postCoreAdmin(core, 'faults', {
            kind: 'status-0' satisfies FaultKind,
            count: 1,
          });
          if (status !== 200) throw new Error(`arming status-0: HTTP ${status} ${JSON.stringify(json)}`);
        },
        async dispose() {
          await core.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
    async close() {
      await printer.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
