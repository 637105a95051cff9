/**
 * The log's redaction layer: values under secret-looking keys are replaced, and so is any text
 * equal to (or, for values long enough to be unambiguous, containing) a secret the till knows.
 */
export const REDACTED = '[redacted]';

const SECRET_KEYS = new Set(
  [
    'apiKey',
    'api_key',
    'signature',
    'signingSecret',
    'qrAesKey',
    'pin',
    'newPin',
    'currentPin',
    'supervisorPin',
    'supervisorPinHash',
    'password',
    'passphrase',
    'token',
    'accessToken',
    'authorization',
    'cookie',
    'secret',
    'secrets',
  ].map((key) => key.toLowerCase()),
);

/** Also caught: camelCase names that end in one of these (`webToken`, `aesSecret`, `adminPassword`). */
const SECRET_SUFFIX = /(Secret|Password|Token|Pin|PinHash)$/;

export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(key.toLowerCase()) || SECRET_SUFFIX.test(key);
}

/** Shorter known values are only redacted where a whole text equals them: "1234" is also a price. */
const MIN_SUBSTRING_LENGTH = 8;
const MAX_DEPTH = 8;

export interface Redactor {
  /** Adds a secret value to redact wherever it appears from now on. */
  remember(value: string | null | undefined): void;
  redactText(text: string): string;
  /** A copy safe to log: plain data, secrets replaced, errors flattened. */
  redact(value: unknown): unknown;
}

export function createRedactor(): Redactor {
  const known = new Set<string>();

  const redactText = (text: string): string => {
    let out = text;
    for (const secret of known) {
      if (out === secret) return REDACTED;
      if (secret.length >= MIN_SUBSTRING_LENGTH && out.includes(secret))
        out = out.split(secret).join(REDACTED);
    }
    return out;
  };

  const walk = (value: unknown, depth: number, seen: WeakSet<object>): unknown => {
    if (typeof value === 'string') return redactText(value);
    if (value === null || typeof value !== 'object')
      return typeof value === 'bigint' ? value.toString() : value;
    if (seen.has(value)) return '[circular]';
    if (depth >= MAX_DEPTH) return '[too deep]';
    seen.add(value);
    if (value instanceof Error) {
      const flat: Record<string, unknown> = { name: value.name, message: redactText(value.message) };
      if (value.stack) flat.stack = redactText(value.stack);
      for (const [key, field] of Object.entries(value)) {
        flat[key] = isSecretKey(key) ? REDACTED : walk(field, depth + 1, seen);
      }
      if (value.cause !== undefined) flat.cause = walk(value.cause, depth + 1, seen);
      return flat;
    }
    if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
    if (Array.isArray(value)) return value.map((item) => walk(item, depth + 1, seen));
    if (value instanceof Map) return walk(Object.fromEntries(value), depth, seen);
    // No prototype: a logged body's own `__proto__` key stays a key instead of replacing it.
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [key, field] of Object.entries(value)) {
      out[key] = isSecretKey(key) ? REDACTED : walk(field, depth + 1, seen);
    }
    // A header-like bag that names its secrets in a field: { name: 'apiKey', value: '...' }.
    if (typeof out.name === 'string' && SECRET_KEYS.has(out.name.toLowerCase()) && 'value' in out)
      out.value = REDACTED;
    return out;
  };

  return {
    remember(value) {
      if (typeof value === 'string' && value.length > 0) known.add(value);
    },
    redactText,
    redact: (value) => walk(value, 0, new WeakSet()),
  };
}
