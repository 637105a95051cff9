import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTillCore, type TillCore } from '../../../src/main/app/create-core';
import { Journal } from '../../../src/main/journal/journal';
import { createReconciliationCapability } from '../../../src/main/reconciliation/capability';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { createJsonFileSettingsStore } from '../../../src/main/settings/json-file-settings-store';
import { taipeiBusinessDay } from '../../../src/shared/domain';
import { AppStatus } from '../../../src/shared/ipc/contract/app';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import {
  ReconciliationAcceptResult,
  ReconciliationReport,
  ReconciliationState,
} from '../../../src/shared/ipc/contract/reconciliation';
import type { TrainingService } from '../../../src/training-service';
import { postCoreAdmin } from '../../support/pos-client';
import { makeTempDir } from '../../support/temp-dir';
import { memoryLogger, paperOrder } from '../checkout/harness';
import { supervisorWithPin } from '../settings/supervisor-fixture';
import { fault, openReconTill, paper, settableClock, startClockedService } from './harness';

const PIN = '2468';
const ctx = { host: 'web' as const };

describe('reconciliation through the core (training mode): run, status bar, accept with the PIN', () => {
  const temp = makeTempDir('reconciliation-core');
  let core: TillCore;
  const statuses: AppStatus[] = [];

  const call = async <T>(method: string, payload: unknown): Promise<T> => {
    const result = await core.dispatch(method, payload, ctx);
    if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message.en}`);
    return result.value as T;
  };
  const errorOf = async (method: string, payload: unknown) => {
    const result = await core.dispatch(method, payload, ctx);
    if (result.ok) throw new Error(`${method} succeeded`);
    return result.error;
  };

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
    core.events.subscribe((event, payload) => {
      if (event === 'app.status-changed') statuses.push(payload as AppStatus);
    });
    await call('settings.setPin', { newPin: PIN });
  });
  afterAll(async () => {
    await core?.close();
    temp.remove();
  });

  it('the closing run finds the 待確認 sale, the status bar counts it, and the PIN accepts it', async () => {
    const state = ReconciliationState.parse(await call('reconciliation.state', {}));
    expect(state).toMatchObject({ state: 'idle', lastRunAt: null, suggestions: 0 });
    expect(await call('reconciliation.last', {})).toBeNull();

    expect((await call<CheckoutResult>('checkout.submit', paperOrder(150))).state).toBe('issued');
    const dropped = await postCoreAdmin(core, 'faults', {
      kind: 'drop-after-commit',
      count: 1,
    });
    expect(dropped.status).toBe(200);
    const pending = await call<CheckoutResult>('checkout.submit', paperOrder(80));
    expect(pending.state).toBe('needs-verification');

    const today = taipeiBusinessDay(new Date());
    const report = ReconciliationReport.parse(
      await call('reconciliation.run', { businessDays: [today], trigger: 'closing' }),
    );
    expect(report).toMatchObject({ trigger: 'closing', checked: 1, complete: true, mismatches: [] });
    expect(report.suggestions).toEqual([
      expect.objectContaining({ orderNo: pending.orderNo, outcome: 'issued' }),
    ]);
    expect(await call('reconciliation.last', {})).toEqual(report);
    const status = AppStatus.parse(await call('app.status', {}));
    expect(status.reconciliation).toMatchObject({ state: 'idle', suggestions: 1, lastRunAt: report.ranAt });
    // The status bar heard of it without asking.
    expect(statuses.some((s) => s.reconciliation.state === 'running')).toBe(true);
    expect(statuses.at(-1)!.reconciliation.suggestions).toBe(1);

    expect((await errorOf('reconciliation.accept', { orderNo: pending.orderNo })).code).toBe('pin-required');
    expect((await errorOf('reconciliation.accept', { orderNo: pending.orderNo, pin: '0000' })).code).toBe(
      'pin-wrong',
    );
    expect((await errorOf('reconciliation.accept', { orderNo: 'T01-20000101-000001', pin: PIN })).code).toBe(
      'reconciliation-refused',
    );
    const accepted = ReconciliationAcceptResult.parse(
      await call('reconciliation.accept', { orderNo: pending.orderNo, pin: PIN, by: '林店長' }),
    );
    expect(accepted).toMatchObject({
      outcome: 'issued',
      invoiceNumber: report.suggestions[0]!.invoiceNumber,
    });
    expect(AppStatus.parse(await call('app.status', {}))).toMatchObject({
      pendingVerification: 0,
      reconciliation: { suggestions: 0 },
    });

    const next = ReconciliationReport.parse(
      await call('reconciliation.run', { businessDays: [today], trigger: 'on-demand' }),
    );
    expect(next).toMatchObject({
      checked: 2,
      suggestions: [],
      mismatches: [],
      unknownToJournal: [],
      notChecked: [],
    });
  });

  it('a store reconciliation needs the PIN and refuses a bad export with the reason', async () => {
    const today = taipeiBusinessDay(new Date());
    const imports = [{ name: 'usb/journal-T02.json', text: '{"format":"till-journal-export","version":1}' }];
    expect((await errorOf('reconciliation.store', { businessDay: today, imports })).code).toBe(
      'pin-required',
    );
    const refused = await errorOf('reconciliation.store', {
      businessDay: today,
      imports,
      pin: PIN,
      by: '林店長',
    });
    expect(refused.code).toBe('reconciliation-refused');
    expect(refused.message.zh).toContain('journal-T02.json');
    expect(refused.message.zh).toContain('第 1 版');
  });

  it('leaves a journal record of each run and each supervisor act', async () => {
    await core.close();
    const journal = Journal.open(join(temp.dir, 'journal.sqlite'));
    try {
      const runs = journal.reconciliationRuns();
      expect(runs.map((r) => r.trigger)).toEqual(['on-demand', 'closing']);
      expect(runs[1]!.counts.suggestions).toBe(1);
      const actions = journal.supervisorActions().map((a) => a.action);
      expect(actions).toContain('reconciliation.accept');
      expect(actions).not.toContain('reconciliation.store'); // refused: nothing done, nothing recorded
      expect(actions).not.toContain('reconciliation.till-key'); // nor a till's key pinned
      const accept = journal.supervisorActions().find((a) => a.action === 'reconciliation.accept')!;
      expect(accept).toMatchObject({ by: '林店長', detail: { outcome: 'issued' } });
    } finally {
      journal.close();
    }
  });
});

describe('the background run (a periodic service on the lifecycle)', () => {
  const temp = makeTempDir('reconciliation-background');
  const START = new Date('2026-11-05T10:00:00+08:00');
  const clock = settableClock(START);
  let service: TrainingService;

  beforeAll(async () => {
    service = await startClockedService(temp.dir, clock);
  });
  afterAll(async () => {
    await service?.close();
    temp.remove();
  });

  it('watches the last 8 days, leaves settled invoices out next time, and is off without the standard API', async () => {
    const till = openReconTill({ dbPath: join(temp.dir, 'journal.sqlite'), service, clock });
    for (let i = 0; i < 3; i++) await till.checkout.engine.submit(paper(100 + i));
    await fault(service, 'upload-stuck');
    await till.checkout.engine.submit(paper(90));
    clock.advance(2 * 3600);
    const settings = createJsonFileSettingsStore(join(temp.dir, 'settings.json'));
    let url: string | null = service.url;
    const { gate } = await supervisorWithPin(till.journal);
    let changes = 0;
    const capability = createReconciliationCapability({
      journal: till.journal,
      settings,
      secrets: createFileKeySecretStore(temp.dir),
      supervisor: gate,
      logger: memoryLogger(),
      trainingServiceUrl: () => url,
      now: clock.now,
      onStateChanged: () => changes++,
    });
    try {
      expect(capability.service.name).toBe('reconciliation');
      await capability.service.runNow();
      const first = capability.last()!;
      expect(first.trigger).toBe('background');
      expect(first.businessDays).toHaveLength(8);
      expect(first.businessDays[0]).toBe('2026-11-05');
      expect(first.checked).toBe(4);
      expect(capability.state()).toMatchObject({
        state: 'idle',
        uploadsAtRisk: 1,
        uploadsLate: 0,
        findings: 1,
      });
      expect(changes).toBeGreaterThan(0);

      // The three confirmed uploads are settled: the next background run asks only about the stuck one.
      await capability.service.runNow();
      expect(capability.last()!.checked).toBe(1);
      expect(capability.last()!.uploadsLate).toHaveLength(1);
      // A closing run still checks every invoice of its day.
      expect((await capability.run(['2026-11-05'], 'closing')).checked).toBe(4);

      // Three days later the stuck C invoice is late: the status bar says so.
      clock.advance(3 * 86_400);
      await capability.service.runNow();
      expect(capability.state()).toMatchObject({ uploadsLate: 1, uploadsAtRisk: 0 });
      // Background runs are recorded only when what they find changes: the second found what the
      // first did; the third found the upload late.
      const background = till.journal.reconciliationRuns().filter((run) => run.trigger === 'background');
      expect(background.map((run) => run.counts)).toEqual([
        { 'upload-late': 1, suggestions: 0 },
        { 'upload-at-risk': 1, suggestions: 0 },
      ]);

      // No training service (or, in production, no standard keys): off, and no run.
      url = null;
      expect(capability.state().state).toBe('off');
    } finally {
      await capability.service.stop();
      till.close();
    }
  });
});
