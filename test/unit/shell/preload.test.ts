import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TillBridge } from '../../../src/shared/ipc/bridge';

const electron = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoke: null as unknown as ReturnType<typeof import('vitest').vi.fn>,
  listeners: new Map<string, Set<(...args: unknown[]) => void>>(),
}));

vi.mock('electron', async () => {
  const { vi } = await import('vitest');
  electron.invoke = vi.fn(async () => ({ ok: true, value: 'from main' }));
  const ipcRenderer = {
    invoke: electron.invoke,
    on: (channel: string, listener: (...args: unknown[]) => void) => {
      if (!electron.listeners.has(channel)) electron.listeners.set(channel, new Set());
      electron.listeners.get(channel)!.add(listener);
    },
    removeListener: (channel: string, listener: (...args: unknown[]) => void) =>
      electron.listeners.get(channel)?.delete(listener),
  };
  const contextBridge = {
    exposeInMainWorld: (key: string, value: unknown) => electron.exposed.set(key, value),
  };
  return { contextBridge, ipcRenderer, default: { contextBridge, ipcRenderer } };
});

describe('the preload bridge', () => {
  let till: TillBridge;
  beforeAll(async () => {
    await import('../../../src/preload/index');
    till = electron.exposed.get('till') as TillBridge;
  });

  it('exposes exactly one object, window.till, through the context bridge', () => {
    expect([...electron.exposed.keys()]).toEqual(['till']);
    expect(Object.keys(till).sort()).toEqual(['call', 'on']);
  });

  it('invokes a contract method on its channel', async () => {
    expect(await till.call('settings.get', {})).toEqual({ ok: true, value: 'from main' });
    expect(electron.invoke).toHaveBeenCalledWith('till:settings.get', {});
  });

  it('refuses an unknown method without asking the main process', async () => {
    electron.invoke.mockClear();
    const result = await till.call('fs.readFile' as never, {} as never);
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
    expect(electron.invoke).not.toHaveBeenCalled();
  });

  it('subscribes to contract events only, and unsubscribes', () => {
    const seen: unknown[] = [];
    const stop = till.on('app.status-changed', (payload) => seen.push(payload));
    const listeners = electron.listeners.get('till:event:app.status-changed')!;
    expect(listeners.size).toBe(1);
    for (const listener of listeners) listener({ sender: 'main' }, { tillId: 'T01' });
    expect(seen).toEqual([{ tillId: 'T01' }]);
    stop();
    expect(listeners.size).toBe(0);

    const before = electron.listeners.size;
    till.on('ipc.anything' as never, () => {})();
    expect(electron.listeners.size).toBe(before);
  });
});
