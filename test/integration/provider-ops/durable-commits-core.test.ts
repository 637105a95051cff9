import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTillCore, type TillCore } from '../../../src/main/app/create-core';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { createJsonFileSettingsStore } from '../../../src/main/settings/json-file-settings-store';
import type { CheckoutOrder, CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import { makeTempDir } from '../../support/temp-dir';
import { carrierOrder, donateOrder, memoryLogger, paperOrder } from '../checkout/harness';

/**
 * Issue 26: two durable commits per sale through the whole till, not only the engine: the proof's
 * print job is written in the outcome's commit, its attempt is recorded without an fsync of its
 * own, and what can wait (the status bar, head office's nudge) is off the sale's path. Counted when the answer reaches the caller, as the cashier sees it.
 */
describe('durable commits per sale through the core (printing included)', () => {
  const temp = makeTempDir('provider-ops-core-commits');
  let core: TillCore;
  const ctx = { host: 'web' as const };

  const call = async <T>(method: string, payload: unknown): Promise<T> => {
    const result = await core.dispatch(method, payload, ctx);
    if (!result.ok) throw new Error(result.error.message.en);
    return result.value as T;
  };
  const prints = async (orderNo: string) =>
    (await call<{ prints: Array<{ kind: string; state: string }> }>('journal.get', { orderNo })).prints;

  beforeAll(async () => {
    core = await createTillCore({
      host: 'web',
      appName: 'Till',
      version: 'test',
      dataDir: temp.dir,
      settings: createJsonFileSettingsStore(join(temp.dir, 'settings.json')),
      secrets: createFileKeySecretStore(temp.dir),
      logger: memoryLogger(),
    });
  });
  afterAll(async () => {
    await core.close();
    temp.remove();
  });

  const cases: Array<[string, () => CheckoutOrder, string[]]> = [
    ['paper sale (its proof printed)', paperOrder, ['proof printed']],
    ['carrier sale', carrierOrder, []],
    ['love-code sale', donateOrder, []],
  ];
  for (const [name, order, printed] of cases) {
    it(`${name}: two durable commits, and the printer's record of each job it printed`, async () => {
      const before = core.durableCommits();
      const result = await call<CheckoutResult>('checkout.submit', order());
      const commits = core.durableCommits() - before;
      expect(result.state).toBe('issued');
      const jobs = await prints(result.orderNo);
      expect(jobs.map((job) => `${job.kind} ${job.state}`)).toEqual(printed);
      // The job is written in the outcome's commit; its attempt is recorded without an fsync of
      // its own (the next durable commit carries it; lost, the job prints again at the start).
      expect(commits).toBe(2);
    });
  }
});
