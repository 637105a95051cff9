import { APP_INDEX_URL, APP_ORIGIN } from './app-origin';

/**
 * What the shell does when the renderer process dies (`render-process-gone`): a blank window at
 * the counter is the worst answer. The first crashes reload the till (the cart in progress is kept
 * in the window's sessionStorage and the held carts in localStorage, so the cashier goes on where
 * they were, and the reloaded screen says so); crashes that keep coming back (a page that dies as
 * it loads) show a recovery page instead of reloading in a loop.
 */
export const RECOVERED_URL = `${APP_INDEX_URL}?recovered=1`;
/** The recovery page, served by the app protocol (shell/app-protocol.ts), not from the bundle. */
export const RECOVERY_PATH = '/recovery.html';
export const RECOVERY_URL = `${APP_ORIGIN}${RECOVERY_PATH}`;

export interface CrashPolicyOptions {
  /** Crashes allowed within `windowMs` before the recovery page is shown instead (default 3). */
  maxCrashes?: number;
  windowMs?: number;
  now?: () => number;
}

export type CrashAction =
  { kind: 'ignore' } | { kind: 'reload'; url: string } | { kind: 'recovery-page'; url: string };

/** Reasons that are not crashes: the window was closed or the process ended on purpose. */
const NOT_A_CRASH = new Set(['clean-exit']);

export function createCrashPolicy(options: CrashPolicyOptions = {}) {
  const maxCrashes = options.maxCrashes ?? 3;
  const windowMs = options.windowMs ?? 5 * 60_000;
  const now = options.now ?? Date.now;
  let crashes: number[] = [];
  return {
    /** The renderer is gone for `reason` (Electron's RenderProcessGoneDetails.reason). */
    onGone(reason: string): CrashAction {
      if (NOT_A_CRASH.has(reason)) return { kind: 'ignore' };
      const at = now();
      crashes = [...crashes.filter((time) => at - time < windowMs), at];
      if (crashes.length > maxCrashes) return { kind: 'recovery-page', url: RECOVERY_URL };
      return { kind: 'reload', url: RECOVERED_URL };
    },
    /** The cashier asked to try again from the recovery page: the count starts over. */
    reset() {
      crashes = [];
    },
  };
}

/**
 * The recovery page: static, no script (the CSP allows none inline), bilingual, with what to do,
 * where the log is, and a link back to the till that starts the count again.
 */
export function recoveryPageHtml(logFile: string): string {
  const escape = (text: string) =>
    text.replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
    );
  return `<!doctype html>
<html lang="zh-Hant-TW"><head><meta charset="utf-8"><title>收銀台需要重新啟動 / The till needs a restart</title>
<style>body{font:18px/1.6 "Noto Sans CJK TC","Microsoft JhengHei",sans-serif;margin:48px;color:#0f172a;background:#f4f5f7}
h1{font-size:26px}a{display:inline-block;margin-top:24px;padding:14px 28px;background:#1d4ed8;color:#fff;border-radius:8px;text-decoration:none;font-size:20px}
code{background:#e2e8f0;padding:2px 6px;border-radius:4px;word-break:break-all}</style></head>
<body><main>
<h1>收銀畫面連續停止回應 / The till's screen stopped responding several times</h1>
<p>已開立的發票、日誌與掛單都已保存，不會遺失。請先按下方按鈕再試一次；若仍無法使用，請關閉收銀台後重新開啟，並通知店長。</p>
<p>Issued invoices, the journal and held carts are saved and not lost. Try again with the button below; if the till still does not work, close and reopen it, and tell the store manager.</p>
<p>詳細記錄 / Details: <code>${escape(logFile)}</code></p>
<a id="retry" href="${RECOVERED_URL}">再試一次 / Try again</a>
</main></body></html>
`;
}
