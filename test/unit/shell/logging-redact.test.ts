import { describe, expect, it } from 'vitest';
import { createRedactor, isSecretKey, REDACTED } from '../../../src/main/logging/redact';
import { serviceResponseFields } from '../../../src/main/logging/service-response';

describe('redaction', () => {
  it('replaces values under secret-looking keys at any depth', () => {
    const redactor = createRedactor();
    const out = redactor.redact({
      headers: { apiKey: 'k-123', 'content-type': 'application/json' },
      body: {
        CompanyID: '24549210',
        Signature: 'abc',
        Timestamp: '1700000000',
        Data: { BillingNo: 'T01-1' },
      },
      settings: { signingSecret: 's', qrAesKey: 'q', pin: '1234', newPin: '5678', password: 'p', token: 't' },
      list: [{ authorization: 'Bearer x' }, { webToken: 'w', adminPassword: 'a', supervisorPinHash: 'h' }],
    });
    expect(out).toEqual({
      headers: { apiKey: REDACTED, 'content-type': 'application/json' },
      body: {
        CompanyID: '24549210',
        Signature: REDACTED,
        Timestamp: '1700000000',
        Data: { BillingNo: 'T01-1' },
      },
      settings: {
        signingSecret: REDACTED,
        qrAesKey: REDACTED,
        pin: REDACTED,
        newPin: REDACTED,
        password: REDACTED,
        token: REDACTED,
      },
      list: [
        { authorization: REDACTED },
        { webToken: REDACTED, adminPassword: REDACTED, supervisorPinHash: REDACTED },
      ],
    });
  });

  it('does not touch ordinary fields that merely look alike', () => {
    for (const key of ['BillingNo', 'printer', 'shipping', 'spinner', 'QKey', 'InvoiceNumber', 'keyboard']) {
      expect(isSecretKey(key), key).toBe(false);
    }
  });

  it('replaces a known secret wherever its text appears, including inside errors and URLs', () => {
    const redactor = createRedactor();
    const secret = 'AK-9f8e7d6c5b4a';
    redactor.remember(secret);
    const error = new Error(`request to https://svc/?key=${secret} failed`);
    const out = redactor.redact({ note: `key ${secret} used`, error, nested: [[secret]] }) as {
      note: string;
      error: { message: string };
      nested: unknown;
    };
    expect(JSON.stringify(out)).not.toContain(secret);
    expect(out.note).toBe(`key ${REDACTED} used`);
    expect(out.error.message).toBe(`request to https://svc/?key=${REDACTED} failed`);
    expect(out.nested).toEqual([[REDACTED]]);
    expect(redactor.redactText(`x${secret}y${secret}`)).toBe(`x${REDACTED}y${REDACTED}`);
  });

  it('redacts a short known value only where the whole text equals it', () => {
    const redactor = createRedactor();
    redactor.remember('1234');
    expect(redactor.redactText('1234')).toBe(REDACTED);
    expect(redactor.redactText('total 12345')).toBe('total 12345');
  });

  it('survives cycles, buffers and bigints', () => {
    const redactor = createRedactor();
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(redactor.redact({ cyclic, buffer: Buffer.from('secret'), n: 10n })).toEqual({
      cyclic: { a: 1, self: '[circular]' },
      buffer: '[6 bytes]',
      n: '10',
    });
  });
});

describe('service response log fields', () => {
  it('keeps HTTP status, StatusCode, ResultMessage and the sale identifiers, nothing else', () => {
    const fields = serviceResponseFields({
      operation: 'order',
      httpStatus: 200,
      durationMs: 312,
      body: {
        StatusCode: 1,
        ResultMessage: 'OK',
        BillingNo: 'T01-20250101-0001',
        InvoiceNumber: 'AB12345678',
        InvoiceDateTime: '2025-01-01T10:00:00',
        RandomNumber: '0122',
        PrintDataString: '{"SellerName":"..."}',
        apiKey: 'never',
      },
    });
    expect(fields).toEqual({
      operation: 'order',
      httpStatus: 200,
      StatusCode: 1,
      ResultMessage: 'OK',
      BillingNo: 'T01-20250101-0001',
      InvoiceNumber: 'AB12345678',
      InvoiceDateTime: '2025-01-01T10:00:00',
      durationMs: 312,
    });
  });

  it('logs an answer without a body or no answer at all with nulls and the reason', () => {
    expect(serviceResponseFields({ operation: 'order', httpStatus: 401, body: 'Unauthorized' })).toEqual({
      operation: 'order',
      httpStatus: 401,
      StatusCode: null,
      ResultMessage: null,
    });
    expect(
      serviceResponseFields({ operation: 'order', httpStatus: null, failure: 'timeout after 10000 ms' }),
    ).toMatchObject({
      httpStatus: null,
      failure: 'timeout after 10000 ms',
    });
  });
});
