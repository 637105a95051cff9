import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operationForPath } from '../provider/pos-profile';
import { variantFor } from '../provider/variants';
import { STANDARD_PATH_PREFIX, standardOperationForPath } from '../provider/standard-profile';
import { cloudPrintOperationForPath } from '../provider/cloud-print';
import { ADMIN_PREFIX, handleAdmin } from './admin';
import { CloudPrintDesk, handleCloudPrint } from './cloud-print';
import type { TrainingServiceConfig } from './config';
import { FaultQueue } from './faults';
import { RequestAborted, sendJson } from './http-body';
import { handlePos } from './pos-handler';
import { handleStandard } from './standard-handler';
import { invoiceModeOperationForPath } from '../provider/invoice-mode';
import { handleInvoiceMode, offersInvoiceMode } from './invoice-mode-handler';
import type { FaultWaits } from './respond';
import { TrainingStore } from './store';

/**
 * The training-mode e-invoice service: the provider's POS/self-service API as the provider
 * profile fixes it, its standard API's Update and Inquire operations under `/standard` (profile
 * §4, with the seller's standard key pair), plus its verification channel under /_admin/.
 * Loopback only.
 */
export interface TrainingService {
  /** `http://127.0.0.1:PORT`, no trailing slash: the POS API's base URL. */
  url: string;
  /** `http://127.0.0.1:PORT/standard`: the standard API's base URL. */
  standardUrl: string;
  port: number;
  config: TrainingServiceConfig;
  /**
   * Resolves once no request is being handled (a delayed one included): tests that reconcile
   * against the service wait for this instead of guessing how long a held request takes.
   */
  idle(): Promise<void>;
  /**
   * Resolves once `count` (1 by default) requests are waiting at a held fault (`hold: true`):
   * the request has reached that point (before anything is issued, or after the commit).
   */
  held(count?: number): Promise<void>;
  /** Lets every request waiting at a held fault go on; how many there were. */
  release(): number;
  /**
   * The fault `unreachable`, switched from the test: the listener closes (new connections are
   * refused at the TCP level, ECONNREFUSED, as an outage), until `reachable()` listens again on the
   * same port. The admin channel's `{"kind":"unreachable","ms"}` does the same for a while.
   */
  unreachable(): Promise<void>;
  reachable(): Promise<void>;
  /** Sets the service clock to this instant (it runs on from there): across a period end, say. */
  setClock(instant: Date): void;
  /** Cloud print (profile §8): the print jobs, their agents and faults (cloud-print.ts). */
  cloudPrint: CloudPrintDesk;
  close(): Promise<void>;
}

export interface TrainingServiceOptions {
  /** Where the SQLite state lives; created when missing. */
  dataDir: string;
  config: TrainingServiceConfig;
  /** 0 or missing: any free port. */
  port?: number;
  /** The clock (tests move it across periods); the config's clock offset is added to it. */
  now?: () => Date;
}

class ServiceClosing extends Error {}

/**
 * Timers and holds that close() ends early: the waiting request stops there (it throws
 * ServiceClosing), so that a delayed or held request never outlives the service nor touches its
 * closed store. A hold ends at `release()`; `held(n)` tells a test that n requests wait there.
 */
function createSleeper(): FaultWaits & {
  held(count: number): Promise<void>;
  release(): number;
  cancelAll(): void;
} {
  const pending = new Map<NodeJS.Timeout, (error: Error) => void>();
  let holds: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  let watchers: Array<{ count: number; wake: () => void }> = [];
  const wakeWatchers = () => {
    const ready = watchers.filter((watcher) => holds.length >= watcher.count);
    watchers = watchers.filter((watcher) => holds.length < watcher.count);
    for (const watcher of ready) watcher.wake();
  };
  return {
    hold: () =>
      new Promise<void>((resolve, reject) => {
        holds.push({ resolve, reject });
        wakeWatchers();
      }),
    held: (count) =>
      new Promise<void>((wake) => {
        watchers.push({ count, wake });
        wakeWatchers();
      }),
    release() {
      const released = holds;
      holds = [];
      for (const hold of released) hold.resolve();
      return released.length;
    },
    sleep: (ms) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(timer);
          resolve();
        }, ms);
        pending.set(timer, reject);
      }),
    cancelAll() {
      for (const [timer, reject] of pending) {
        clearTimeout(timer);
        reject(new ServiceClosing('service closing'));
      }
      pending.clear();
      const held = holds;
      holds = [];
      for (const hold of held) hold.reject(new ServiceClosing('service closing'));
    },
  };
}

