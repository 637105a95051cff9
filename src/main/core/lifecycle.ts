import type { Logger } from './logger';

/**
 * Background work that lives as long as the core: the printer's state poll, the reconciliation
 * every few minutes, and any later replicator. Each capability registers its services here
 * instead of starting its own timers (as Actual's `createApp()` apps register services), so the
 * core starts them all once the handlers exist and stops them all, in reverse order, before it
 * closes the journal: no timer outlives the core and no task runs against a closed database.
 */
export interface Service {
  /** For the log: `printer-status`, `reconciliation`… */
  readonly name: string;
  start(): void | Promise<void>;
  /** Resolves once the service's running work (if any) has finished. */
  stop(): void | Promise<void>;
}

export interface Lifecycle {
  register(service: Service): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The registered services' names, in start order (for tests and the log). */
  names(): string[];
  /**
   * A run of one periodic service now (joining one under way), by name: tests drive the
   * background work in a forced order instead of waiting for its timer. Refused for a service
   * that has no runs or is not registered, and before the start or after the stop.
   */
  runNow(name: string): Promise<void>;
}

export function createLifecycle(logger: Logger): Lifecycle {
  const services: Service[] = [];
  let state: 'new' | 'started' | 'stopped' = 'new';
  return {
    register(service) {
      if (state !== 'new') throw new Error(`service ${service.name} registered after the core started`);
      services.push(service);
    },
    async start() {
      if (state !== 'new') return;
      state = 'started';
      for (const service of services) {
        try {
          await service.start();
        } catch (error) {
          // One service that cannot start (a printer driver missing) must not keep the till from
          // selling: it is logged and the others start.
          logger.error(`service ${service.name} did not start`, error);
        }
      }
    },
    async stop() {
      if (state === 'stopped') return;
      const started = state === 'started';
      state = 'stopped';
      if (!started) return;
      for (const service of [...services].reverse()) {
        try {
          await service.stop();
        } catch (error) {
          logger.error(`service ${service.name} did not stop cleanly`, error);
        }
      }
    },
    names: () => services.map((service) => service.name),
    async runNow(name) {
      const service = services.find((candidate) => candidate.name === name);
      if (!service || !('runNow' in service) || typeof service.runNow !== 'function') {
        throw new Error(`no periodic service ${name}`);
      }
      if (state !== 'started') throw new Error(`service ${name}: the core is ${state}`);
      await (service as PeriodicService).runNow();
    },
  };
}

export interface PeriodicOptions {
  name: string;
  intervalMs: number;
  /** The work; a run never overlaps the previous one (a slow provider delays the next run). */
  run(): Promise<void>;
  logger: Logger;
  /** Run once right after start (default false: first run after one interval). */
  runAtStart?: boolean;
  /** Whether a run should happen now (e.g. only while the standard keys are set). */
  enabled?: () => boolean;
}

/**
 * A service that runs a task every `intervalMs`, one run at a time. The timer is unref'd (it
 * never keeps a CLI or test process alive) and re-armed after each run rather than on a fixed
 * beat, so runs cannot pile up on a slow machine. `stop` clears the timer and waits for the run
 * in progress. `runNow` lets a capability trigger a run (the closing screen) that also counts as
 * the periodic one.
 */
export interface PeriodicService extends Service {
  /**
   * A run now; one already under way is joined. With `fresh`, a run under way is waited for and
   * a new one follows (shared by every fresh caller meanwhile): for a person who has just changed
   * what the run depends on (head office's password) and asks again, the answer of a run that
   * began before the change would be stale.
   */
  runNow(options?: { fresh?: boolean }): Promise<void>;
}

export function periodic(options: PeriodicOptions): PeriodicService {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let active = false;

  const arm = () => {
    if (!active || options.intervalMs <= 0) return;
    timer = setTimeout(() => {
      timer = null;
      void tick();
    }, options.intervalMs);
    timer.unref();
  };

  async function tick(): Promise<void> {
    if (!active) return;
    if (options.enabled && !options.enabled()) return arm();
    await runNow();
  }

  let followUp: Promise<void> | null = null;

  function runNow(ask: { fresh?: boolean } = {}): Promise<void> {
    if (running && ask.fresh) {
      followUp ??= running.then(() => {
        followUp = null;
        return runNow();
      });
      return followUp;
    }
    if (running) return running;
    if (timer) clearTimeout(timer);
    timer = null;
    running = (async () => {
      try {
        await options.run();
      } catch (error) {
        options.logger.error(`service ${options.name} failed`, error);
      } finally {
        running = null;
        arm();
      }
    })();
    return running;
  }

  return {
    name: options.name,
    start() {
      if (active) return;
      active = true;
      if (options.runAtStart) void tick();
      else arm();
    },
    async stop() {
      active = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    runNow,
  };
}
