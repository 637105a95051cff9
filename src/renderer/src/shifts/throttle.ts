/**
 * At most one call per interval, the first at once and the last never lost: a burst of key
 * presses reports activity now, and once more when the interval ends if the cashier kept working
 * meanwhile. Without that trailing call, a cashier busy for 29 s after a report would look idle
 * for a whole interval longer than they were (and the till could lock in their face).
 */
export interface Throttle {
  /** Something happened: call now, or once when the interval ends. */
  trigger(): void;
  /** Drops a pending trailing call (the component went away). */
  cancel(): void;
}

export function throttle(run: () => void, intervalMs: number): Throttle {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    timer = null;
    last = Date.now();
    run();
  };
  return {
    trigger() {
      if (timer !== null) return;
      const wait = last + intervalMs - Date.now();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
