import { createPinGuard, type PinGuard } from '../../../src/main/settings/pin';
import { createSupervisorGate, type SupervisorRecorder } from '../../../src/main/settings/supervisor';
import type { SecretStore } from '../../../src/main/settings/secret-store';
import { defaultSettings, type TillSettings } from '../../../src/main/settings/settings-schema';

/** The supervisor PIN the capability tests use. */
export const TEST_PIN = '2468';

/** An in-memory secret store (backend `os`): enough for the PIN guard. */
export function memorySecrets(): SecretStore {
  const values = new Map<string, string>();
  return {
    backend: 'os',
    set: (name, value) => void values.set(name, value),
    get: (name) => values.get(name) ?? null,
    has: (name) => values.has(name),
    clear: (name) => void values.delete(name),
  };
}

/**
 * A supervisor gate over a real PIN guard with TEST_PIN set, recording into `journal`: what the
 * core builds, for tests of one capability's handlers.
 */
export async function supervisorWithPin(journal: SupervisorRecorder): Promise<{
  gate: ReturnType<typeof createSupervisorGate>;
  pins: PinGuard;
}> {
  const pins = createPinGuard({ secrets: memorySecrets() });
  await pins.set(TEST_PIN);
  let settings: TillSettings = defaultSettings();
  const store = {
    get: () => settings,
    update: (patch: Partial<TillSettings>) => (settings = { ...settings, ...patch }),
  };
  return { gate: createSupervisorGate({ pins, settings: store, journal }), pins };
}
