import { rmSync } from 'node:fs';
import { expect, vi } from 'vitest';
import type { SettingsView } from '../../../src/shared/ipc/contract/settings';
import type { IpcError } from '../../../src/shared/ipc/result';
import type { FakeElectron } from './fake-electron';

/*
 * Running the Electron entry in a test file whose `electron` is mocked with the stand-in
 * (`vi.mock` has to stay in each test file: it is hoisted there, per file).
 */

/** Imports the entry and waits until its window starts loading the renderer. */
export async function startEntry(state: { fake: FakeElectron | null }): Promise<FakeElectron> {
  await import('../../../src/main/index');
  const fake = state.fake!;
  await vi.waitFor(() => expect(fake.windows[0]?.loadURL).toHaveBeenCalled(), { timeout: 20_000 });
  return fake;
}

/** Closes the windows as a user would, waits for the app to quit, and removes its user data. */
export async function quitEntry(fake: FakeElectron): Promise<void> {
  fake.module.app.emit('window-all-closed');
  await vi.waitFor(() => expect(fake.module.app.quit).toHaveBeenCalled());
  rmSync(fake.userData, { recursive: true, force: true });
}

/** What a handler answers; each test reads the fields it checks, and a missing one fails the assertion. */
export interface IpcAnswer {
  ok: boolean;
  value: SettingsView;
  error: IpcError;
}

/** Calls a registered `till:` handler, by default as the main frame of the first window. */
export async function invokeTill(
  fake: FakeElectron,
  method: string,
  payload: unknown,
  event: unknown = ownFrame(fake),
): Promise<IpcAnswer> {
  const handler = fake.handlers.get(`till:${method}`);
  if (!handler) throw new Error(`not registered: ${method}`);
  return (await handler(event, payload)) as IpcAnswer;
}

function ownFrame(fake: FakeElectron) {
  const window = fake.windows[0]!;
  return { sender: window.webContents, senderFrame: window.webContents.mainFrame };
}
