import { Socket } from 'node:net';
import type { PrinterStatus, StatusProtocol } from '../status';
import { PrintFailure, type PrinterTransport } from './transport';

export interface TcpOptions {
  host: string;
  port: number;
  protocol: StatusProtocol;
  /** Connect and answer time limit. */
  timeoutMs?: number;
  /** Ask for status before and after a job (printers that answer); off: write and close. */
  confirm?: boolean;
}

/** One connection with its incoming bytes, read as answers of known length. */
class Connection {
  private received = Buffer.alloc(0);
  private failure: PrintFailure | null = null;
  private wake: (() => void) | null = null;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake?.();
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      this.fail(new PrintFailure('connection-lost', error.code ?? error.message)),
    );
    socket.on('close', () =>
      this.fail(new PrintFailure('connection-lost', 'the printer closed the connection')),
    );
  }

  private fail(failure: PrintFailure) {
    this.failure ??= failure;
    this.wake?.();
  }

  static open(host: string, port: number, timeoutMs: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = new Socket();
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new PrintFailure('offline', `no connection to ${host}:${port} within ${timeoutMs} ms`));
      }, timeoutMs);
      socket.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        socket.destroy();
        reject(new PrintFailure('offline', `${error.code ?? error.message} ${host}:${port}`));
      });
      socket.connect(port, host, () => {
        clearTimeout(timer);
        socket.removeAllListeners('error');
        socket.setNoDelay(true);
        resolve(new Connection(socket));
      });
    });
  }

  write(bytes: Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      this.socket.write(bytes, (error) =>
        error ? reject(this.failure ?? new PrintFailure('connection-lost', error.message)) : resolve(),
      );
    });
  }

  /** Waits for an answer whose length `lengthOf` works out from its first bytes. */
  async read(
    lengthOf: (received: Buffer) => number | null,
    timeoutMs: number,
    what: string,
  ): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const length = lengthOf(this.received);
      if (length !== null && this.received.length >= length) {
        const answer = this.received.subarray(0, length);
        this.received = this.received.subarray(length);
        return answer;
      }
      if (this.failure) throw this.failure;
      const left = deadline - Date.now();
      if (left <= 0) throw new PrintFailure('timeout', `no answer to the ${what} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** Half-closes and waits for the printer to close its side, so that a reset still shows up. */
  async end(timeoutMs: number): Promise<void> {
    if (this.failure) throw this.failure;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.socket.destroy();
        resolve();
      }, timeoutMs);
      this.socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      this.socket.end();
    });
  }

  destroy() {
    this.socket.destroy();
  }
}

const stateFailure = (status: PrinterStatus, when: string): PrintFailure | null =>
  status.state === 'online'
    ? null
    : new PrintFailure(
        status.state === 'unknown' ? 'offline' : status.state,
        `${status.detail ?? status.state} (${when})`,
      );

/** A network printer (raw port 9100), EPSON or Star. */
export class TcpTransport implements PrinterTransport {
  readonly describe: string;
  private readonly timeoutMs: number;
  private readonly confirm: boolean;

  constructor(private readonly options: TcpOptions) {
    this.describe = `tcp://${options.host}:${options.port}`;
    this.timeoutMs = options.timeoutMs ?? 3000;
    this.confirm = options.confirm ?? true;
  }

  async send(job: Buffer): Promise<void> {
    const { protocol } = this.options;
    const connection = await Connection.open(this.options.host, this.options.port, this.timeoutMs);
    try {
      if (this.confirm) {
        await connection.write(protocol.query);
        const before = protocol.parseQuery(
          await connection.read(protocol.queryAnswerLength, this.timeoutMs, 'status query'),
        );
        const refused = stateFailure(before, 'before the job');
        if (refused) throw refused;
      }
      await connection.write(job);
      if (this.confirm) {
        await connection.write(protocol.confirm);
        // The printer answers after printing everything before it: allow for a long slip.
        const after = protocol.parseConfirm(
          await connection.read(
            protocol.confirmAnswerLength,
            this.timeoutMs + job.length / 50,
            'job confirmation',
          ),
        );
        const failed = stateFailure(after, 'after the job');
        if (failed) throw failed;
      }
      await connection.end(this.timeoutMs);
    } finally {
      connection.destroy();
    }
  }

  async status(): Promise<PrinterStatus> {
    const { protocol } = this.options;
    let connection: Connection;
    try {
      connection = await Connection.open(this.options.host, this.options.port, this.timeoutMs);
    } catch (error) {
      return { state: 'offline', paperNearEnd: false, detail: (error as Error).message };
    }
    try {
      await connection.write(protocol.query);
      return protocol.parseQuery(
        await connection.read(protocol.queryAnswerLength, this.timeoutMs, 'status query'),
      );
    } catch (error) {
      return { state: 'offline', paperNearEnd: false, detail: (error as Error).message };
    } finally {
      connection.destroy();
    }
  }
}
