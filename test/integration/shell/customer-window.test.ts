import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ipcEventChannel } from '../../../src/shared/ipc/bridge';
import { CUSTOMER_DISPLAY_URL } from '../../../src/main/shell/customer-window';
import { invokeTill, quitEntry, startEntry } from './entry';
import type { FakeElectron } from './fake-electron';

// The entry against the stand-in with two screens (see main-process.test.ts). Electron never runs.
const state = vi.hoisted(() => {
  process.env.ELECTRON_OVERRIDE_DIST_PATH = '/nonexistent/electron-is-not-installed';
  return { fake: null as FakeElectron | null };
});
vi.mock('electron', async () => {
  const { createFakeElectron } = await import('./fake-electron');
  state.fake = createFakeElectron({ displays: 2 });
  return { ...state.fake.module, default: state.fake.module };
});

/**
 * Issue 15: with a second screen the entry opens the customer display there: the main window's
 * security checklist, full screen on the second display, not focusable, loading the customer
 * view of the same bundle; it receives display.changed and nothing else, and cannot call the core.
 */
describe('the customer display window on a second screen', () => {
  let fake: FakeElectron;
  beforeAll(async () => {
    fake = await startEntry(state);
    await vi.waitFor(() => expect(fake.windows[1]?.loadURL).toHaveBeenCalled());
  });
  afterAll(() => quitEntry(fake));

  it('opens on the second display, locked down, loading the customer view', () => {
    expect(fake.windows).toHaveLength(2);
    const customer = fake.windows[1]!;
    expect(customer.options).toMatchObject({
      x: 1920,
      y: 0,
      width: 1024,
      height: 600,
      fullscreen: true,
      focusable: false,
      show: false,
      webPreferences: expect.objectContaining({
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        devTools: false,
      }),
    });
    expect(customer.loadURL).toHaveBeenCalledWith(CUSTOMER_DISPLAY_URL);
  });

  it('receives display.changed (with the store’s name) and no other push', async () => {
    const main = fake.windows[0]!;
    const customer = fake.windows[1]!;
    customer.webContents.send.mockClear();
    const answer = await invokeTill(fake, 'display.update', {
      phase: 'cart',
      lines: [{ name: '可口可樂', quantity: 1, amount: 35 }],
      total: 35,
      paid: null,
      change: null,
      qrUrl: null,
    });
    expect(answer.ok).toBe(true);
    const channel = ipcEventChannel('display.changed');
    expect(customer.webContents.send).toHaveBeenCalledWith(channel, expect.objectContaining({ total: 35 }));
    expect(main.webContents.send).toHaveBeenCalledWith(channel, expect.anything());
    await invokeTill(fake, 'app.status', {});
    const channels = customer.webContents.send.mock.calls.map((call) => call[0]);
    expect(new Set(channels)).toEqual(new Set([channel]));
  });

  it('cannot call the core: its frame is not the till window’s', async () => {
    const customer = fake.windows[1]!;
    const answer = await invokeTill(
      fake,
      'app.status',
      {},
      {
        senderFrame: customer.webContents.mainFrame,
        sender: customer.webContents,
      },
    );
    expect(answer.ok).toBe(false);
  });
});
