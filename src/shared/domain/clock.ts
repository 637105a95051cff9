import { bilingual, type Bilingual } from './i18n';

/**
 * The till's clock against the e-invoice service's (its answers' `Date` header). Requests carry
 * a Timestamp the service accepts within a few minutes of its own clock (provider profile §1), so
 * a till whose clock is off says so in words a cashier can act on, before and after a refusal.
 */

/** Beyond this difference the status bar warns (the window is 300 s; a minute leaves room). */
export const CLOCK_WARNING_SECONDS = 60;

/** `7 天 2 小時` / `7 d 2 h`: the two largest units, enough to see which clock is wrong. */
export function formatDuration(totalSeconds: number): Bilingual {
  const s = Math.abs(Math.round(totalSeconds));
  const units: Array<[number, string, string]> = [
    [86_400, '天', 'd'],
    [3_600, '小時', 'h'],
    [60, '分鐘', 'min'],
    [1, '秒', 's'],
  ];
  const zh: string[] = [];
  const en: string[] = [];
  let rest = s;
  for (const [size, zhUnit, enUnit] of units) {
    const count = Math.floor(rest / size);
    if (count > 0 || (size === 1 && zh.length === 0)) {
      zh.push(`${count} ${zhUnit}`);
      en.push(`${count} ${enUnit}`);
      rest -= count * size;
    }
    if (zh.length === 2) break;
  }
  return bilingual(zh.join(' '), en.join(' '));
}

/**
 * Which clock is off and by how much, or null when they agree. `offsetSeconds` is the service's
 * clock minus the till's: positive means the till is behind.
 */
export function describeClockOffset(offsetSeconds: number | null): Bilingual | null {
  if (offsetSeconds === null || Math.abs(offsetSeconds) < CLOCK_WARNING_SECONDS) return null;
  const by = formatDuration(offsetSeconds);
  return offsetSeconds < 0
    ? bilingual(
        `收銀機時鐘比發票服務快 ${by.zh}`,
        `The till's clock is ${by.en} ahead of the e-invoice service`,
      )
    : bilingual(
        `收銀機時鐘比發票服務慢 ${by.zh}`,
        `The till's clock is ${by.en} behind the e-invoice service`,
      );
}

/** Why the service refused the request time (`Timestamp expired`), in the cashier's words. */
export function timestampExpiredCause(offsetSeconds: number | null | undefined): Bilingual {
  if (offsetSeconds === null || offsetSeconds === undefined) {
    return bilingual(
      '請求時間不被發票服務接受：請檢查這台收銀機的日期與時間',
      "the service did not accept the request time: check this till's date and time",
    );
  }
  const offset = describeClockOffset(offsetSeconds);
  if (offset) {
    return bilingual(
      `${offset.zh}，請校正這台電腦的日期與時間`,
      `${offset.en}; set this computer's date and time right`,
    );
  }
  return bilingual(
    '收銀機與發票服務的時鐘一致，但服務仍拒絕請求時間：請通知店長聯絡發票服務',
    "the till's clock agrees with the service's, yet the service refused the request time: ask the manager to call the e-invoice service",
  );
}
