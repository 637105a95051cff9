import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import type { FakeElectron } from './fake-electron';

const state = vi.hoisted(() => {
  process.env.ELECTRON_OVERRIDE_DIST_PATH = '/nonexistent/electron-is-not-installed';
  return { fake: null as FakeElectron | null };
});
vi.mock('electron', async () => {
  const { createFakeElectron } = await import('./fake-electron');
  state.fake = createFakeElectron({ failLoad: true });
  return { ...state.fake.module, default: state.fake.module };
});

afterAll(() => rmSync(state.fake!.userData, { recursive: true, force: true }));

it('a till that cannot start says so in both languages, logs why, and exits', async () => {
  await import('../../../src/main/index');
  const fake = state.fake!;
  await vi.waitFor(() => expect(fake.module.app.exit).toHaveBeenCalledWith(1), { timeout: 20_000 });
  const [title, body] = fake.module.dialog.showErrorBox.mock.calls[0]! as [string, string];
  expect(title).toBe('收銀台無法啟動 / Till cannot start');
  expect(body).toContain('請通知店長');
  expect(body).toContain(join(fake.userData, 'logs', 'till.log'));
  const log = readFileSync(join(fake.userData, 'logs', 'till.log'), 'utf8');
  expect(log).toMatch(/ERROR shell: the till could not start .*ERR_FILE_NOT_FOUND/);
});
