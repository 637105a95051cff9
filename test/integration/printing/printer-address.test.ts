import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTillCore, type TillCore } from '../../../src/main/app/create-core';
import { MemoryPrintJobStore } from '../../../src/main/printing/print-job-store';
import { PrintService, type PrinterConfig } from '../../../src/main/printing/print-service';
import { epsonStatusProtocol } from '../../../src/main/printing/status';
import { DeviceTransport } from '../../../src/main/printing/transports/device-transport';
import { checkPrinterUri } from '../../../src/main/printing/transports/printer-uri';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { createJsonFileSettingsStore } from '../../../src/main/settings/json-file-settings-store';
import { makeTempDir } from '../../support/temp-dir';

/**
 * Issue 11 item 8: a mistyped printer address (`lpt1`) was taken as a file in the working
 * folder; the test page went into that file and the till said 測試頁已印出. Only real printers
 * are accepted now, and a print counts only when the printer took it.
 */
let temp: ReturnType<typeof makeTempDir>;
let startDir: string;
const ctx = { host: 'web' as const };
const quiet = { info() {}, warn() {}, error() {} };

beforeEach(() => {
  temp = makeTempDir('printer-address');
  startDir = process.cwd();
  // The working folder is where a relative "device" used to be created: make it one we can see.
  mkdirSync(join(temp.dir, 'cwd'));
  process.chdir(join(temp.dir, 'cwd'));
});

afterEach(() => {
  process.chdir(startDir);
  temp.remove();
});

