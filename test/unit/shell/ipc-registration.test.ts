import { describe, expect, it, vi } from 'vitest';
import { createDispatcher, type HandlerMap } from '../../../src/main/core/dispatch';
import { ownFrameCheck, registerIpc, type SenderEvent } from '../../../src/main/shell/register-ipc';
import { ipcMethodChannel } from '../../../src/shared/ipc/bridge';
import { methodNames } from '../../../src/shared/ipc/contract';

type Handler = (event: SenderEvent, payload: unknown) => Promise<unknown>;

function frame(url: string, routingId = 1, parent: unknown = null) {
  return { url, processId: 4, routingId, parent };
}

/** A WebContents as the check sees it: an identity and a main frame. */
function contents(url = 'app://till/index.html') {
  return { mainFrame: frame(url) };
}

function setup() {
  // Every handler is a spy answering 'ran': whether any ran is the question.
  const spies = new Map<string, ReturnType<typeof vi.fn>>();
  const handlers = new Proxy({} as HandlerMap, {
    get(_target, method: string) {
      if (!spies.has(method))
        spies.set(
          method,
          vi.fn(async () => 'ran'),
        );
      return spies.get(method);
    },
  });
  const dispatch = createDispatcher(handlers, { error: vi.fn() });
  const registered = new Map<string, Handler>();
  const ipcMain = {
    handle: vi.fn((channel: string, handler: Handler) => void registered.set(channel, handler)),
  };
  const window = contents();
  const refused = vi.fn();
  registerIpc(
    ipcMain as never,
    dispatch,
    ownFrameCheck(() => window as never),
    refused,
  );
  const own: SenderEvent = { sender: window, senderFrame: window.mainFrame } as never;
  return { spies, registered, ipcMain, window, own, refused };
}

describe('IPC registration', () => {
  it('registers every contract method with ipcMain.handle, once, on its channel', () => {
    const { ipcMain, registered } = setup();
    expect(methodNames.length).toBeGreaterThan(0);
    expect(ipcMain.handle).toHaveBeenCalledTimes(methodNames.length);
    for (const method of methodNames) expect(registered.has(ipcMethodChannel(method)), method).toBe(true);
  });

  it('answers a malformed payload for every method with invalid-input, and no handler runs', async () => {
    const { registered, own, spies } = setup();
    for (const method of methodNames) {
      for (const payload of [42, 'text', [1, 2], true]) {
        const result = (await registered.get(ipcMethodChannel(method))!(own, payload)) as {
          ok: boolean;
          error: { code: string; message: { zh: string; en: string } };
        };
        expect(result.ok, `${method} ${JSON.stringify(payload)}`).toBe(false);
        expect(result.error.code, method).toBe('invalid-input');
        expect(result.error.message.en).toContain(method);
      }
    }
    for (const [method, spy] of spies) expect(spy, method).not.toHaveBeenCalled();
  });

  it('lets a well-formed call from the own frame reach its handler', async () => {
    const { registered, own, spies } = setup();
    expect(await registered.get(ipcMethodChannel('settings.verifyPin'))!(own, { pin: '2468' })).toEqual({
      ok: true,
      value: 'ran',
    });
    expect(spies.get('settings.verifyPin')).toHaveBeenCalledWith({ pin: '2468' }, { host: 'electron' });
  });

  it('refuses every foreign sender before validation, with no handler run', async () => {
    const { registered, window, spies, refused } = setup();
    const stranger = contents();
    const cases: Array<[string, SenderEvent]> = [
      ['another WebContents', { sender: stranger, senderFrame: stranger.mainFrame } as never],
      [
        'a subframe of the window',
        { sender: window, senderFrame: frame('app://till/index.html', 2, window.mainFrame) } as never,
      ],
      [
        'a file URL in the main frame',
        { sender: window, senderFrame: { ...window.mainFrame, url: 'file:///tmp/index.html' } } as never,
      ],
      [
        'a remote page in the main frame',
        { sender: window, senderFrame: { ...window.mainFrame, url: 'https://evil.example/' } } as never,
      ],
      [
        'another frame id with the app URL',
        { sender: window, senderFrame: frame('app://till/index.html', 9) } as never,
      ],
      ['a destroyed frame', { sender: window, senderFrame: null } as never],
    ];
    for (const [name, event] of cases) {
      for (const method of methodNames) {
        const result = (await registered.get(ipcMethodChannel(method))!(event, {})) as {
          ok: boolean;
          error: { code: string };
        };
        expect(result, `${name}: ${method}`).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      }
    }
    for (const [method, spy] of spies) expect(spy, method).not.toHaveBeenCalled();
    expect(refused).toHaveBeenCalledWith('settings.verifyPin', 'file:///tmp/index.html');
  });

  it('refuses everything while there is no window', async () => {
    const check = ownFrameCheck(() => null);
    const window = contents();
    expect(check({ sender: window, senderFrame: window.mainFrame } as never)).toBe(false);
  });
});
