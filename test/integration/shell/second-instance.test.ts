import { rmSync } from 'node:fs';
import { afterAll, expect, it, vi } from 'vitest';
import type { FakeElectron } from './fake-electron';

const state = vi.hoisted(() => {
  process.env.ELECTRON_OVERRIDE_DIST_PATH = '/nonexistent/electron-is-not-installed';
  return { fake: null as FakeElectron | null };
});
vi.mock('electron', async () => {
  const { createFakeElectron } = await import('./fake-electron');
  state.fake = createFakeElectron({ singleInstance: false });
  return { ...state.fake.module, default: state.fake.module };
});

afterAll(() => rmSync(state.fake!.userData, { recursive: true, force: true }));

it('a second till on the same PC quits at once: no window, no core, no files', async () => {
  await import('../../../src/main/index');
  const fake = state.fake!;
  expect(fake.module.app.requestSingleInstanceLock).toHaveBeenCalled();
  expect(fake.module.app.quit).toHaveBeenCalled();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(fake.module.app.whenReady).not.toHaveBeenCalled();
  expect(fake.windows).toHaveLength(0);
  expect(fake.handlers.size).toBe(0);
});