/** `127.0.0.1`, `localhost` or `[::1]`, with or without a port: this machine's names for itself. */
export function allowedHost(host: string | undefined): boolean {
  return host !== undefined && /^(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?$/i.test(host);
}

const quietErrors = (error: unknown) => error instanceof ServiceClosing || error instanceof RequestAborted;

export async function startTrainingService(options: TrainingServiceOptions): Promise<TrainingService> {
  const { config } = options;
  const store = new TrainingStore(options.dataDir);
  const faults = new FaultQueue();
  const sleeper = createSleeper();
  const clock = options.now ?? (() => new Date());
  // The admin channel's clock switch moves the service clock by this much (tests: across a period end).
  let shiftMs = 0;
  const now = () => new Date(clock().getTime() + config.clockOffsetSeconds * 1000 + shiftMs);
  const setClock = (instant: Date) => {
    shiftMs += instant.getTime() - now().getTime();
  };
  let refusing = false;
  let reopenTimer: NodeJS.Timeout | null = null;
  const outage = {
    unreachableFor(ms: number) {
      void unreachable().then(() => {
        reopenTimer = setTimeout(() => {
          reopenTimer = null;
          void reachable();
        }, ms);
      });
    },
    setClock,
  };
  const desk = new CloudPrintDesk(config.cloudPrinters);
  const context = { config, store, faults, desk, now, sleep: sleeper.sleep, hold: sleeper.hold, ...outage };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Unreachable: a request on a connection accepted before the switch gets no answer either.
    if (refusing) {
      req.socket.destroy();
      return;
    }
    // The service's clock, as a provider's answers carry it: the till reads a wrong clock from it.
    res.setHeader('date', now().toUTCString());
    // Only this machine's own names: a web page that rebinds its host name to 127.0.0.1 cannot
    // reach the service (or its admin channel) from a browser. (Any port: tests put relays in front.)
    if (!allowedHost(req.headers.host)) {
      res.setHeader('connection', 'close');
      return sendJson(res, 421, { StatusCode: 0, ResultMessage: 'Host not allowed' });
    }
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path.startsWith(ADMIN_PREFIX)) return handleAdmin(req, res, path, context);
    // The standard API is its own base URL: `/standard/Append/Order` is no POS operation and
    // `/Update/CancelInvoices` without the prefix is no standard one.
    const standard = path.startsWith(`${STANDARD_PATH_PREFIX}/`)
      ? standardOperationForPath(path.slice(STANDARD_PATH_PREFIX.length))
      : null;
    // Only the provider's own paths: SystemLead has no /Append/OrderWithoutPrint and no
    // /Append/OrderReturnQKey (InvoiceApiList.md).
    // Cloud print (profile §8) on the POS base URL, in either variant (SystemLead lists
    // /Append/PrintInvoices; the job query and the reprint are the profile's own).
    const cloudPrint = cloudPrintOperationForPath(path);
    if (cloudPrint) {
      if (req.method !== 'POST') {
        res.setHeader('allow', 'POST');
        return sendJson(res, 405, { StatusCode: 0, ResultMessage: 'Use POST' });
      }
      return handleCloudPrint(req, res, cloudPrint, context);
    }
    const offered = Object.values(variantFor(config.variant).paths).includes(path);
    const operation = standard || !offered ? null : operationForPath(path);
    // Invoice mode (profile §7) on the standard base URL, as far as the variant has the path.
    const listed = path.startsWith(`${STANDARD_PATH_PREFIX}/`)
      ? invoiceModeOperationForPath(path.slice(STANDARD_PATH_PREFIX.length))
      : null;
    const invoiceMode = listed && offersInvoiceMode(config.variant, listed) ? listed : null;
    if (!standard && !operation && !invoiceMode) {
      return sendJson(res, 404, { StatusCode: 0, ResultMessage: `No operation ${path}` });
    }
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      return sendJson(res, 405, { StatusCode: 0, ResultMessage: 'Use POST' });
    }
    if (standard) return handleStandard(req, res, standard, context);
    if (invoiceMode) return handleInvoiceMode(req, res, invoiceMode, context);
    return handlePos(req, res, operation!, context);
  }

  let handling = 0;
  let idleWaiters: Array<() => void> = [];
  const server = createServer((req, res) => {
    handling++;
    const done = () => {
      if (--handling > 0) return;
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const wake of waiters) wake();
    };
    handle(req, res)
      .finally(done)
      .catch((error: unknown) => {
        // An unexpected error is logged and answered; it must not take the service down.
        if (!quietErrors(error)) console.error('training service: request failed', error);
        if (!res.headersSent && !res.destroyed)
          sendJson(res, 500, { StatusCode: 0, ResultMessage: 'Internal error' });
        else res.destroy();
      });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    else socket.destroy();
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    store.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;

  let closing: Promise<void> | null = null;
  async function unreachable(): Promise<void> {
    if (refusing || closing) return;
    refusing = true;
    // The listening socket goes at once: a new connection is refused by the OS, not answered by
    // us. Requests already in hand finish (their connections close after them).
    server.close();
    server.closeIdleConnections();
    await Promise.resolve();
  }
  async function reachable(): Promise<void> {
    if (reopenTimer) clearTimeout(reopenTimer);
    reopenTimer = null;
    if (!refusing || closing) return;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    refusing = false;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    standardUrl: `http://127.0.0.1:${port}${STANDARD_PATH_PREFIX}`,
    port,
    config,
    idle: () =>
      handling === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve)),
    held: (count = 1) => sleeper.held(count),
    release: () => sleeper.release(),
    unreachable,
    reachable,
    setClock,
    cloudPrint: desk,
    close() {
      if (reopenTimer) clearTimeout(reopenTimer);
      reopenTimer = null;
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          store.close();
          resolve();
        });
        server.closeAllConnections();
        sleeper.cancelAll();
        desk.close();
      });
      return closing;
    },
  };
}
