import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckoutResult, PendingVerification } from '../../../src/shared/ipc/contract/checkout';
import type { ProviderCheckReport } from '../../../src/shared/ipc/contract/settings';
import { postCoreAdmin } from '../../support/pos-client';
import { openTestCore } from '../../support/test-core';
import { paperOrder } from './harness';

/**
 * The till core in training mode (the default): the embedded training service starts with the
 * core, the journal lives in the data folder, and the contract's checkout and verification
 * methods run end to end through dispatch.
 */
describe('the core in training mode', () => {
  // Resolving and resubmitting are supervisor acts: refused while no PIN is set (see
  // test/integration/settings/supervisor-actions.test.ts).
  const till = openTestCore('checkout-core', { pin: '2468' });
  const { dir, settings, secrets, events, dispatch, call } = till;

  /**
   * The newest `app.status-changed` payload once one matching `expected` has been published. The
   * status bar's count is published after the sale's answer (issue 26: nothing that can wait is on
   * the sale's path), so the test waits for the event instead of reading it at the answer.
   */
  const statusPublished = (expected: Record<string, unknown>) =>
    new Promise<unknown>((resolve) => {
      const matches = (payload: unknown) =>
        Object.entries(expected).every(([key, value]) => (payload as Record<string, unknown>)[key] === value);
      const last = events.filter((e) => e.event === 'app.status-changed').at(-1);
      if (last && matches(last.payload)) return resolve(last.payload);
      const unsubscribe = till.core.events.subscribe((event, payload) => {
        if (event !== 'app.status-changed' || !matches(payload)) return;
        unsubscribe();
        resolve(payload);
      });
    });
  /** One fault of this kind from the core's own training service, set through its admin channel. */
  const injectFault = async (kind: string) => {
    return postCoreAdmin(till.core, 'faults', { kind, count: 1 });
  };

  it('starts the training service and reports it reachable, with the journal in the data folder', async () => {
    const status = await call<{
      mode: string;
      service: { state: string; url: string };
      pendingVerification: number;
    }>('app.status', {});
    expect(status.mode).toBe('training');
    expect(status.service.state).toBe('reachable');
    expect(status.service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(status.pendingVerification).toBe(0);
    expect(existsSync(join(dir, 'journal.sqlite'))).toBe(true);
    expect(existsSync(join(dir, 'training-service'))).toBe(true);
  });

  it('checks out through the contract', async () => {
    const result = await call<CheckoutResult>('checkout.submit', paperOrder());
    expect(result).toMatchObject({ state: 'issued', printDataStatus: 'ok' });
    const lookup = await call<{ found: boolean; invoiceNumber: string }>('verification.lookupTraining', {
      orderNo: result.orderNo,
    });
    expect(lookup).toMatchObject({ found: true, invoiceNumber: result.invoiceNumber });
  });

  it('runs the provider check in training mode against the embedded service, in both variants it speaks (issue 24, item 4)', async () => {
    const noPin = await dispatch('settings.checkProvider', {});
    expect(noPin).toMatchObject({ ok: false });
    const profile = await call<ProviderCheckReport>('settings.checkProvider', { pin: '2468' });
    expect(profile).toMatchObject({ ok: true, variant: 'profile', findings: [] });
    expect(profile.steps.length).toBeGreaterThan(0);
    expect(profile.steps.every((step) => step.ok)).toBe(true);
    await call('settings.update', { patch: { providerVariant: 'systemlead', tillId: 'T1' }, pin: '2468' });
    try {
      // The embedded service restarted in SystemLead's dialect: the check speaks it there.
      const systemlead = await call<ProviderCheckReport>('settings.checkProvider', { pin: '2468' });
      expect(systemlead).toMatchObject({ ok: true, variant: 'systemlead' });
      expect(systemlead.steps.every((step) => step.ok)).toBe(true);
    } finally {
      await call('settings.update', { patch: { providerVariant: 'profile', tillId: 'T01' }, pin: '2468' });
    }
  });

  it('training follows the provider variant: the service restarts in SystemLead’s dialect, sales and voids go on there', async () => {
    const before = await call<{ service: { url: string } }>('app.status', {});
    await call('settings.update', { patch: { providerVariant: 'systemlead', tillId: 'T1' }, pin: '2468' });
    try {
      const sale = await call<CheckoutResult>('checkout.submit', paperOrder());
      // Only SystemLead's dialect has no print data: the till built and printed the proof.
      expect(sale).toMatchObject({ state: 'issued', printDataStatus: 'not-expected', missing: [] });
      const status = await call<{ service: { state: string; url: string } }>('app.status', {});
      expect(status.service).toMatchObject({ state: 'reachable' });
      expect(status.service.url).not.toBe(before.service.url);
      // The restarted service speaks SystemLead on the wire: a profile-shaped body is answered
      // in its array shape (and refused: the profile's signature recipe).
      const wrong = await fetch(`${status.service.url}/Append/Order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apiKey: 'training-api-key' },
        body: JSON.stringify({ CompanyID: '24549210', Timestamp: '1', Signature: 'x', Data: {} }),
      });
      expect(await wrong.json()).toEqual([{ Message: expect.any(String) }]);
      // Returns in training use the same dialect on the standard API.
      const voided = await call<{ kind: string; state: string }>('returns.submit', {
        kind: 'return',
        orderNo: sale.orderNo,
        reason: '開錯發票',
        pin: '2468',
        by: '王店長',
      });
      expect(voided).toMatchObject({ kind: 'void', state: 'done' });
    } finally {
      await call('settings.update', { patch: { providerVariant: 'profile', tillId: 'T01' }, pin: '2468' });
    }
    const back = await call<CheckoutResult>('checkout.submit', paperOrder());
    expect(back).toMatchObject({ state: 'issued', printDataStatus: 'ok' });
  });

  it('refuses malformed and invalid orders with bilingual errors', async () => {
    const malformed = await dispatch('checkout.submit', { lines: 'x' });
    expect(malformed).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const invalid = await dispatch('checkout.submit', {
      ...paperOrder(),
      invoice: { kind: 'business', buyerTaxId: '11111111', buyerTitle: 'X' },
    });
    expect(invalid).toMatchObject({ ok: false, error: { code: 'invalid-order' } });
    if (!invalid.ok) expect(invalid.error.message.zh).toContain('統一編號');
  });

  it('publishes the pending count when a sale needs verification, and clears it on resolution', async () => {
    const fault = await injectFault('http-500-after-commit');
    expect(fault.status).toBe(200);
    events.length = 0;
    const result = await call<CheckoutResult>('checkout.submit', paperOrder());
    expect(result.state).toBe('needs-verification');
    expect(await statusPublished({ pendingVerification: 1 })).toMatchObject({ pendingVerification: 1 });

    const pending = await call<{ items: PendingVerification[] }>('verification.pending', {});
    expect(pending.items.map((p) => p.orderNo)).toEqual([result.orderNo]);
    const lookup = await call<{ invoiceNumber: string }>('verification.lookupTraining', {
      orderNo: result.orderNo,
    });
    const resolved = await call<{ state: string }>('verification.resolve', {
      orderNo: result.orderNo,
      outcome: 'issued',
      invoiceNumber: lookup.invoiceNumber,
      by: '店長',
      pin: '2468',
    });
    expect(resolved.state).toBe('issued');
    expect(await statusPublished({ pendingVerification: 0 })).toMatchObject({ pendingVerification: 0 });
    const refused = await dispatch('checkout.resubmit', { orderNo: result.orderNo, pin: '2468' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'journal-refused' } });
  });

  it('needs the supervisor PIN to resolve, and changes nothing without it', async () => {
    await injectFault('drop-after-commit');
    const result = await call<CheckoutResult>('checkout.submit', paperOrder());
    expect(result.state).toBe('needs-verification');
    const resolution = { orderNo: result.orderNo, outcome: 'notIssued', by: '店員' };

    const without = await dispatch('verification.resolve', resolution);
    expect(without).toMatchObject({ ok: false, error: { code: 'pin-required' } });
    const wrong = await dispatch('verification.resolve', { ...resolution, pin: '1111' });
    expect(wrong).toMatchObject({
      ok: false,
      error: { code: 'pin-wrong', message: { zh: expect.stringContaining('未變更') } },
    });
    const pending = await call<{ items: PendingVerification[] }>('verification.pending', {});
    expect(pending.items.map((p) => p.orderNo)).toContain(result.orderNo);

    const right = await call<{ state: string }>('verification.resolve', {
      ...resolution,
      outcome: 'issued',
      invoiceNumber: (
        await call<{ invoiceNumber: string }>('verification.lookupTraining', { orderNo: result.orderNo })
      ).invoiceNumber,
      pin: '2468',
    });
    expect(right.state).toBe('issued');
  });

  it('production mode without keys refuses to check out and writes nothing; training sales stay training', async () => {
    // A rejected training sale, resubmittable in training mode only.
    await injectFault('status-0');
    const rejected = await call<CheckoutResult>('checkout.submit', paperOrder());
    expect(rejected.state).toBe('rejected');

    // Straight to the store: the settings screen itself refuses production without keys.
    settings.update({ mode: 'production', serviceUrl: 'https://pos.example' });
    try {
      const before = await call<{ pendingVerification: number }>('app.status', {});
      const refused = await dispatch('checkout.submit', paperOrder());
      expect(refused).toMatchObject({ ok: false, error: { code: 'service-not-configured' } });
      const lookup = await dispatch('verification.lookupTraining', { orderNo: rejected.orderNo });
      expect(lookup).toMatchObject({ ok: false, error: { code: 'not-training' } });
      const resubmit = await dispatch('checkout.resubmit', { orderNo: rejected.orderNo, pin: '2468' });
      expect(resubmit).toMatchObject({ ok: false, error: { code: 'service-not-configured' } });
      // With keys, the training sale is still refused before anything is sent to the provider.
      secrets.set('apiKey', 'production-api-key');
      secrets.set('signingSecret', 'production-signing-secret');
      const mismatch = await dispatch('checkout.resubmit', { orderNo: rejected.orderNo, pin: '2468' });
      expect(mismatch).toMatchObject({ ok: false, error: { code: 'mode-mismatch' } });
      secrets.clear('apiKey');
      secrets.clear('signingSecret');
      expect((await call<{ pendingVerification: number }>('app.status', {})).pendingVerification).toBe(
        before.pendingVerification,
      );
    } finally {
      settings.update({ mode: 'training', serviceUrl: '' });
    }
    const again = await call<CheckoutResult>('checkout.resubmit', { orderNo: rejected.orderNo, pin: '2468' });
    expect(again).toMatchObject({ orderNo: rejected.orderNo, state: 'issued', attempt: 2 });
  });
});
