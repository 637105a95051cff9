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
  // Fake timers while the main module loads: whatever it might defer is then run to the end below
  // (runAllTimersAsync), instead of waiting some milliseconds to see whether anything starts.
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'setImmediate'] });
  try {
    await import('../../../src/main/index');
    await vi.runAllTimersAsync();
  } finally {
    vi.useRealTimers();
  }
  const fake = state.fake!;
  expect(fake.module.app.requestSingleInstanceLock).toHaveBeenCalled();
  expect(fake.module.app.quit).toHaveBeenCalled();
  // Nothing deferred started it, and nothing is left listening on the app that could start it.
  expect(fake.module.app.whenReady).not.toHaveBeenCalled();
  expect(fake.module.app.eventNames()).toEqual([]);
  expect(fake.windows).toHaveLength(0);
  expect(fake.handlers.size).toBe(0);
});
