import { createServer, type Server, type Socket } from 'node:net';
import { tokenize } from './escpos/tokens';
import type { PrinterModel } from './escpos/writer';
import { EPSON_BITS, STAR_BITS } from './status';

/**
 * A printer on 127.0.0.1 that records what it is sent: training mode's preview printer and
 * the tests' printer. It answers status requests like the real models (EPSON DLE EOT / GS r,
 * Star ASB) and can act out failures: offline (not listening), paper out, cover open, a
 * connection dropped after N bytes (a cable pulled mid-job), or silence.
 */
export interface VirtualPrinterFaults {
  paperOut?: boolean;
  coverOpen?: boolean;
  paperNearEnd?: boolean;
  /** Close the connection once this many bytes arrived (they are kept, the rest is lost). */
  dropAfterBytes?: number | null;
  /** Never answer status requests. */
  silent?: boolean;
}

export interface VirtualPrinterOptions extends VirtualPrinterFaults {
  model?: PrinterModel;
  /** 0 (default) picks a free port; going offline and back keeps the port. */
  port?: number;
}

export interface ReceivedJob {
  bytes: Buffer;
  /** The connection was cut by a simulated drop. */
  dropped: boolean;
  /** Status requests seen (those answered and not). */
  statusRequests: number;
  /** It carried more than status requests. */
  hasContent: boolean;
  /** Content arrived while the paper was out: nothing came out. */
  paperOut: boolean;
  at: Date;
}

const HOST = '127.0.0.1';

export class VirtualPrinter {
  readonly model: PrinterModel;
  readonly received: ReceivedJob[] = [];
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private faults: VirtualPrinterFaults;
  private boundPort: number;

  private constructor(options: VirtualPrinterOptions) {
    this.model = options.model ?? 'epson';
    this.faults = { ...options };
    this.boundPort = options.port ?? 0;
  }

  static async start(options: VirtualPrinterOptions = {}): Promise<VirtualPrinter> {
    const printer = new VirtualPrinter(options);
    await printer.goOnline();
    return printer;
  }

  get port(): number {
    return this.boundPort;
  }

  get uri(): string {
    return `tcp://${HOST}:${this.boundPort}`;
  }

  get online(): boolean {
    return this.server !== null;
  }

  setFaults(faults: VirtualPrinterFaults): void {
    this.faults = { ...this.faults, ...faults };
  }

  /** Jobs that carried content and were not cut off: what came out on paper. */
  printedJobs(): Buffer[] {
    return this.received
      .filter((job) => job.hasContent && !job.dropped && !job.paperOut)
      .map((job) => job.bytes);
  }

  async goOnline(): Promise<void> {
    if (this.server) return;
    const server = createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.boundPort, HOST, () => resolve());
    });
    this.boundPort = (server.address() as { port: number }).port;
    this.server = server;
  }

  /** Stops listening and cuts open connections: a printer switched off. */
  async goOffline(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  close(): Promise<void> {
    return this.goOffline();
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    const job: ReceivedJob = {
      bytes: Buffer.alloc(0),
      dropped: false,
      statusRequests: 0,
      hasContent: false,
      paperOut: false,
      at: new Date(),
    };
    this.received.push(job);
    let unparsed = Buffer.alloc(0);
    let multiByte = false;
    socket.on('data', (chunk: Buffer) => {
      if (job.dropped) return;
      const limit = this.faults.dropAfterBytes;
      if (limit !== null && limit !== undefined && job.bytes.length + chunk.length >= limit) {
        job.bytes = Buffer.concat([job.bytes, chunk.subarray(0, Math.max(0, limit - job.bytes.length))]);
        job.dropped = true;
        job.hasContent = true;
        socket.destroy();
        return;
      }
      job.bytes = Buffer.concat([job.bytes, chunk]);
      unparsed = Buffer.concat([unparsed, chunk]);
      const { tokens, consumed, multiByte: mode } = tokenize(unparsed, this.model, multiByte);
      unparsed = unparsed.subarray(consumed);
      multiByte = mode;
      for (const token of tokens) {
        if (token.type !== 'status-query') {
          job.hasContent = true;
          if (this.faults.paperOut) job.paperOut = true;
          continue;
        }
        job.statusRequests++;
        if (!this.faults.silent) socket.write(this.answer(token.query, token.n));
      }
    });
    socket.on('error', () => {});
    socket.on('end', () => socket.end());
    socket.on('close', () => this.sockets.delete(socket));
  }

  private answer(query: 'dle-eot' | 'gs-r' | 'star-asb', n: number): Buffer {
    const { paperOut = false, coverOpen = false, paperNearEnd = false } = this.faults;
    if (query === 'star-asb') {
      const asb = Buffer.from([0x23, 0x86, 0, 0, 0, 0, 0, 0, 0]);
      asb[2] = (coverOpen ? STAR_BITS.coverOpen : 0) | (paperOut || coverOpen ? STAR_BITS.offline : 0);
      asb[5] = (paperOut ? STAR_BITS.paperEnd : 0) | (paperNearEnd || paperOut ? STAR_BITS.nearEnd : 0);
      return asb;
    }
    if (query === 'gs-r') {
      return Buffer.from([
        (paperOut ? EPSON_BITS.sensorEnd : 0) | (paperNearEnd || paperOut ? EPSON_BITS.sensorNearEnd : 0),
      ]);
    }
    let value: number = EPSON_BITS.fixed;
    if (n === 1 && (paperOut || coverOpen)) value |= EPSON_BITS.offline;
    if (n === 2)
      value |= (coverOpen ? EPSON_BITS.coverOpen : 0) | (paperOut ? EPSON_BITS.stoppedByPaperEnd : 0);
    if (n === 4) value |= (paperOut ? EPSON_BITS.rollEnd : 0) | (paperNearEnd ? EPSON_BITS.rollNearEnd : 0);
    return Buffer.from([value]);
  }
}
