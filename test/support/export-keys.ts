import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { dayExporter, type DayExporter } from '../../src/main/exports/export';
import type { Journal } from '../../src/main/journal/journal';

const keys = new WeakMap<Journal, KeyObject>();

/**
 * Gives a journal opened by a test its own export signing key, as the core gives a till's exports
 * (exports/export-signature.ts): its JSON exports through `exporterOf` are then signed like a till's.
 */
export function signExports(journal: Journal): Journal {
  if (!keys.has(journal)) keys.set(journal, generateKeyPairSync('ed25519').privateKey);
  return journal;
}

/** The exports of a journal (src/main/exports), signed when `signExports` gave it a key. */
export function exporterOf(journal: Journal): DayExporter {
  return dayExporter(journal, () => keys.get(journal) ?? null);
}
