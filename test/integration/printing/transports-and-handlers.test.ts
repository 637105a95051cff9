import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { printingMethods } from '../../../src/shared/ipc/contract/printing';
import { Journal } from '../../../src/main/journal/journal';
import { createPrintingHandlers } from '../../../src/main/printing/handlers';
import { MemoryPrintJobStore } from '../../../src/main/printing/print-job-store';
import { PrintService, type PrinterConfig } from '../../../src/main/printing/print-service';
import { samplePrintData, samplePrintDataString } from '../../../src/main/printing/sample-print-data';
import { DeviceTransport } from '../../../src/main/printing/transports/device-transport';
import { QueueTransport } from '../../../src/main/printing/transports/queue-transport';
import { PrintFailure } from '../../../src/main/printing/transports/transport';
import { VirtualPrinter } from '../../../src/main/printing/virtual-printer';
import { decodeEscPos, readableLines, readQrPair } from '../../support/escpos-decoder';
import { makeTempDir } from '../../support/temp-dir';
import { supervisorWithPin, TEST_PIN } from '../settings/supervisor-fixture';

let temp: ReturnType<typeof makeTempDir>;
beforeEach(() => {
  temp = makeTempDir('printing');
});
afterEach(() => temp.remove());

describe('device path and OS queue transports', () => {
  it('writes a job to a character device, and reports a missing device as offline', async () => {
    // /dev/null is the character device every Unix has; a regular file is refused (printer-address.test.ts).
    const config: PrinterConfig = { uri: '/dev/null', model: 'epson', paperWidth: 58, chinese: 'big5' };
    const service = new PrintService({ store: new MemoryPrintJobStore(), printer: () => config });
    expect(
      (await service.printProof({ orderNo: 'T01-1', printDataString: samplePrintDataString() })).printed,
    ).toBe(true);
    expect(await service.status()).toMatchObject({ state: 'online' });

    const missing = new DeviceTransport(join(temp.dir, 'no-dir', 'lp1'));
    await expect(missing.send(Buffer.from('x'))).rejects.toMatchObject({ code: 'offline' });
    expect((await missing.status()).state).toBe('offline');
  });

  it('sends raw to `lp -d NAME -o raw` and reports a refusing queue', async () => {
    const spool = join(temp.dir, 'spooled.bin');
    const lp = join(temp.dir, 'lp');
    writeFileSync(
      lp,
      `#!/bin/sh\n[ "$1 $2 $3 $4" = "-d TM_T82 -o raw" ] || { echo "bad args: $*" >&2; exit 9; }\ncat > '${spool}'\n`,
    );
    chmodSync(lp, 0o755);
    const lpstat = join(temp.dir, 'lpstat');
    writeFileSync(lpstat, '#!/bin/sh\necho "printer $2 is idle.  enabled since Mon"\n');
    chmodSync(lpstat, 0o755);
    const queue = new QueueTransport('TM_T82', { lp, lpstat });
    await queue.send(Buffer.from([0x1b, 0x40, 0x41, 0x0a]));
    expect([...readFileSync(spool)]).toEqual([0x1b, 0x40, 0x41, 0x0a]);
    expect((await queue.status()).state).toBe('online');

    const refusing = join(temp.dir, 'lp-refuse');
    writeFileSync(refusing, '#!/bin/sh\necho "lp: The printer or class does not exist." >&2\nexit 1\n');
    chmodSync(refusing, 0o755);
    const failure = await new QueueTransport('NOPE', { lp: refusing })
      .send(Buffer.from('x'))
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PrintFailure);
    expect((failure as PrintFailure).message).toMatch(/queue-error: .* does not exist/);
    await expect(new QueueTransport('X', { platform: 'win32' }).send(Buffer.from('x'))).rejects.toMatchObject(
      { code: 'queue-error' },
    );
  });
});

