import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { Journal } from '../../src/main/journal/journal';

const keys = new WeakMap<Journal, KeyObject>();

/**
 * Gives a journal opened by a test its own export signing key, as the core gives a till's journal
 * (journal/export-signature.ts): its JSON exports are then signed like a till's.
 */
export function signExports(journal: Journal): Journal {
  let key = keys.get(journal);
  if (!key) {
    key = generateKeyPairSync('ed25519').privateKey;
    keys.set(journal, key);
  }
  const signing = key;
  journal.useExportSigningKey(() => signing);
  return journal;
}
