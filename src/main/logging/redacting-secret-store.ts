import { SECRET_NAMES, type SecretStore } from '../settings/secret-store';
import type { Redactor } from './redact';

/**
 * Teaches the log's redactor every secret the till holds: the ones already stored (read once at
 * start) and each one set or read later. Wrap the secret store with it before the core gets it.
 */
export function redactingSecretStore(secrets: SecretStore, redactor: Redactor): SecretStore {
  for (const name of SECRET_NAMES) {
    try {
      redactor.remember(secrets.get(name));
    } catch {
      // Unreadable: it cannot be logged by accident either.
    }
  }
  return {
    get backend() {
      return secrets.backend;
    },
    set(name, value) {
      redactor.remember(value);
      secrets.set(name, value);
    },
    get(name) {
      const value = secrets.get(name);
      redactor.remember(value);
      return value;
    },
    has: (name) => secrets.has(name),
    clear: (name) => secrets.clear(name),
    ...(secrets.settled ? { settled: () => secrets.settled!() } : {}),
  };
}