/** Every file under a folder, so that "no file was created anywhere" can be checked. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

describe('the printer setting takes only real printers', () => {
  let core: TillCore;
  beforeEach(async () => {
    core = await createTillCore({
      host: 'web',
      appName: 'Till',
      version: '0.0.0',
      dataDir: join(temp.dir, 'data'),
      settings: createJsonFileSettingsStore(join(temp.dir, 'data', 'settings.json')),
      secrets: createFileKeySecretStore(join(temp.dir, 'data')),
      logger: quiet,
    });
  });
  afterEach(() => core.close());

  const printerUri = async () => {
    const view = await core.dispatch('settings.get', {}, ctx);
    if (!view.ok) throw new Error(JSON.stringify(view.error));
    return (view.value as { settings: { printer: { uri: string } } }).settings.printer.uri;
  };

  it('refuses `lpt1` with a bilingual reason, saves nothing, creates no file', async () => {
    const before = { cwd: filesUnder('.'), start: existsSync(join(startDir, 'lpt1')) };
    const settingsFile = join(temp.dir, 'data', 'settings.json');
    const saved = () => (existsSync(settingsFile) ? readFileSync(settingsFile, 'utf8') : null);
    const dataBefore = saved();
    for (const uri of ['lpt1', 'LPT1', 'COM3', 'lp0', './lpt1']) {
      const answer = await core.dispatch('settings.update', { patch: { printer: { uri } } }, ctx);
      expect(answer.ok, uri).toBe(false);
      if (answer.ok) continue;
      expect(answer.error.code).toBe('rejected');
      expect(answer.error.message.zh).toMatch(/印表機位置 .* 無法辨識，設定未變更。/);
      expect(answer.error.message.zh).toContain('/dev/usb/lp0');
      expect(answer.error.message.en).toMatch(/is not a printer address: nothing was changed/);
    }
    expect(await printerUri()).toBe('virtual');
    expect(saved()).toBe(dataBefore);
    // The test page still goes to the saved printer, and no file named like the address appears.
    const test = await core.dispatch('printing.testPrint', {}, ctx);
    expect(test).toMatchObject({ ok: true, value: { printed: true } });
    expect(filesUnder('.')).toEqual(before.cwd);
    expect(existsSync(join(startDir, 'lpt1'))).toBe(before.start);
    expect(filesUnder(temp.dir).filter((file) => /lpt1|lp0|COM3/i.test(file))).toEqual([]);
  });

  it('refuses a regular file, a folder and a missing device; takes a character device', async () => {
    const file = join(temp.dir, 'printer.bin');
    writeFileSync(file, '');
    const refused = async (uri: string) => {
      const answer = await core.dispatch('settings.update', { patch: { printer: { uri } } }, ctx);
      if (answer.ok) throw new Error(`${uri} was saved`);
      return answer.error.message;
    };
    expect((await refused(file)).zh).toBe(
      `${file} 不是印表機裝置（是一般檔案或資料夾），設定未變更。` +
        '可用的印表機位置：virtual、tcp://主機:9100、queue:佇列名稱，或裝置路徑（例如 /dev/usb/lp0、/dev/ttyUSB0；Windows 為 COM3、LPT1）。',
    );
    expect((await refused(temp.dir)).en).toMatch(/is not a printer device/);
    const missing = join(temp.dir, 'no-such', 'lp0');
    expect(await refused(missing)).toMatchObject({
      zh: expect.stringContaining(`找不到裝置 ${missing}（ENOENT）`),
      en: expect.stringContaining(`No device ${missing} (ENOENT)`),
    });
    expect(existsSync(missing)).toBe(false);
    expect(statSync(file).size).toBe(0);
    expect(await printerUri()).toBe('virtual');

    // Windows port names cannot be stat'ed there: their form (device namespace) is the check.
    expect(await checkPrinterUri('COM3', { platform: 'win32' })).toEqual({
      ok: true,
      address: { kind: 'device', path: '\\\\.\\COM3' },
    });
    expect(await checkPrinterUri('printer.bin', { platform: 'win32' })).toMatchObject({ ok: false });

    // /dev/null is a character device on every Linux and macOS machine.
    const saved = await core.dispatch('settings.update', { patch: { printer: { uri: '/dev/null' } } }, ctx);
    expect(saved.ok).toBe(true);
    expect(await printerUri()).toBe('/dev/null');
    for (const uri of ['virtual', 'tcp://192.0.2.7:9100', 'queue:TM_T82']) {
      expect((await core.dispatch('settings.update', { patch: { printer: { uri } } }, ctx)).ok, uri).toBe(
        true,
      );
    }
  });
});

describe('printed means the printer took it', () => {
  const service = (uri: string, timeoutMs = 300) => {
    const config: PrinterConfig = { uri, model: 'epson', paperWidth: 58, chinese: 'big5', timeoutMs };
    return new PrintService({ store: new MemoryPrintJobStore(), printer: () => config });
  };

  it('an address saved before this check (`lpt1`) fails the test page and creates no file', async () => {
    const before = filesUnder('.');
    const printing = service('lpt1');
    expect(await printing.testPrint()).toMatchObject({ printed: false, failure: 'not-configured' });
    expect((await printing.status()).state).toBe('offline');
    expect(filesUnder('.')).toEqual(before);
  });

  it('a regular file is not a printer: nothing is written to it and nothing counts as printed', async () => {
    const file = join(temp.dir, 'lp0');
    writeFileSync(file, '');
    const printing = service(file);
    expect(await printing.testPrint()).toMatchObject({ printed: false, failure: 'not-configured' });
    expect(statSync(file).size).toBe(0);
    expect(await printing.status()).toMatchObject({ state: 'offline' });
    // A missing device is not created either.
    const missing = new DeviceTransport(join(temp.dir, 'lp1'));
    await expect(missing.send(Buffer.from('x'))).rejects.toMatchObject({ code: 'offline' });
    expect(existsSync(join(temp.dir, 'lp1'))).toBe(false);
  });

  it('a character device takes the job', async () => {
    const printing = service('/dev/null');
    expect(await printing.testPrint()).toMatchObject({ printed: true, failure: null });
    expect(await printing.status()).toMatchObject({ state: 'online' });
  });

  describe('a TCP printer that takes the connection but does not confirm', () => {
    let server: Server;
    const sockets: Socket[] = [];
    let received: Buffer;
    const listen = async (onConnection: (socket: Socket) => void) => {
      server = createServer((socket) => {
        sockets.push(socket);
        socket.on('data', (chunk) => (received = Buffer.concat([received, chunk])));
        socket.on('error', () => {});
        onConnection(socket);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `tcp://127.0.0.1:${(server.address() as { port: number }).port}`;
    };
    beforeEach(() => {
      received = Buffer.alloc(0);
    });
    afterEach(async () => {
      sockets.splice(0).forEach((socket) => socket.destroy());
      await new Promise((resolve) => server.close(resolve));
    });

    it('never answers the status query: not printed, and the job never went out', async () => {
      const printing = service(await listen(() => {}));
      expect(await printing.testPrint()).toMatchObject({ printed: false, failure: 'timeout' });
      // Only the status query went out: the slip waits for a printer that answers.
      expect(received).toEqual(epsonStatusProtocol.query);
      expect(await printing.status()).toMatchObject({ state: 'offline' });
    });

    it('closes the connection at once: not printed', async () => {
      const printing = service(await listen((socket) => socket.end()));
      expect(await printing.testPrint()).toMatchObject({ printed: false, failure: 'connection-lost' });
      expect(await printing.status()).toMatchObject({ state: 'offline' });
    });
  });
});
