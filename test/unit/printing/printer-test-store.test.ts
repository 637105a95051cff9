import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { printerKey, usePrinterTest } from '../../../src/renderer/src/settings/printer-test-store';

/**
 * Issue 11 item 8: the settings screen's last test-print and status answers are about one
 * printer setting; when the setting changes they leave the screen, and a late answer about the
 * previous setting is not shown.
 */
type Call = { method: string; resolve(value: unknown): void };
let calls: Call[];

beforeEach(() => {
  calls = [];
  // The preload bridge, as the renderer reaches main: each call waits until the test answers it.
  (globalThis as { window?: unknown }).window = {
    till: {
      call: (method: string) =>
        new Promise((resolve) => calls.push({ method, resolve: (value) => resolve({ ok: true, value }) })),
    },
  };
  usePrinterTest.getState().reset();
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

const store = () => usePrinterTest.getState();
const flush = () => new Promise((resolve) => setImmediate(resolve));
const network = printerKey({ uri: 'tcp://192.0.2.7:9100', model: 'epson' });
const virtual = printerKey({ uri: 'virtual', model: 'epson' });
const printed = { jobId: 7, printed: true, reprint: false, failure: null, message: null };
const online = {
  state: 'online',
  paperNearEnd: false,
  detail: null,
  printer: 'tcp://192.0.2.7:9100',
  model: 'epson',
  paperWidth: 58,
  chinese: 'big5',
  checkedAt: '2026-11-05T06:03:09.000Z',
};

describe('the settings screen printer test', () => {
  it('clears the last test print, preview and status when the printer setting changes', async () => {
    store().showFor(network);
    const testing = store().testPrint();
    calls.shift()!.resolve(printed);
    await flush();
    expect(calls.map((call) => call.method)).toEqual(['printing.preview']);
    calls.shift()!.resolve({ dataUrl: 'data:image/png;base64,AAAA' });
    await testing;
    const checking = store().check();
    calls.shift()!.resolve(online);
    await checking;
    expect(store()).toMatchObject({ printer: network, outcome: printed, status: online });
    expect(store().preview).toMatch(/^data:image\/png/);

    store().showFor(network); // the same setting again (a re-render): the answers stay
    expect(store().outcome).toEqual(printed);

    store().showFor(virtual);
    expect(store()).toMatchObject({
      printer: virtual,
      outcome: null,
      status: null,
      preview: null,
      error: null,
      busy: false,
    });
  });

  it('drops an answer that arrives after the printer setting changed', async () => {
    store().showFor(network);
    const testing = store().testPrint();
    const checking = store().check();
    store().showFor(virtual);
    calls.find((call) => call.method === 'printing.testPrint')!.resolve(printed);
    calls.find((call) => call.method === 'printing.status')!.resolve(online);
    await Promise.all([testing, checking]);
    expect(calls.map((call) => call.method)).not.toContain('printing.preview');
    expect(store()).toMatchObject({ printer: virtual, outcome: null, status: null, preview: null });
  });

  it('keeps nothing for the next visit of the screen', async () => {
    store().showFor(network);
    const checking = store().check();
    calls.shift()!.resolve(online);
    await checking;
    store().reset();
    store().showFor(network);
    expect(store().status).toBeNull();
  });
});
