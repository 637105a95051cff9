/**
 * Answers from main can come back out of order (a big day is slower than a small one, a busy
 * machine slower still). A screen that asks again before the last answer came shows only the
 * answer to its newest ask: `const isNewest = ask(); await callTill(…); if (!isNewest()) return;`.
 */
export function newestAsk(): () => () => boolean {
  let asked = 0;
  return () => {
    const mine = ++asked;
    return () => mine === asked;
  };
}
