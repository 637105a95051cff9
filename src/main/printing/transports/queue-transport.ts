import { execFile, spawn } from 'node:child_process';
import type { PrinterStatus } from '../status';
import { PrintFailure, type PrinterTransport } from './transport';

/**
 * An operating-system print queue by name, sent raw: `lp -d NAME -o raw` (CUPS on Linux and
 * macOS). Windows has no `lp`: a raw job there needs the spooler API (a native module) or a
 * shared queue reached as a device path (`\\HOST\SHARE`); not supported yet, and said so.
 */
export interface QueueOptions {
  /** The `lp`/`lpstat` commands (tests point these at stand-ins). */
  lp?: string;
  lpstat?: string;
  timeoutMs?: number;
  platform?: NodeJS.Platform;
}

export class QueueTransport implements PrinterTransport {
  readonly describe: string;
  private readonly lp: string;
  private readonly lpstat: string;
  private readonly timeoutMs: number;
  private readonly platform: NodeJS.Platform;

  constructor(
    private readonly name: string,
    options: QueueOptions = {},
  ) {
    this.describe = `queue:${name}`;
    this.lp = options.lp ?? 'lp';
    this.lpstat = options.lpstat ?? 'lpstat';
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.platform = options.platform ?? process.platform;
  }

  send(job: Buffer): Promise<void> {
    if (this.platform === 'win32') {
      return Promise.reject(
        new PrintFailure(
          'queue-error',
          'raw printing to a Windows queue is not supported yet: use tcp:// or a device path',
        ),
      );
    }
    return new Promise((resolve, reject) => {
      const child = spawn(this.lp, ['-d', this.name, '-o', 'raw'], { stdio: ['pipe', 'ignore', 'pipe'] });
      let stderr = '';
      const timer = setTimeout(() => {
        child.kill();
        reject(new PrintFailure('timeout', `${this.lp} did not finish within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      child.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(new PrintFailure('queue-error', `${this.lp}: ${error.code ?? error.message}`));
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve();
        else reject(new PrintFailure('queue-error', `${this.lp} exited ${code}: ${stderr.trim()}`));
      });
      child.stdin.on('error', () => {}); // a failing lp closes its input; its exit code says why
      child.stdin.end(job);
    });
  }

  status(): Promise<PrinterStatus> {
    if (this.platform === 'win32') {
      return Promise.resolve({
        state: 'unknown',
        paperNearEnd: false,
        detail: 'Windows queues are not supported yet',
      });
    }
    return new Promise((resolve) => {
      execFile(this.lpstat, ['-p', this.name], { timeout: this.timeoutMs }, (error, stdout) => {
        if (error)
          return resolve({
            state: 'offline',
            paperNearEnd: false,
            detail: `${this.lpstat}: ${error.message.trim()}`,
          });
        const text = stdout.toString();
        // CUPS knows whether the queue accepts jobs, not the paper: disabled = offline.
        if (/disabled/i.test(text)) resolve({ state: 'offline', paperNearEnd: false, detail: text.trim() });
        else
          resolve({
            state: 'online',
            paperNearEnd: false,
            detail: `${text.trim()} (the queue, not the paper or cover)`,
          });
      });
    });
  }
}
