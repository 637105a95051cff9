// `npm run print -- <command> [options]`
//   sample  --printer URI [--model epson|star] [--paper 58|80] [--raster] [--buyer TAXID] [--drawer]
//   test    --printer URI [...]            the test slip
//   status  --printer URI [--model ...]    online / offline / paper-out / cover-open
//   preview --out FILE.png [--buyer TAXID] [--reprint] [--paper 58|80]
// URI: tcp://host[:9100], queue:NAME, a device path (/dev/usb/lp0), or `virtual`.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { PrinterModel } from './escpos/writer';
import type { PaperWidth } from './paper';
import { MemoryPrintJobStore } from './print-job-store';
import { PrintService, type PrinterConfig } from './print-service';
import { samplePrintDataString } from './sample-print-data';
import { parsePrinterUri } from './transports/printer-uri';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    printer: { type: 'string', default: 'virtual' },
    model: { type: 'string', default: 'epson' },
    paper: { type: 'string', default: '58' },
    raster: { type: 'boolean', default: false },
    buyer: { type: 'string', default: '' },
    drawer: { type: 'boolean', default: false },
    reprint: { type: 'boolean', default: false },
    out: { type: 'string' },
    timeout: { type: 'string', default: '3000' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const command = positionals[0] ?? 'help';
const model = values.model as PrinterModel;
if (model !== 'epson' && model !== 'star') fail(`--model must be epson or star, not ${values.model}`);
const paperWidth = Number(values.paper) as PaperWidth;
if (paperWidth !== 58 && paperWidth !== 80) fail(`--paper must be 58 or 80, not ${values.paper}`);
if (!parsePrinterUri(values.printer)) fail(`--printer: not a printer address: ${values.printer}`);

const config: PrinterConfig = {
  uri: values.printer,
  model,
  paperWidth,
  chinese: values.raster ? 'raster' : 'big5',
  timeoutMs: Number(values.timeout),
};
const service = new PrintService({
  store: new MemoryPrintJobStore(),
  printer: () => config,
  sellerName: () => '練習商店',
});
const content = samplePrintDataString(values.buyer ? { buyerId: values.buyer } : {});

async function main(): Promise<void> {
  switch (command) {
    case 'sample':
    case 'test': {
      const result =
        command === 'sample'
          ? await service.printProof({
              orderNo: 'SAMPLE-1',
              printDataString: content,
              openDrawer: values.drawer,
            })
          : await service.testPrint();
      console.log(
        result.printed ? `printed (job ${result.jobId}) on ${config.uri}` : `NOT printed: ${result.reason}`,
      );
      const virtual = service.virtualPrinter;
      if (virtual)
        console.log(
          `virtual printer received ${virtual.received.reduce((n, job) => n + job.bytes.length, 0)} bytes`,
        );
      process.exitCode = result.printed ? 0 : 1;
      break;
    }
    case 'status': {
      const status = await service.status();
      console.log(
        `${config.uri}: ${status.state}${status.paperNearEnd ? ' (paper near end)' : ''}${status.detail ? ` — ${status.detail}` : ''}`,
      );
      process.exitCode = status.state === 'online' ? 0 : 1;
      break;
    }
    case 'preview': {
      if (!values.out) fail('preview needs --out FILE.png');
      const preview = service.previewContent('proof', content, values.reprint);
      writeFileSync(values.out, preview.png);
      console.log(`${values.out}: ${preview.widthDots}×${preview.heightDots} dots`);
      break;
    }
    default:
      console.log(
        'usage: npm run print -- sample|test|status|preview --printer URI [--model epson|star] [--paper 58|80] [--raster] [--buyer TAXID] [--out FILE.png]',
      );
      process.exitCode = command === 'help' ? 0 : 2;
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => service.close());
