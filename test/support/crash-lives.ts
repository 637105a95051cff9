import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { TrainingService } from '../../src/training-service';
import { childCommand, type ChildCommand } from './child-command';
import { makeTempDir } from './temp-dir';
import { startService } from './training-rig';
import { startTrapRelay, type RelayTrap, type TrapRelay } from './trap-relay';

/*
 * The crash tests' scaffolding (checkout and returns): a child process started again and again
 * against the training service and SIGKILLed at a random moment or at one a relay makes certain,
 * "lives" counted, and the journal left behind reconciled by the test. One copy, so that every crash
 * test plans, kills and counts its lives the same way; each brings its own child and reconciliation.
 */

const root = resolve(import.meta.dirname, '../..');

/** A whole number from `min` to `max`, both included. */
export const rand = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/**
 * How a life ends: `random`, 20-300 ms after `ready` (or, one time in ten, during start-up);
 * `request-lost`, once its first request has wholly reached the relay, which never passes it on;
 * `answer-lost`, once the service has answered its first request (issued), which the relay
 * holds back.
 */
export type LifeEnding = 'random' | Exclude<RelayTrap, null>;

/** Slow answers queued at the service before a life, so that random kills land while requests are out. */
export interface SlowAnswers {
  kind: 'delay-before' | 'delay-after-commit';
  count: number;
  ms: number;
}

/**
 * Life number `kill` (from 0): every fifth life is killed at a moment the relay makes certain (its
 * first request lost, or the service's answer to it); every other one of the rest gets slow answers.
 */
export function planLife(kill: number): { ending: LifeEnding; slow?: SlowAnswers } {
  if (kill % 10 === 3) return { ending: 'request-lost' };
  if (kill % 10 === 8) return { ending: 'answer-lost' };
  if (kill % 2 !== 0) return { ending: 'random' };
  const kind = Math.random() < 0.5 ? 'delay-before' : 'delay-after-commit';
  return { ending: 'random', slow: { kind, count: rand(1, 4), ms: rand(30, 200) } };
}

/** How the lives ended, for the tests' checks and their summary line. */
export class LifeTally {
  /** Killed before the child said `ready`. */
  earlyKills = 0;
  /** Killed at a moment the relay chose. */
  observedKills = 0;
  /** Killed once the service had answered (issued), the answer held back. */
  answersLost = 0;

  add(ending: LifeEnding, life: { killedBeforeReady: boolean }): void {
    if (ending !== 'random') this.observedKills++;
    if (ending === 'answer-lost') this.answersLost++;
    if (life.killedBeforeReady) this.earlyKills++;
  }
}

export interface CrashRig<Admin> {
  dir: string;
  /** The journal every life writes to, reopened by the test at the end. */
  dbPath: string;
  service: TrainingService;
  svc: Admin;
  /** In front of the service: the children talk to it, so that it can lose a request or an answer. */
  relay: TrapRelay;
  /** How to start the child (bundled once). */
  command: ChildCommand;
}

/**
 * Before the tests of the calling describe block: a temp folder, the training service (with the
 * given timestamp window) and its admin channel, a trap relay in front of it, `prepare` (what the
 * lives need before they start) and the child `entry` built; after them, all taken down.
 */
export function useCrashRig<Admin>(options: {
  name: string;
  entry: string;
  windowSeconds: number;
  admin: (service: TrainingService) => Admin;
  prepare?: (rig: CrashRig<Admin>) => Promise<void>;
  setupTimeoutMs?: number;
}): CrashRig<Admin> {
  const temp = makeTempDir(options.name);
  const rig = { dir: temp.dir, dbPath: join(temp.dir, 'journal.sqlite') } as CrashRig<Admin>;
  beforeAll(async () => {
    rig.service = await startService(temp.dir, { timestampWindowSeconds: options.windowSeconds });
    rig.svc = options.admin(rig.service);
    rig.relay = await startTrapRelay(rig.service.port);
    await options.prepare?.(rig);
    rig.command = await childCommand(options.entry, temp.dir);
  }, options.setupTimeoutMs);
  afterAll(async () => {
    await rig.relay?.close();
    await rig.service.close();
    temp.remove();
  });
  return rig;
}

/**
 * One life: starts the child with `arg` (as JSON, its last argument) and resolves with what it
 * printed once it is killed as `ending` says. Fails if it exits by itself (`who` names it), or if a
 * life meant to be killed mid-request prints `idle` (`idleMeans` says what it got through).
 */
export function runLife(
  rig: CrashRig<unknown>,
  life: { ending: LifeEnding; arg: unknown; who: string; idleMeans: string },
): Promise<{ out: string; killedBeforeReady: boolean }> {
  const { ending } = life;
  return new Promise((done, fail) => {
    const child: ChildProcess = spawn(rig.command.file, [...rig.command.args, JSON.stringify(life.arg)], {
      cwd: root,
      env: rig.command.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let ready = false;
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      child.kill('SIGKILL');
    };
    const early = ending === 'random' && Math.random() < 0.1;
    if (early) setTimeout(kill, rand(0, 150));
    if (ending !== 'random') rig.relay.trap(ending, kill);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!ready && out.includes('ready\n')) {
        ready = true;
        if (ending === 'random' && !early) setTimeout(kill, rand(20, 300));
      }
      if (ending !== 'random' && out.includes('idle\n')) {
        fail(new Error(`a life meant to be killed mid-request ${life.idleMeans}: ${out}`));
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL') {
        fail(new Error(`${life.who} exited by itself (code ${code}): ${err.slice(0, 2000)}`));
        return;
      }
      done({ out, killedBeforeReady: !ready });
    });
    // A guard: a random life that hangs is killed anyway (observed lives wait for their moment).
    if (ending === 'random') setTimeout(kill, 10_000);
  });
}
