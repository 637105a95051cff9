import { bilingual } from '../../shared/domain';
import {
  DEFAULT_OUTAGE_MINUTES,
  TRAINING_DRILL_TEXT,
  type TrainingDrill,
} from '../../shared/domain/training-drills';
import type { trainingMethods, TrainingDrillResult } from '../../shared/ipc/contract/training';
import { TillError } from '../core/errors';
import type { HandlersFor } from '../core/handlers';
import type { Logger } from '../core/logger';
import { postJson } from '../invoice-service/transport';
import type { SupervisorGate } from '../settings/supervisor';

/**
 * Fault drills (issue 15): `training.drill` maps a drill to the embedded training service's fault
 * queue (its admin channel, faults.ts), only in training mode, with the supervisor PIN, recorded
 * in the journal. Each drill arms one fault for the next sale; `clear` empties the queue.
 */
export interface TrainingAdminChannel {
  url: string;
  adminToken: string;
  /**
   * In this process only (test rigs; no host forwards it): ends an `unreachable` outage at once,
   * where the admin route's outage ends on a timer. The outage's start stays the admin route's.
   */
  reachable?: () => Promise<void>;
}

export interface DrillDeps {
  /** The running training service's admin channel; null outside training mode. */
  channel(): Promise<TrainingAdminChannel | null>;
  /** The till's timeout for one invoice request (the timeout drill waits longer than it). */
  timeoutMs(): number;
  supervisor: SupervisorGate;
  logger?: Logger;
}

/** The fault each drill asks for (null: clear the queue). */
export function drillFault(
  drill: TrainingDrill,
  timeoutMs: number,
  outageMinutes: number = DEFAULT_OUTAGE_MINUTES,
): { kind: string; count?: number; ms?: number; path?: string } | null {
  switch (drill) {
    case 'outage':
      // The whole service refuses connections for N minutes (invoice mode's drill, issue 27).
      return { kind: 'unreachable', ms: outageMinutes * 60_000 };
    case 'slow':
      // Long enough for the screen's "service is slow", well inside the till's timeout.
      return { kind: 'delay-before', count: 1, ms: Math.max(500, Math.min(6000, timeoutMs - 2000)) };
    case 'timeout':
      return { kind: 'delay-before', count: 1, ms: Math.min(120_000, timeoutMs + 2000) };
    case 'server-error':
      return { kind: 'http-503-before', count: 1 };
    case 'lost-answer':
      return { kind: 'drop-after-commit', count: 1 };
    case 'upload-stuck':
      return { kind: 'upload-stuck', count: 1 };
    case 'clear':
      return null;
  }
}

const notTraining = () =>
  new TillError(
    'not-training',
    bilingual(
      '演練只能在練習模式使用：正式模式不會注入故障。未執行任何演練。',
      'Drills run only in training mode: production never injects faults. No drill was armed.',
    ),
  );

const unreachable = () =>
  new TillError(
    'training-drill-failed',
    bilingual(
      '無法設定練習服務的演練，請稍後再試',
      'The training service could not arm the drill; try again later',
    ),
  );

export function createDrillHandlers(deps: DrillDeps): HandlersFor<typeof trainingMethods> {
  async function arm(drill: TrainingDrill, minutes?: number): Promise<TrainingDrillResult> {
    const channel = await deps.channel();
    if (!channel) throw notTraining();
    const fault = drillFault(drill, deps.timeoutMs(), minutes);
    const result = await postJson({
      url: `${channel.url.replace(/\/+$/, '')}/_admin/${fault ? 'faults' : 'faults/clear'}`,
      headers: { authorization: `Bearer ${channel.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(fault ?? {}),
      timeoutMs: 5000,
    });
    if (result.kind !== 'response' || result.status !== 200) {
      deps.logger?.warn('training drill not armed', {
        drill,
        outcome: result.kind === 'response' ? `HTTP ${result.status}` : result.reason,
      });
      throw unreachable();
    }
    let pending = 0;
    try {
      const answer = JSON.parse(result.body) as { pending?: unknown };
      if (typeof answer.pending === 'number' && Number.isSafeInteger(answer.pending))
        pending = answer.pending;
    } catch {
      throw unreachable();
    }
    deps.logger?.info('training drill armed', { drill, pending });
    return { drill, pending, ...TRAINING_DRILL_TEXT[drill] };
  }

  return {
    'training.drill': async ({ drill, minutes, pin, by }) => {
      // Refused outside training mode before the PIN is even asked.
      if (!(await deps.channel())) throw notTraining();
      return deps.supervisor.run(
        { pin, by },
        {
          action: 'training.drill',
          required: {
            zh: '演練需要主管 PIN，未執行任何演練。',
            en: 'A drill needs the supervisor PIN. No drill was armed.',
          },
          wrong: {
            zh: '主管 PIN 不正確，未執行任何演練。',
            en: 'Wrong supervisor PIN: no drill was armed.',
          },
          detail: (result) => ({
            drill: result.drill,
            pending: result.pending,
            ...(drill === 'outage' ? { minutes: minutes ?? DEFAULT_OUTAGE_MINUTES } : {}),
          }),
        },
        () => arm(drill, minutes),
      );
    },
  };
}
