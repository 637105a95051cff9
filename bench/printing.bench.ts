// Printing: building one proof's ESC/POS bytes from PrintDataString (parse, layout, Big5 or
// raster text, QR pair image, encoding), target < 20 ms; the other outputs for comparison; and
// one proof printed end to end over TCP to the virtual printer on 127.0.0.1 (status, bytes, confirm).
import { renderEscPos } from '../src/main/printing/escpos/render-escpos';
import { MemoryPrintJobStore } from '../src/main/printing/print-job-store';
import { PrintService } from '../src/main/printing/print-service';
import { renderPreview } from '../src/main/printing/preview';
import { paperOf } from '../src/main/printing/paper';
import { loadRasterFont } from '../src/main/printing/raster-font';
import { samplePrintDataString } from '../src/main/printing/sample-print-data';
import { slipForJob } from '../src/main/printing/slip-content';
import { VirtualPrinter } from '../src/main/printing/virtual-printer';

const TARGET_MS = 20;
const WARMUP = 30;
const RUNS = 100;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!;

async function time(runs: number, work: () => unknown | Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return samples;
}

export default async function bench(): Promise<void> {
  const font = loadRasterFont();
  const paper = paperOf(58);
  const consumer = samplePrintDataString();
  const business = samplePrintDataString({ buyerId: '04595252' });
  const bytesOf = (content: string, chinese: 'big5' | 'raster', model: 'epson' | 'star' = 'epson') =>
    renderEscPos(slipForJob({ kind: 'proof', content, reprint: false }, paper), {
      model,
      chinese,
      font: () => font,
    });

  const rows: Array<[string, number[], number]> = [];
  const add = async (name: string, work: () => Buffer | unknown) => {
    let size = 0;
    const samples = await time(RUNS, () => {
      const out = work();
      if (Buffer.isBuffer(out)) size = out.length;
    });
    rows.push([name, samples, size]);
  };
  await add('proof bytes, consumer, EPSON Big5', () => bytesOf(consumer, 'big5'));
  await add('proof bytes, B + details, EPSON Big5', () => bytesOf(business, 'big5'));
  await add('proof bytes, consumer, EPSON raster', () => bytesOf(consumer, 'raster'));
  await add('proof bytes, consumer, Star Big5', () => bytesOf(consumer, 'big5', 'star'));
  await add(
    'preview PNG, consumer',
    () =>
      renderPreview(slipForJob({ kind: 'proof', content: consumer, reprint: false }, paper), paper, font).png,
  );

  const printer = await VirtualPrinter.start();
  const config = {
    uri: printer.uri,
    model: 'epson' as const,
    paperWidth: 58 as const,
    chinese: 'big5' as const,
  };
  const service = new PrintService({
    store: new MemoryPrintJobStore(),
    printer: () => config,
    font: () => font,
  });
  let n = 0;
  const printed = await time(50, async () => {
    const result = await service.printProof({ orderNo: `B-${n++}`, printDataString: consumer });
    if (!result.printed) throw new Error(result.reason ?? 'not printed');
  });
  rows.push(['proof printed over TCP (virtual printer)', printed, 0]);
  await service.close();
  await printer.close();

  for (const [name, samples, size] of rows) {
    console.log(
      `${name.padEnd(44)} median ${median(samples).toFixed(2).padStart(7)} ms  p95 ${p95(samples).toFixed(2).padStart(7)} ms${size ? `  ${size} bytes` : ''}`,
    );
  }
  const build = median(rows[0]![1]);
  console.log(
    `proof bytes / target ${TARGET_MS} ms: ratio ${(build / TARGET_MS).toFixed(2)} (${build < TARGET_MS ? 'OK' : 'OVER'})`,
  );
  console.log(
    `raster / Big5 build time: ratio ${(median(rows[2]![1]) / build).toFixed(2)}; bytes ratio ${(rows[2]![2] / rows[0]![2]).toFixed(2)}`,
  );
  console.log(`print over TCP / build: ratio ${(median(printed) / build).toFixed(2)}`);
}
