import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { invokeTill, quitEntry, startEntry } from './entry';
import type { FakeElectron } from './fake-electron';

const state = vi.hoisted(() => {
  process.env.ELECTRON_OVERRIDE_DIST_PATH = '/nonexistent/electron-is-not-installed';
  return { fake: null as FakeElectron | null };
});
vi.mock('electron', async () => {
  const { createFakeElectron } = await import('./fake-electron');
  state.fake = createFakeElectron({ encryption: 'none' });
  return { ...state.fake.module, default: state.fake.module };
});

let fake: FakeElectron;
const invoke = (method: string, payload: unknown) => invokeTill(fake, method, payload);

beforeAll(async () => {
  fake = await startEntry(state);
});
afterAll(() => quitEntry(fake));

it('without an OS key store the settings screen says so and no secret is stored', async () => {
  const view = (await invoke('settings.get', {})).value;
  expect(view.secureStorage).toBe('unavailable');
  expect(view.secureStorageNotice!.zh).toContain('無法加密');
  expect(view.secureStorageNotice!.en).toContain('cannot encrypt');

  const refused = await invoke('settings.update', { secrets: { apiKey: 'AK-live-7f3c9e21b04d4a6f' } });
  expect(refused).toMatchObject({ ok: false, error: { code: 'secure-storage-unavailable' } });
  expect(refused.error.message.zh).toContain('無法加密儲存');
  expect(refused.error.message.en).toContain('cannot store secrets encrypted');

  const pin = await invoke('settings.setPin', { newPin: '2468' });
  expect(pin).toMatchObject({ ok: false, error: { code: 'secure-storage-unavailable' } });

  const secretsFile = join(fake.userData, 'secrets.json');
  const stored = existsSync(secretsFile) ? JSON.parse(readFileSync(secretsFile, 'utf8')) : {};
  expect(stored).toEqual({});
  expect(fake.module.safeStorage.encryptString).not.toHaveBeenCalled();
  expect((await invoke('settings.get', {})).value.secrets.apiKey).toEqual({ set: false });
});
