import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { fallbackLogDir } from '../../../src/main/shell/startup';
import type { FakeElectron } from './fake-electron';

/*
 * Issue 23.3: the data folder itself cannot be written (here: its parent is a file, as a folder
 * redirected to a broken share or a full, read-only disk would be). Before, `app.getPath` and the
 * file logger ran outside the `try`: no dialog, no window, and the single-instance lock stayed
 * held, so every later launch quit at once.
 */
const state = vi.hoisted(() => {
  process.env.ELECTRON_OVERRIDE_DIST_PATH = '/nonexistent/electron-is-not-installed';
  return { fake: null as FakeElectron | null, root: '' };
});
vi.mock('electron', async () => {
  const { createFakeElectron } = await import('./fake-electron');
  const { mkdtempSync: mkdtemp, writeFileSync: write } = await import('node:fs');
  const { tmpdir: tmp } = await import('node:os');
  const { join: joinPath } = await import('node:path');
  state.root = mkdtemp(joinPath(tmp(), 'till-unwritable-'));
  write(joinPath(state.root, 'not-a-folder'), 'a file where the data folder should be');
  state.fake = createFakeElectron({ userData: joinPath(state.root, 'not-a-folder', 'Till') });
  return { ...state.fake.module, default: state.fake.module };
});

afterAll(() => rmSync(state.root, { recursive: true, force: true }));

it('an unwritable data folder: a bilingual dialog with what to do and the log, the lock released, exit 1', async () => {
  await import('../../../src/main/index');
  const fake = state.fake!;
  await vi.waitFor(() => expect(fake.module.app.exit).toHaveBeenCalledWith(1), { timeout: 20_000 });
  expect(fake.module.app.releaseSingleInstanceLock).toHaveBeenCalled();
  expect(fake.module.app.releaseSingleInstanceLock.mock.invocationCallOrder[0]!).toBeLessThan(
    fake.module.app.exit.mock.invocationCallOrder[0]!,
  );
  expect(fake.windows).toHaveLength(0);
  const [title, body] = fake.module.dialog.showErrorBox.mock.calls[0]! as [string, string];
  expect(title).toBe('收銀台無法啟動 / Till cannot start');
  expect(body).toContain('資料資料夾無法寫入');
  expect(body).toContain('cannot be written');
  expect(body).toContain(fake.userData);
  // The log could not go into the data folder: it went to the temp folder, and the dialog says where.
  const logFile = join(fallbackLogDir(), 'till.log');
  expect(body).toContain(logFile);
  expect(readFileSync(logFile, 'utf8')).toMatch(/ERROR shell: the till could not start .*ENOTDIR/);
});
