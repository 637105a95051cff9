import { useEffect } from 'react';
import { useSession } from './session-store';
import { throttle } from './throttle';

/**
 * How often at most the renderer tells main someone is working. Main locks after whole minutes
 * of idleness, so half a minute late is never felt, and a busy cashier costs two calls a minute.
 */
export const ACTIVITY_REPORT_MS = 30_000;

/** Keys and touches anywhere in the window keep the session from locking (installed once by the shell). */
export function useActivityReporter(): void {
  useEffect(() => {
    const report = throttle(() => void useSession.getState().reportActivity(), ACTIVITY_REPORT_MS);
    const onActivity = () => report.trigger();
    // Capture: a handler that stops the event (the scanner, a dialog) must not hide the activity.
    const options = { capture: true, passive: true } as const;
    window.addEventListener('keydown', onActivity, options);
    window.addEventListener('pointerdown', onActivity, options);
    return () => {
      window.removeEventListener('keydown', onActivity, options);
      window.removeEventListener('pointerdown', onActivity, options);
      report.cancel();
    };
  }, []);
}
