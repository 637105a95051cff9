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
      fullscreen: false,
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
    // Placed on its screen after creation, then full screen there (Linux here).
    expect(customer.setBounds).toHaveBeenCalledWith({ x: 1920, y: 0, width: 1024, height: 600 });
    expect(customer.setFullScreen).toHaveBeenCalledWith(true);
    expect(customer.showInactive).toHaveBeenCalled();
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
  it('closes when its screen is unplugged, reopens on the screen plugged back, and says so to the till', async () => {
    const main = fake.windows[0]!;
    main.webContents.send.mockClear();
    const first = fake.windows[1]!;
    fake.module.screen.unplug(101);
    expect(first.destroyed).toBe(true);
    expect(main.destroyed).toBe(false);
    const changed = ipcEventChannel('display.window-changed');
    expect(main.webContents.send).toHaveBeenCalledWith(changed, { state: 'no-screen' });
    expect((await invokeTill(fake, 'display.window', {})).value).toEqual({ state: 'no-screen' });

    fake.module.screen.plug(1);
    expect(fake.windows).toHaveLength(3);
    const again = fake.windows[2]!;
    expect(again.destroyed).toBe(false);
    expect(again.loadURL).toHaveBeenCalledWith(CUSTOMER_DISPLAY_URL);
    expect(main.webContents.send).toHaveBeenCalledWith(changed, { state: 'open' });
  });

  it('the cashier closes it from the till and opens it again (display.window)', async () => {
    const customer = fake.windows.at(-1)!;
    expect((await invokeTill(fake, 'display.window', { open: false })).value).toEqual({ state: 'closed' });
    expect(customer.destroyed).toBe(true);
    expect(fake.windows[0]!.destroyed).toBe(false);
    expect((await invokeTill(fake, 'display.window', { open: true })).value).toEqual({ state: 'open' });
    expect(fake.windows.at(-1)!.destroyed).toBe(false);
    expect(fake.windows.at(-1)).not.toBe(customer);
  });
});
