import Database from 'better-sqlite3';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import { postCoreAdmin } from '../../support/pos-client';
import { openTestCore, startTestCore } from '../../support/test-core';
import { paperOrder } from '../checkout/harness';

/**
 * Every supervisor action over the real core (training service, journal, virtual printer):
 * without the PIN `pin-required`, with a wrong one `pin-wrong`, and nothing changed; with it
 * done, and a chained `supervisor.action` entry naming who did what.
 */
const PIN = '2468';

describe('supervisor actions through the core', () => {
  // A fresh install: no PIN yet. A catalog file to import and a folder for the exports.
  const till = openTestCore('supervisor-actions', {
    before({ dir }) {
      writeFileSync(
        join(dir, 'catalog.csv'),
        'code,barcode,name,category,price,taxType\nP001,4710088001177,綠茶,飲料,25,taxable\n',
      );
      mkdirSync(join(dir, 'exports'));
    },
  });
  const { dir, settings, dispatch, call } = till;
  const csvPath = join(dir, 'catalog.csv');
  const exports = join(dir, 'exports');

  /** The journal's supervisor records, oldest first, read beside the core's own connection. */
  const actions = () => {
    const db = new Database(join(dir, 'journal.sqlite'), { readonly: true });
    try {
      const rows = db
        .prepare(`SELECT payload FROM entries WHERE kind = 'supervisor.action' ORDER BY id`)
        .all() as { payload: string }[];
      return rows.map((row) => JSON.parse(row.payload) as { action: string; by: string; detail: object });
    } finally {
      db.close();
    }
  };
  const fault = async (kind: string) => {
    await postCoreAdmin(till.core, 'faults', { kind, count: 1 });
  };

  it('refuses every supervisor action on a fresh install with no PIN set', async () => {
    expect((await call<{ supervisorPin: string }>('app.status', {})).supervisorPin).toBe('missing');
    for (const [method, input] of [
      ['catalog.loadSample', {}],
      ['printing.openDrawer', {}],
      ['journal.export', { businessDay: '2026-11-22', format: 'csv', folder: exports }],
    ] as const) {
      expect(await dispatch(method, input), method).toMatchObject({
        ok: false,
        error: { code: 'pin-not-set' },
      });
    }
    // …and first-run setup cannot finish silently without one.
    expect(await dispatch('settings.update', { patch: { firstRunDone: true } })).toMatchObject({
      ok: false,
      error: { code: 'pin-not-set' },
    });
    expect(settings.get().firstRunDone).toBe(false);
    expect(actions()).toEqual([]);
  });

  it('needs the PIN for each action, changes nothing without it, and records who did what with it', async () => {
    await call('settings.setPin', { newPin: PIN, by: '陳老闆' });
    await call('settings.update', { patch: { firstRunDone: true }, pin: PIN, by: '陳老闆' });
    expect((await call<{ supervisorPin: string }>('app.status', {})).supervisorPin).toBe('set');
    expect(actions()).toEqual([
      { action: 'settings.set-pin', by: '陳老闆', detail: { changed: 'first set' } },
      { action: 'settings.update', by: '陳老闆', detail: { changed: { firstRunDone: true }, secrets: {} } },
    ]);

    // Sales to resolve and to resubmit.
    await fault('drop-after-commit');
    const pending = await call<CheckoutResult>('checkout.submit', paperOrder());
    expect(pending.state).toBe('needs-verification');
    await fault('status-0');
    const rejected = await call<CheckoutResult>('checkout.submit', paperOrder());
    expect(rejected.state).toBe('rejected');

    const productCount = async () =>
      (await call<{ productCount: number }>('catalog.categories', {})).productCount;
    const cases: Array<{
      method: string;
      input: Record<string, unknown>;
      action: string;
      unchanged: () => Promise<void> | void;
      detail: Record<string, unknown>;
    }> = [
      {
        method: 'catalog.loadSample',
        input: {},
        action: 'catalog.load-sample',
        unchanged: async () => expect(await productCount()).toBe(0),
        detail: { status: 'imported' },
      },
      {
        method: 'catalog.import',
        input: { source: { kind: 'path', path: csvPath }, mode: 'replace' },
        action: 'catalog.import',
        unchanged: async () => expect(await productCount()).toBeGreaterThan(1), // still the sample
        detail: { source: csvPath, status: 'imported', productCount: 1 },
      },
      {
        method: 'journal.export',
        input: {
          businessDay: pending.orderNo.split('-')[1]!.replace(/(\d{4})(\d{2})(\d{2})/, '$1-$2-$3'),
          format: 'json',
          folder: exports,
        },
        action: 'journal.export',
        unchanged: () => expect(readdirSync(exports)).toEqual([]),
        detail: { format: 'json', rows: 2 },
      },
      {
        method: 'printing.openDrawer',
        input: {},
        action: 'printing.open-drawer',
        unchanged: () => undefined, // the virtual printer's output is checked in printing's own tests
        detail: { printer: 'virtual' },
      },
      {
        method: 'verification.resolve',
        input: { orderNo: pending.orderNo, outcome: 'notIssued', by: '林主管' },
        action: 'verification.resolve',
        unchanged: async () =>
          expect(
            (await call<{ items: { orderNo: string }[] }>('verification.pending', {})).items.map(
              (i) => i.orderNo,
            ),
          ).toContain(pending.orderNo),
        detail: { orderNo: pending.orderNo, state: 'not-issued' },
      },
      {
        method: 'checkout.resubmit',
        input: { orderNo: rejected.orderNo },
        action: 'checkout.resubmit',
        unchanged: async () =>
          expect(
            (await call<{ transaction: { state: string } }>('journal.get', { orderNo: rejected.orderNo }))
              .transaction.state,
          ).toBe('rejected'),
        detail: { orderNo: rejected.orderNo, state: 'issued', attempt: 2 },
      },
      {
        // The sale resubmitted just above is issued on paper: 補印 of its proof.
        method: 'printing.reprint',
        input: { orderNo: rejected.orderNo, by: '王店長', reason: '卡紙' },
        action: 'printing.reprint',
        unchanged: async () =>
          expect(
            (
              await call<{ prints: { kind: string }[] }>('journal.get', { orderNo: rejected.orderNo })
            ).prints.filter((p) => p.kind === 'proof'),
          ).toHaveLength(1),
        detail: { orderNo: rejected.orderNo, reason: '卡紙' },
      },
    ];

    for (const { method, input, action, unchanged, detail } of cases) {
      const before = actions().length;
      const without = await dispatch(method, input);
      expect(without, method).toMatchObject({ ok: false, error: { code: 'pin-required' } });
      const wrong = await dispatch(method, { ...input, pin: '1111' });
      expect(wrong, method).toMatchObject({ ok: false, error: { code: 'pin-wrong' } });
      await unchanged();
      expect(actions(), method).toHaveLength(before);

      const by = (input.by as string | undefined) ?? '王店長';
      await call(method, { ...input, pin: PIN, by });
      expect(actions().at(-1), method).toEqual({ action, by, detail: expect.objectContaining(detail) });
    }
    // Without a name the record says `supervisor`.
    await call('printing.openDrawer', { pin: PIN });
    expect(actions().at(-1)).toMatchObject({ action: 'printing.open-drawer', by: 'supervisor' });
    // Every record is a link of the chain.
    expect(await call('journal.verify', {})).toMatchObject({ ok: true });
  });

  it('shows and records the explicit choice to run without a PIN', async () => {
    const other = await startTestCore('supervisor-waived');
    try {
      const waive = await other.dispatch('settings.update', {
        patch: { firstRunDone: true, runWithoutPin: true },
        by: '陳老闆',
      });
      expect(waive).toMatchObject({ ok: true, value: { supervisorPin: 'waived' } });
      expect(await other.dispatch('app.status', {})).toMatchObject({
        value: { supervisorPin: 'waived' },
      });
      // The supervisor chose it: actions run without a PIN, and are still recorded.
      expect(await other.dispatch('catalog.loadSample', { by: '陳老闆' })).toMatchObject({ ok: true });
    } finally {
      await other.close();
    }
  });
});
