/**
 * No secret is ever stored: the engine strips them from the request body, and the journal drops
 * any member with a secret's name at any depth anyway (belt and braces).
 */
const SECRET_NAMES = new Set(['apikey', 'signature', 'signingsecret', 'secret', 'password', 'token']);

export function isSecretName(name: string): boolean {
  return SECRET_NAMES.has(name.replace(/[-_]/g, '').toLowerCase());
}

/** A deep copy without secret-named members (and without functions/undefined). */
export function withoutSecrets<T>(value: T): T {
  return scrub(value) as T;
}

function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrub);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      if (isSecretName(key) || member === undefined || typeof member === 'function') continue;
      out[key] = scrub(member);
    }
    return out;
  }
  return value;
}
