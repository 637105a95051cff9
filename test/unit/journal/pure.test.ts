import { describe, expect, it } from 'vitest';
import { canonicalJson, entryHash, entryText, GENESIS_HASH } from '../../../src/main/journal/chain';
import { csvCell } from '../../../src/main/exports/csv';
import { formatOrderNo, isAcceptableOrderNo, parseOrderNo } from '../../../src/main/journal/order-numbers';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../src/main/journal/schema/migrations';
import { isSecretName, withoutSecrets } from '../../../src/main/journal/secrets';

describe('canonical JSON and entry hashing', () => {
  it('sorts keys at every level and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: undefined, x: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"x":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ 名: '茶', A: 1 })).toBe('{"A":1,"名":"茶"}');
  });

  it('composes the entry text exactly as the canonical JSON of the whole entry', () => {
    const payload = { state: 'issued', invoiceNumber: 'AB12345678', amounts: { z: 1, a: 2 } };
    const entry = {
      id: 7,
      at: '2026-11-22T03:00:00.000Z',
      kind: 'tx.issued',
      orderNo: 'T01-20261122-000001',
      payload,
    };
    expect(entryText(entry.id, entry.at, entry.kind, entry.orderNo, canonicalJson(payload))).toBe(
      canonicalJson(entry),
    );
    expect(entryText(1, 'x', 'print.created', null, '{}')).toBe(
      canonicalJson({ id: 1, at: 'x', kind: 'print.created', orderNo: null, payload: {} }),
    );
  });

  it('hashes prev_hash + entry text with SHA-256', () => {
    // sha256("0" * 64 + "{}"), computed independently with sha256sum.
    expect(entryHash(GENESIS_HASH, '{}')).toBe(
      '5508d2b710e64bc470079e1b211d9c58e21011e59d0559e422345dc19d659a75',
    );
    expect(entryHash(GENESIS_HASH, '{}')).not.toBe(entryHash(GENESIS_HASH, '{ }'));
    expect(entryHash('a'.repeat(64), '{}')).not.toBe(entryHash(GENESIS_HASH, '{}'));
  });
});

describe('CSV cells', () => {
  it('quotes commas, quotes, line breaks and edge spaces; leaves plain text and numbers alone', () => {
    expect(csvCell('plain 文字')).toBe('plain 文字');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell(-150)).toBe('-150');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('1');
  });

  it('neutralises text that a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+886 2 1234')).toBe("'+886 2 1234");
    expect(csvCell('-x')).toBe("'-x");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('=A1,B1')).toBe(`"'=A1,B1"`);
  });
});

describe('order number format', () => {
  it('formats and parses till, day and sequence', () => {
    expect(formatOrderNo('T01', '2026-11-22', 123)).toBe('T01-20261122-000123');
    expect(formatOrderNo('T01', '2026-11-22', 1_234_567)).toBe('T01-20261122-1234567');
    expect(parseOrderNo('T01-20261122-000123')).toEqual({ tillId: 'T01', day: '2026-11-22', seq: 123 });
    expect(parseOrderNo('t01-20261122-000123')).toBeNull();
    expect(parseOrderNo('T01-2026112-000123')).toBeNull();
  });

  it('accepts only what fits the BillingNo', () => {
    expect(isAcceptableOrderNo(formatOrderNo('ABCDEFGHIJ12', '2026-11-22', 9_999_999))).toBe(true);
    expect(isAcceptableOrderNo('A'.repeat(31))).toBe(false);
    expect(isAcceptableOrderNo('T01_1')).toBe(false);
    expect(isAcceptableOrderNo('')).toBe(false);
  });
});

describe('secret scrubbing', () => {
  it('recognises secret names in any case and separator style', () => {
    for (const name of [
      'apiKey',
      'APIKEY',
      'api_key',
      'api-key',
      'Signature',
      'signingSecret',
      'signing_secret',
    ]) {
      expect(isSecretName(name)).toBe(true);
    }
    for (const name of ['BillingNo', 'SignatureDate2', 'keys', 'QKey'])
      expect(isSecretName(name)).toBe(false);
  });

  it('drops them at any depth, inside arrays too, without touching the input', () => {
    const input = {
      a: 1,
      apiKey: 'k',
      list: [{ Signature: 's', keep: true }],
      deep: { x: { signingSecret: 'z', y: 2 } },
    };
    expect(withoutSecrets(input)).toEqual({ a: 1, list: [{ keep: true }], deep: { x: { y: 2 } } });
    expect(input.apiKey).toBe('k');
  });
});

describe('migration steps', () => {
  it('are numbered 1..N in order', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1));
  });
});
