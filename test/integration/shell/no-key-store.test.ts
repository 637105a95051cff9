import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { IpcError } from '../../../src/shared/ipc/result';
import type { SettingsView } from '../../../src/shared/ipc/contract/settings';
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
const invoke = async (method: string, payload: unknown) => {
  const window = fake.windows[0]!;
  const event = { sender: window.webContents, senderFrame: window.webContents.mainFrame };
  return (await fake.handlers.get(`till:${method}`)!(event, payload)) as {
    ok: boolean;
    value: SettingsView;
    error: IpcError;
  };
};

beforeAll(async () => {
  await import('../../../src/main/index');
  fake = state.fake!;
  await vi.waitFor(() => expect(fake.windows[0]?.loadURL).toHaveBeenCalled(), { timeout: 20_000 });
});
afterAll(async () => {
  fake.module.app.emit('window-all-closed');
  await vi.waitFor(() => expect(fake.module.app.quit).toHaveBeenCalled());
  rmSync(fake.userData, { recursive: true, force: true });
});

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
