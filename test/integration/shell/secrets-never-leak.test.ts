import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTillCore, type TillCore } from '../../../src/main/app/create-core';
import { createFileLogger } from '../../../src/main/logging/file-logger';
import { createRedactor } from '../../../src/main/logging/redact';
import { redactingSecretStore } from '../../../src/main/logging/redacting-secret-store';
import { logServiceResponse } from '../../../src/main/logging/service-response';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { createJsonFileSettingsStore } from '../../../src/main/settings/json-file-settings-store';
import { filesUnder } from '../../support/files-under';
import { makeTempDir } from '../../support/temp-dir';

const API_KEY = 'AK-prod-3f9a7c1e5b2d8046';
const SIGNING_SECRET = 'SS-prod-d41d8cd98f00b204e980';
const QR_KEY = '9F86D081884C7D659A2FEAA0C55AD015';
const PIN = '739153';

/**
 * A run of the core as the shell assembles it (file logger with redaction, encrypted secrets),
 * with everything a till does with secrets; afterwards no file under the data folder holds one.
 */
describe('secrets never reach a file, a log line or the renderer', () => {
  const temp = makeTempDir('no-leak');
  const events: Array<{ event: string; payload: unknown }> = [];
  const rendererSaw: unknown[] = [];
  let core: TillCore;
  let logFile: string;

  beforeAll(async () => {
    const redactor = createRedactor();
    const logger = createFileLogger({ dir: join(temp.dir, 'logs'), redactor, maxBytes: 4096, keep: 3 });
    logFile = logger.file;
    const secrets = redactingSecretStore(createFileKeySecretStore(temp.dir), redactor);
    core = await createTillCore({
      host: 'web',
      appName: 'Till',
      version: '0.1.0',
      dataDir: temp.dir,
      settings: createJsonFileSettingsStore(join(temp.dir, 'settings.json')),
      secrets,
      logger,
    });
    core.events.subscribe((event, payload) => events.push({ event, payload }));
    const call = async (method: string, input: unknown) => {
      const result = await core.dispatch(method, input, { host: 'web' });
      rendererSaw.push(result);
      return result;
    };

    await call('settings.setPin', { newPin: PIN });
    await call('settings.update', {
      patch: {
        mode: 'production',
        serviceUrl: 'https://pos.einvoice.example',
        firstRunDone: true,
        acceptInsecureSecretStorage: true, // the web host's key store is a key file: `weak`
      },
      secrets: { apiKey: API_KEY, signingSecret: SIGNING_SECRET, qrAesKey: QR_KEY },
      pin: PIN,
    });
    await call('settings.update', { patch: { sellerName: '正式商店' }, pin: PIN });
    await call('settings.verifyPin', { pin: PIN });
    await call('settings.verifyPin', { pin: '000000' });
    await call('settings.update', { secrets: { apiKey: `${API_KEY} with a space` } }); // invalid
    await call('settings.update', { patch: { sellerName: API_KEY.repeat(4) }, pin: PIN }); // too long: invalid
    await call('settings.get', {});
    await call('app.status', {});
    // Journal exports land under the data folder too (whatever they contain, the scan below reads them).
    const today = new Date().toISOString().slice(0, 10);
    mkdirSync(join(temp.dir, 'exports'));
    for (const format of ['csv', 'json']) {
      await call('journal.export', {
        businessDay: today,
        format,
        folder: join(temp.dir, 'exports'),
        pin: PIN,
      });
    }

    // What the invoice client and the rest of the main process log around a sale.
    const signingSecret = secrets.get('signingSecret');
    logger.info('service request', {
      url: 'https://pos.einvoice.example/Append/Order',
      headers: { apiKey: API_KEY },
      body: {
        CompanyID: '24549210',
        Timestamp: '1735689600',
        Signature: 'f'.repeat(64),
        Data: { BillingNo: 'T01-1' },
      },
    });
    logServiceResponse(logger, {
      operation: 'order',
      httpStatus: 401,
      body: { ResultMessage: `unknown apiKey ${API_KEY}` },
    });
    logServiceResponse(logger, {
      operation: 'order',
      httpStatus: 200,
      body: { StatusCode: 1, ResultMessage: 'OK', BillingNo: 'T01-1', InvoiceNumber: 'AB12345678' },
    });
    logger.error('signing failed', new Error(`HMAC over 24549210${signingSecret}1735689600 failed`));
    logger.warn(`qr key ${QR_KEY} looks odd`);
    // Enough lines to rotate the log a few times: rotated files are checked as well.
    for (let i = 0; i < 60; i++) logger.info('tick', { i, headers: { apiKey: API_KEY } });
    await core.close();
  });
  afterAll(() => temp.remove());

  it('ran as a till would: production settings saved, status pushed after each change', () => {
    // One push per settings change (the PIN and two updates succeeded); the first answers of the
    // printer and the service, and the reconciliation's line going off once production has no
    // standard keys, may add one each: a handful, never a push per call.
    const changes = events.filter((e) => e.event === 'app.status-changed');
    expect(changes.length).toBeGreaterThanOrEqual(3);
    expect(changes.length).toBeLessThanOrEqual(8);
    expect(changes.at(-1)!.payload).toMatchObject({
      mode: 'production',
      service: { url: 'https://pos.einvoice.example' },
    });
    const log = readFileSync(logFile, 'utf8');
    expect(log).toContain('tick');
    expect(filesUnder(join(temp.dir, 'logs')).length).toBeGreaterThan(1); // rotated
  });

  it('logs service answers with HTTP status, StatusCode and ResultMessage', () => {
    const all = filesUnder(join(temp.dir, 'logs'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    expect(all).toContain(
      '"operation":"order","httpStatus":401,"StatusCode":null,"ResultMessage":"unknown apiKey [redacted]"',
    );
    expect(all).toContain(
      '"httpStatus":200,"StatusCode":1,"ResultMessage":"OK","BillingNo":"T01-1","InvoiceNumber":"AB12345678"',
    );
    expect(all).toContain('"headers":{"apiKey":"[redacted]"}');
    expect(all).toContain('"Signature":"[redacted]"');
  });

  it('leaves no secret, and no PIN hash, in any file under the data folder', () => {
    const files = filesUnder(temp.dir);
    expect(files.some((file) => file.endsWith('secrets.json'))).toBe(true);
    expect(filesUnder(join(temp.dir, 'exports')).length).toBeGreaterThan(0); // the journal exports
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const secret of [API_KEY, SIGNING_SECRET, QR_KEY, 'scrypt$']) {
        expect(bytes.includes(Buffer.from(secret)), `${secret} in ${file}`).toBe(false);
      }
    }
  });

  it('never sends a secret or the PIN hash to the renderer', () => {
    const seen = JSON.stringify(rendererSaw);
    for (const secret of [API_KEY, SIGNING_SECRET, QR_KEY, 'scrypt$']) expect(seen).not.toContain(secret);
    expect(seen).toContain('"apiKey":{"set":true}');
  });
});
