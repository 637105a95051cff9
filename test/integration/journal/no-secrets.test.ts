import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { sale, tempJournal } from './fixtures';
import { exporterOf } from '../../support/export-keys';

const SECRETS = ['sk-live-APIKEY-7f3a', 'SIGNATURE-9c1e0b', 'SIGNING-SECRET-44d2'];

describe('no secret in the journal', () => {
  const env = tempJournal('secrets');
  afterEach(() => env.cleanup());

  it('drops secret-named fields at any depth from rows, entries and exports', async () => {
    const journal = env.open();
    const orderNo = journal.nextOrderNo('T01');
    const tx = sale(orderNo, {
      extraData: {
        apiKey: SECRETS[0],
        Signature: SECRETS[1],
        nested: { signingSecret: SECRETS[2], keep: 'ok' },
      },
    });
    journal.begin({ ...tx, invoice: { ...tx.invoice, ...({ api_key: SECRETS[0] } as object) } });
    journal.recordExchange(orderNo, {
      operation: 'order',
      httpStatus: 200,
      statusCode: 1,
      resultMessage: 'OK',
      durationMs: 5,
      outcome: 'issued',
      ...({ Signature: SECRETS[1] } as object),
    });
    journal.markIssued(orderNo, {
      invoiceNumber: 'AB12345678',
      invoiceDateTime: '2026-11-22T11:00:00',
      randomNumber: '0001',
      printDataString: null,
    });

    const stored = journal.get(orderNo)!;
    expect(stored.requestData).not.toHaveProperty('apiKey');
    expect(stored.requestData).not.toHaveProperty('Signature');
    expect((stored.requestData as unknown as { nested: object }).nested).toEqual({ keep: 'ok' });

    const out = new PassThrough();
    let exported = '';
    out.on('data', (c: Buffer) => (exported += c.toString()));
    await exporterOf(journal).exportDay({ businessDay: stored.businessDay, format: 'json' }, out);
    const detail = JSON.stringify(journal.detail(orderNo));
    journal.close();

    // Every byte SQLite wrote (main file, WAL, shared memory): no secret value, no secret field name.
    const files = readdirSync(env.dir).map((name) => readFileSync(join(env.dir, name)).toString('latin1'));
    for (const text of [...files, exported, detail]) {
      for (const secret of SECRETS) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/"(apiKey|api_key|Signature|signingSecret)"/);
    }
  });
});