describe('IPC handlers', () => {
  let printer: VirtualPrinter;
  let service: PrintService;
  let handlers: ReturnType<typeof createPrintingHandlers>;
  let journal: Journal;
  const ctx = { host: 'web' as const };

  beforeEach(async () => {
    printer = await VirtualPrinter.start();
    const settings = {
      uri: printer.uri,
      model: 'epson' as const,
      paperWidth: 58 as const,
      chinese: 'big5' as const,
    };
    service = new PrintService({ store: new MemoryPrintJobStore(), printer: () => settings });
    journal = Journal.open(join(temp.dir, 'journal.sqlite'));
    handlers = createPrintingHandlers(
      service,
      () => settings,
      (businessDay) => journal.summary({ businessDay }),
      (await supervisorWithPin(journal)).gate,
    );
  });
  afterEach(async () => {
    await service.close();
    await printer.close();
    journal.close();
  });

  type Methods = typeof printingMethods;
  const check = async <M extends keyof Methods>(
    name: M,
    value: unknown,
  ): Promise<z.output<Methods[M]['output']>> =>
    printingMethods[name].output.parse(value) as z.output<Methods[M]['output']>;

  it('prints the summary slip of a business day from the journal', async () => {
    const outcome = await check(
      'printing.printSummary',
      await handlers['printing.printSummary']({ businessDay: '2026-11-22' }, ctx),
    );
    expect(outcome).toMatchObject({ printed: true, failure: null });
    const lines = readableLines(decodeEscPos(printer.printedJobs().at(-1)!, 'epson'));
    expect(lines).toEqual(expect.arrayContaining(['日結報表', '營業日 2026-11-22']));
  });

  it('answer in the contract shapes: status, test print, pending, retry, preview, drawer', async () => {
    await check('printing.status', await handlers['printing.status']({}, ctx));
    await check('printing.testPrint', await handlers['printing.testPrint']({}, ctx));

    await printer.goOffline();
    const failed = await service.printProof({
      orderNo: 'T01-7',
      printDataString: JSON.stringify(samplePrintData()),
    });
    const pending = await check('printing.pending', await handlers['printing.pending']({}, ctx));
    expect(pending.jobs).toEqual([
      expect.objectContaining({
        id: failed.jobId,
        orderNo: 'T01-7',
        failure: 'offline',
        message: expect.objectContaining({ zh: expect.stringContaining('未連線') }),
      }),
    ]);
    await expect(handlers['printing.openDrawer']({ pin: TEST_PIN }, ctx)).rejects.toMatchObject({
      code: 'print-offline',
    });

    await printer.goOnline();
    const retried = await check(
      'printing.retry',
      await handlers['printing.retry']({ jobId: failed.jobId }, ctx),
    );
    expect(retried).toMatchObject({ printed: true, message: null });
    await expect(handlers['printing.retry']({ jobId: failed.jobId }, ctx)).rejects.toMatchObject({
      code: 'print-already-printed',
    });
    await expect(handlers['printing.retry']({ jobId: 999 }, ctx)).rejects.toMatchObject({
      code: 'print-not-found',
    });

    const preview = await check(
      'printing.preview',
      await handlers['printing.preview']({ orderNo: 'T01-7' }, ctx),
    );
    expect(preview.dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    expect(preview).toMatchObject({ jobId: failed.jobId, kind: 'proof', widthDots: 384 });
    await expect(handlers['printing.preview']({ orderNo: 'NONE' }, ctx)).rejects.toMatchObject({
      code: 'print-not-found',
    });

    const printedBefore = printer.printedJobs().length;
    await expect(handlers['printing.openDrawer']({}, ctx)).rejects.toMatchObject({ code: 'pin-required' });
    await expect(handlers['printing.openDrawer']({ pin: '1111' }, ctx)).rejects.toMatchObject({
      code: 'pin-wrong',
    });
    expect(printer.printedJobs()).toHaveLength(printedBefore); // refused: no drawer kick sent
    expect(journal.supervisorActions()).toEqual([]); // the failed (offline) opening left no record either

    await check(
      'printing.openDrawer',
      await handlers['printing.openDrawer']({ pin: TEST_PIN, by: '王店長' }, ctx),
    );
    expect(decodeEscPos(printer.printedJobs().at(-1)!, 'epson').drawerKicks).toBe(1);
    expect(journal.supervisorActions()).toEqual([
      expect.objectContaining({
        action: 'printing.open-drawer',
        by: '王店長',
        // Issue 22 item 7: a no-sale opening carries its till and training mark like every other
        // row of the cash table (this harness's settings name no till).
        detail: { printer: printer.uri, tillId: '', training: false },
      }),
    ]);
  });

  it('validates input before a handler runs', () => {
    expect(printingMethods['printing.retry'].input.safeParse({ jobId: -1 }).success).toBe(false);
    expect(printingMethods['printing.preview'].input.safeParse({ jobId: 1, orderNo: 'x' }).success).toBe(
      false,
    );
  });

  it('training mode: `virtual` starts a preview printer on 127.0.0.1', async () => {
    const settings = {
      uri: 'virtual',
      model: 'epson' as const,
      paperWidth: 80 as const,
      chinese: 'big5' as const,
    };
    const training = new PrintService({ store: new MemoryPrintJobStore(), printer: () => settings });
    try {
      const result = await training.printProof({
        orderNo: 'T01-8',
        printDataString: samplePrintDataString(),
      });
      expect(result.printed).toBe(true);
      expect(training.virtualPrinter?.uri).toMatch(/^tcp:\/\/127\.0\.0\.1:\d+$/);
      const paper = decodeEscPos(training.virtualPrinter!.printedJobs()[0]!, 'epson');
      expect(readQrPair(paper.images[0]!)[0]).toBe(samplePrintData().QRCodeLeft);
      const preview = await training.preview({ jobId: result.jobId });
      expect(preview?.widthDots).toBe(576); // the 5.7 cm proof centered on 80 mm paper
    } finally {
      await training.close();
    }
  });
});
