import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Journal } from '../../../src/main/journal/journal';
import { TRAINING_DRILL_TEXT } from '../../../src/shared/domain/training-drills';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import type { TrainingDrillResult } from '../../../src/shared/ipc/contract/training';
import { paperOrder } from '../checkout/harness';
import { filesUnder } from '../../support/files-under';
import { postAdmin } from '../../support/pos-client';
import { openTestCore } from '../../support/test-core';
import { trainingDefaults } from '../../../src/training-service';

/**
 * Issue 15: the training service's fault drills through the core's one entry. `training.drill`
 * arms the embedded service's fault queue for the next sale (training mode only, supervisor PIN,
 * recorded); the next sale then goes as the drill's text tells the cashier.
 */
describe('fault drills in training mode', () => {
  const PIN = '2468';
  const till = openTestCore('training-drills', { pin: PIN });
  const { settings, dispatch, call } = till;

  it('needs the supervisor PIN: without it or with a wrong one nothing is armed', async () => {
    const missing = await dispatch('training.drill', { drill: 'server-error' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'pin-required' } });
    const wrong = await dispatch('training.drill', { drill: 'server-error', pin: '1111' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'pin-wrong' } });
    const sale = await call<CheckoutResult>('checkout.submit', paperOrder());
    expect(sale.state).toBe('issued');
  });

  it('the embedded service’s admin channel takes no well-known token: only the drill (PIN, record) arms a fault', async () => {
    const status = await call<{ service: { url: string } }>('app.status', {});
    const wellKnown = trainingDefaults().adminToken;
    const faults = await postAdmin(status.service.url, wellKnown, 'faults', {
      kind: 'http-503-before',
      count: 1,
    });
    expect(faults.status).toBe(401);
    const lookup = await postAdmin(status.service.url, wellKnown, 'lookup', { BillingNo: 'T01-X' });
    expect(lookup.status).toBe(401);
    // Nothing was armed: the next sale is issued.
    expect((await call<CheckoutResult>('checkout.submit', paperOrder())).state).toBe('issued');
    // The token of this start is the core's alone: random, and nowhere in the data folder.
    const channel = await till.core.trainingAdmin();
    expect(channel?.url).toBe(status.service.url);
    expect(channel?.adminToken).not.toBe(wellKnown);
    expect(channel?.adminToken.length).toBeGreaterThanOrEqual(32);
    for (const file of filesUnder(till.dir)) {
      expect(readFileSync(file).includes(channel!.adminToken), file).toBe(false);
    }
    expect(
      (await postAdmin(status.service.url, channel!.adminToken, 'lookup', { BillingNo: 'T01-X' })).status,
    ).toBe(200);
  });

  it('refuses an unknown drill by the contract', async () => {
    const result = await dispatch('training.drill', { drill: 'meltdown', pin: PIN });
    expect(result.ok).toBe(false);
  });

  it('server-error: the next sale needs verification, as the drill says, and nothing was issued', async () => {
    const armed = await call<TrainingDrillResult>('training.drill', {
      drill: 'server-error',
      pin: PIN,
      by: '店長',
    });
    expect(armed).toMatchObject({
      drill: 'server-error',
      pending: 1,
      ...TRAINING_DRILL_TEXT['server-error'],
    });
    expect(armed.expect.zh).toContain('無法確定發票是否已開立');
    const sale = await call<CheckoutResult>('checkout.submit', paperOrder());
    expect(sale.state).toBe('needs-verification');
    expect(sale.message.zh).toContain('無法確定發票是否已開立');
    expect(sale.message.zh).toContain('發票服務暫時故障');
    const lookup = await call<{ found: boolean }>('verification.lookupTraining', { orderNo: sale.orderNo });
    expect(lookup.found).toBe(false);
    // Only the one sale took it: the next is issued.
    expect((await call<CheckoutResult>('checkout.submit', paperOrder())).state).toBe('issued');
  });

  it('lost-answer: the next sale needs verification; the look-up finds its invoice', async () => {
    await call('training.drill', { drill: 'lost-answer', pin: PIN });
    const sale = await call<CheckoutResult>('checkout.submit', paperOrder());
    expect(sale.state).toBe('needs-verification');
    expect(sale.message.zh).toContain('送出後連線中斷');
    const lookup = await call<{ found: boolean }>('verification.lookupTraining', { orderNo: sale.orderNo });
    expect(lookup.found).toBe(true);
  });

  it('slow: the next sale waits, then is issued', async () => {
    await call('settings.update', { patch: { timeoutMs: 4000 }, pin: PIN });
    await call('training.drill', { drill: 'slow', pin: PIN });
    const started = Date.now();
    const sale = await call<CheckoutResult>('checkout.submit', paperOrder());
    expect(sale.state).toBe('issued');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
  });

  it('a reissue (改開) is a sale too: the status bar says 開立中 while it waits, then online again', async () => {
    const sale = await call<CheckoutResult>('checkout.submit', paperOrder());
    const seen: string[] = [];
    const stop = till.core.events.subscribe((event, payload) => {
      if (event === 'app.status-changed')
        seen.push((payload as { service: { state: string } }).service.state);
    });
    try {
      const result = await call<{ state: string; reissue: CheckoutResult | null }>('returns.submit', {
        kind: 'void-and-reissue',
        orderNo: sale.orderNo,
        reason: '改開統編',
        invoice: { kind: 'business', buyerTaxId: '04595252', buyerTitle: '範例股份有限公司' },
        pin: PIN,
      });
      expect(result.reissue?.state).toBe('issued');
    } finally {
      stop();
    }
    expect(seen).toContain('issuing');
    expect(seen.at(-1)).toBe('reachable');
  });

  it('timeout: the next sale waits longer than the till’s timeout and needs verification', async () => {
    await call('settings.update', { patch: { timeoutMs: 1000 }, pin: PIN });
    await call('training.drill', { drill: 'timeout', pin: PIN });
    const sale = await call<CheckoutResult>('checkout.submit', paperOrder());
    expect(sale.state).toBe('needs-verification');
    expect(sale.message.zh).toContain('等候回應逾時');
    await call('settings.update', { patch: { timeoutMs: 10_000 }, pin: PIN });
  }, 20_000);

  it('clear: drills not yet run are cancelled, the next sale is issued', async () => {
    await call('training.drill', { drill: 'server-error', pin: PIN });
    await call('training.drill', { drill: 'lost-answer', pin: PIN });
    const cleared = await call<TrainingDrillResult>('training.drill', { drill: 'clear', pin: PIN });
    expect(cleared).toMatchObject({ drill: 'clear', pending: 0 });
    expect((await call<CheckoutResult>('checkout.submit', paperOrder())).state).toBe('issued');
  });

  it('records every drill armed in the journal, with who and which', async () => {
    const journal = Journal.open(join(till.dir, 'journal.sqlite'));
    try {
      const drills = journal.supervisorActions().filter((record) => record.action === 'training.drill');
      expect(drills.length).toBeGreaterThanOrEqual(6);
      expect(drills.map((record) => JSON.stringify(record))).toEqual(
        expect.arrayContaining([expect.stringContaining('server-error'), expect.stringContaining('店長')]),
      );
    } finally {
      journal.close();
    }
  });

  it('is refused in production mode: no fault is ever injected there', async () => {
    settings.update({ mode: 'production', serviceUrl: 'https://pos.example' });
    try {
      const result = await dispatch('training.drill', { drill: 'server-error', pin: PIN });
      expect(result).toMatchObject({ ok: false, error: { code: 'not-training' } });
    } finally {
      settings.update({ mode: 'training', serviceUrl: '' });
    }
  });
});
