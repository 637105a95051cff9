import { constants } from 'node:fs';
import { access, open, stat } from 'node:fs/promises';
import type { PrinterStatus } from '../status';
import { PrintFailure, type PrinterTransport } from './transport';

/**
 * A printer as a device: USB (`/dev/usb/lp0`), serial (`/dev/ttyUSB0`), on Windows a port
 * (`\\.\COM3`). The job is written to it; these links do not answer status, so a complete
 * write to a character device is the best sign of success there is. The path is opened without
 * O_CREAT and checked to be a character device before anything is written: a mistyped path
 * must fail, not collect jobs in a file and report them printed.
 */
const WRITE_NO_CREATE = constants.O_WRONLY | (constants.O_NOCTTY ?? 0);

/** Windows port names (`\\.\COM3`) cannot be stat'ed; everything else must be a character device. */
const isWindowsPort = (path: string) => path.startsWith('\\\\.\\');

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
      const handle = await open(this.path, WRITE_NO_CREATE);
      try {
        if (!isWindowsPort(this.path) && !(await handle.stat()).isCharacterDevice()) {
          throw new PrintFailure('not-configured', `${this.path} is not a character device`);
        }
        // A device may take a job in parts: the job counts only when every byte went in.
        for (let offset = 0; offset < job.length;) {
          const { bytesWritten } = await handle.write(job, offset, job.length - offset);
          if (bytesWritten <= 0) throw new PrintFailure('device-error', `${this.path} took no bytes`);
          offset += bytesWritten;
        }
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
      if (!isWindowsPort(this.path) && !(await stat(this.path)).isCharacterDevice()) {
        return { state: 'offline', paperNearEnd: false, detail: `${this.path} is not a character device` };
      }
      // Not opened here: a serial port's open can wait for the line; the job's write has a time limit.
      await access(this.path, constants.W_OK);
      return {
        state: 'online',
        paperNearEnd: false,
        detail: `${this.path} is a writable device (it does not report paper or cover)`,
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
