import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTillCore, type TillCore } from '../../../src/main/app/create-core';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { createJsonFileSettingsStore } from '../../../src/main/settings/json-file-settings-store';
import type { CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import type { JournalDetail } from '../../../src/shared/ipc/contract/journal';
import type { ProviderCheckReport } from '../../../src/shared/ipc/contract/settings';
import {
  parseTrainingServiceConfig,
  startTrainingService,
  trainingDefaults,
  type TrainingService,
  type TrainingServiceConfig,
} from '../../../src/training-service';
import { makeTempDir } from '../../support/temp-dir';
import { admin, memoryLogger, paperOrder, type Admin } from './harness';

/**
 * The core in production mode: the provider is a standalone service on 127.0.0.1 with keys of
 * its own (none of the training defaults), its address in the settings and its keys in the
 * secret store, as the settings screen leaves them. A sale issues there, with those keys; a
 * wrong key is refused before anything is issued.
 */
function providerConfig(): TrainingServiceConfig {
  const parsed = parseTrainingServiceConfig({
    companyId: '10458570',
    sellerName: '正式測試商店',
    apiKey: 'prod-api-key-7c21e94b',
    signingSecret: 'prod-signing-secret-4b8d0a6f',
    qrAesKey: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
    adminToken: 'prod-admin-token-5e3b9c1d7a',
    tracks: ['PX'],
  });
  if (!parsed.ok) throw new Error(parsed.message.en);
  return parsed.config;
}

describe('the core in production mode', () => {
  const temp = makeTempDir('checkout-production');
  const provider = providerConfig();
  const settings = createJsonFileSettingsStore(join(temp.dir, 'settings.json'));
  const secrets = createFileKeySecretStore(temp.dir);
  const logger = memoryLogger();
  const ctx = { host: 'web' as const };
  let service: TrainingService;
  let svc: Admin;
  let core: TillCore;

  const call = async <T>(method: string, payload: unknown): Promise<T> => {
    const result = await core.dispatch(method, payload, ctx);
    if (!result.ok) throw Object.assign(new Error(result.error.message.en), { code: result.error.code });
    return result.value as T;
  };

  beforeAll(async () => {
    service = await startTrainingService({ dataDir: join(temp.dir, 'provider'), config: provider });
    svc = admin(service);
    settings.update({
      mode: 'production',
      serviceUrl: service.url,
      companyId: provider.companyId,
      sellerName: provider.sellerName,
      firstRunDone: true,
    });
    secrets.set('apiKey', provider.apiKey);
    secrets.set('signingSecret', provider.signingSecret);
    secrets.set('qrAesKey', provider.qrAesKey);
    core = await createTillCore({
      host: 'web',
      appName: 'Till',
      version: 'test',
      dataDir: temp.dir,
      settings,
      secrets,
      logger,
    });
    // A resubmission is a supervisor's act: it needs the PIN.
    await call('settings.setPin', { newPin: '2468' });
  });
  afterAll(async () => {
    await core?.close();
    await service?.close();
    temp.remove();
  });

  it('the keys are not the training ones', () => {
    const training = trainingDefaults();
    for (const key of ['companyId', 'apiKey', 'signingSecret', 'adminToken'] as const) {
      expect(provider[key]).not.toBe(training[key]);
    }
  });

  it('issues at the configured address with the configured keys, and starts no training service', async () => {
    const status = await call<{ mode: string; service: { url: string } }>('app.status', {});
    expect(status).toMatchObject({ mode: 'production', service: { url: service.url } });

    const result = await call<CheckoutResult>('checkout.submit', paperOrder());
    expect(result).toMatchObject({ state: 'issued', printDataStatus: 'ok' });
    expect(result.invoiceNumber).toMatch(/^PX\d{8}$/);
    expect(result.printData).toMatchObject({ SellerID: provider.companyId, SellerName: provider.sellerName });
    // The standalone service's own record, asked with its own admin token.
    expect(await svc.lookup(result.orderNo)).toMatchObject({
      found: true,
      InvoiceNumber: result.invoiceNumber,
      TotalAmount: 150,
    });

    const detail = await call<JournalDetail>('journal.get', { orderNo: result.orderNo });
    expect(detail.transaction).toMatchObject({
      training: false,
      companyId: provider.companyId,
      state: 'issued',
    });
    expect(existsSync(join(temp.dir, 'training-service'))).toBe(false);
    const lookup = await core.dispatch('verification.lookupTraining', { orderNo: result.orderNo }, ctx);
    expect(lookup).toMatchObject({ ok: false, error: { code: 'not-training' } });
  });

  it('a wrong key is rejected with nothing issued; with the right keys the same order issues', async () => {
    secrets.set('apiKey', 'wrong-api-key-00000000');
    const wrongKey = await call<CheckoutResult>('checkout.submit', paperOrder(80));
    expect(wrongKey).toMatchObject({ state: 'rejected', invoiceNumber: null });
    expect(wrongKey.message.zh).toMatch(/發票未開立.*API 金鑰錯誤/);
    expect(wrongKey.message.en).toMatch(/wrong API key/);
    expect(wrongKey.detail).toMatch(/^HTTP 401/);
    expect((await svc.lookup(wrongKey.orderNo)).found).toBe(false);

    secrets.set('apiKey', provider.apiKey);
    secrets.set('signingSecret', 'wrong-signing-secret-0000');
    const wrongSecret = await call<CheckoutResult>('checkout.submit', paperOrder(90));
    expect(wrongSecret).toMatchObject({ state: 'rejected', invoiceNumber: null });
    expect(wrongSecret.message.en).toMatch(/the signing secret is set up wrong/);
    expect(wrongSecret.detail).toBe('Signature mismatch');
    expect((await svc.lookup(wrongSecret.orderNo)).found).toBe(false);

    secrets.set('signingSecret', provider.signingSecret);
    const again = await call<CheckoutResult>('checkout.resubmit', { orderNo: wrongKey.orderNo, pin: '2468' });
    expect(again).toMatchObject({ orderNo: wrongKey.orderNo, state: 'issued', attempt: 2 });
    expect((await svc.lookup(wrongKey.orderNo)).InvoiceNumber).toBe(again.invoiceNumber);
  });

  it('speaks the provider variant of the settings: a SystemLead provider issues only once the till is switched', async () => {
    const systemlead = await startTrainingService({
      dataDir: join(temp.dir, 'provider-systemlead'),
      config: { ...provider, variant: 'systemlead' },
    });
    try {
      settings.update({ serviceUrl: systemlead.url });
      const mismatch = await call<CheckoutResult>('checkout.submit', paperOrder(70));
      // The profile's till cannot read SystemLead's answer: never an issued guess.
      expect(['rejected', 'needs-verification']).toContain(mismatch.state);
      expect(mismatch.invoiceNumber).toBeNull();
      expect((await admin(systemlead).lookup(mismatch.orderNo)).found).toBe(false);

      settings.update({ providerVariant: 'systemlead' });
      // Its segment group (UseFor) takes 2 characters: till T01 is refused, nothing sent.
      const refused = await core.dispatch('checkout.submit', paperOrder(60), ctx);
      expect(refused).toMatchObject({ ok: false, error: { code: 'provider-variant-refused' } });
      if (!refused.ok) expect(refused.error.message.zh).toMatch(/收銀機編號「T01」.*UseFor/);

      settings.update({ tillId: 'T1' });
      const result = await call<CheckoutResult>('checkout.submit', paperOrder(60));
      // No print data from SystemLead, by design: the till printed the proof it built.
      expect(result).toMatchObject({ state: 'issued', printDataStatus: 'not-expected', missing: [] });
      expect(await admin(systemlead).lookup(result.orderNo)).toMatchObject({
        found: true,
        InvoiceNumber: result.invoiceNumber,
        RandomNumber: result.randomNumber,
      });
      const detail = await call<JournalDetail>('journal.get', { orderNo: result.orderNo });
      // The journal keeps the till's canonical order, whatever the wire names were, with the
      // random code the till chose and sent.
      expect(detail.transaction.requestData).toMatchObject({
        BillingNo: result.orderNo,
        DeviceID: 'T1',
        RandomNumber: result.randomNumber,
      });
      expect(detail.prints).toEqual([expect.objectContaining({ kind: 'proof' })]);
    } finally {
      settings.update({ serviceUrl: service.url, providerVariant: 'profile', tillId: 'T01' });
      await systemlead.close();
    }
  });

  it('runs the provider check from Settings with the supervisor PIN: agrees, then names a variant mismatch', async () => {
    const noPin = await core.dispatch('settings.checkProvider', {}, ctx);
    expect(noPin).toMatchObject({ ok: false });
    const unset = await core.dispatch('settings.checkProvider', { pin: '2468' }, ctx);
    expect(unset).toMatchObject({ ok: false, error: { code: 'service-not-configured' } });

    settings.update({ standardServiceUrl: service.standardUrl });
    secrets.set('standardApiKey', provider.standardApiKey);
    secrets.set('standardSigningSecret', provider.standardSigningSecret);
    try {
      const agree = await call<ProviderCheckReport>('settings.checkProvider', { pin: '2468' });
      expect(agree).toMatchObject({ ok: true, variant: 'profile', findings: [] });
      expect(agree.steps.every((step) => step.ok)).toBe(true);
      expect(Math.abs(agree.clockOffsetSeconds!)).toBeLessThanOrEqual(2);

      settings.update({ providerVariant: 'systemlead' });
      const mismatch = await call<ProviderCheckReport>('settings.checkProvider', { pin: '2468' });
      expect(mismatch).toMatchObject({ ok: false, variant: 'systemlead' });
      expect(mismatch.findings[0]!.en).toMatch(
        /Signature recipe mismatch.*Set the e-invoice service variant to profile/,
      );
    } finally {
      settings.update({ providerVariant: 'profile', standardServiceUrl: '' });
      secrets.clear('standardApiKey');
      secrets.clear('standardSigningSecret');
    }
  });

  it('keeps the production keys out of the log', () => {
    const logText = JSON.stringify(logger.lines);
    expect(logText).toContain('e-invoice service answered');
    for (const secret of [provider.apiKey, provider.signingSecret, provider.qrAesKey]) {
      expect(logText).not.toContain(secret);
    }
  });
});
