import { constants } from 'node:fs';
import { access, open } from 'node:fs/promises';
import type { PrinterStatus } from '../status';
import { PrintFailure, type PrinterTransport } from './transport';

/**
 * A printer as a device path: USB (`/dev/usb/lp0`), serial (`/dev/ttyUSB0`, `COM3`). The job
 * is written to it; these links do not answer status, so a write that completes is the best
 * sign of success there is. Appends, so a plain file collects jobs (handy for debugging).
 */
export class DeviceTransport implements PrinterTransport {
  readonly describe: string;

  constructor(
    private readonly path: string,
    private readonly timeoutMs = 10_000,
  ) {
    this.describe = path;
  }

  async send(job: Buffer): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const write = async () => {
      const handle = await open(this.path, 'a');
      try {
        await handle.write(job);
      } finally {
        await handle.close();
      }
    };
    try {
      await Promise.race([
        write(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new PrintFailure('timeout', `${this.path} took over ${this.timeoutMs} ms`)),
            this.timeoutMs,
          );
        }),
      ]);
    } catch (error) {
      if (error instanceof PrintFailure) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      throw new PrintFailure(
        code === 'ENOENT' || code === 'ENODEV' || code === 'ENXIO' ? 'offline' : 'device-error',
        `${code ?? (error as Error).message} ${this.path}`,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  async status(): Promise<PrinterStatus> {
    try {
      await access(this.path, constants.W_OK);
      return {
        state: 'online',
        paperNearEnd: false,
        detail: `${this.path} is writable (the device does not report paper or cover)`,
      };
    } catch (error) {
      return {
        state: 'offline',
        paperNearEnd: false,
        detail: `${(error as NodeJS.ErrnoException).code ?? 'error'} ${this.path}`,
      };
    }
  }
}
