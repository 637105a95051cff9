import type { Page } from 'playwright-core';

/**
 * What a person would call cut or broken on a screen, as lists of problems (empty: fine), so a
 * failing test names the element. The status bar check is the one closing-reconciliation.test.ts
 * started with; the others look at any part of the page by its test id.
 */

/** The status bar on more than one line, or an item of it pushed out of the bar. */
export function statusBarProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const bar = document.querySelector<HTMLElement>('[data-testid="status-bar"]');
    if (!bar) return ['no status bar'];
    const barBox = bar.getBoundingClientRect();
    const items = [...bar.children] as HTMLElement[];
    const middles = items.map((el) => {
      const box = el.getBoundingClientRect();
      return Math.round((box.top + box.bottom) / 2);
    });
    if (Math.max(...middles) - Math.min(...middles) > 2) problems.push('the status bar wraps');
    for (const el of items) {
      if (el.dataset.testid === 'status-version') continue; // gives way with an ellipsis
      const box = el.getBoundingClientRect();
      if (box.right > barBox.right + 0.5)
        problems.push(`status bar item ${el.dataset.testid ?? el.className} cut`);
    }
    return problems;
  });
}

/** The header's buttons on more than one line or outside the window (a new screen in the nav). */
export function headerProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const header = document.querySelector<HTMLElement>('.shell__header');
    if (!header) return ['no header'];
    const problems: string[] = [];
    const buttons = [...header.querySelectorAll<HTMLElement>('button')];
    const tops = new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
    if (tops.size > 1) problems.push('the header buttons are on more than one line');
    for (const b of buttons) {
      if (b.getBoundingClientRect().right > window.innerWidth + 0.5)
        problems.push(`header button ${b.textContent} cut`);
    }
    return problems;
  });
}

/**
 * Inside the element with `testId`: it scrolling sideways, a visible element reaching outside it,
 * or text clipped by its box (wider than it, with the overflow hidden).
 */
export function overflowProblems(page: Page, testId: string): Promise<string[]> {
  return page.evaluate((id) => {
    const root = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
    if (!root) return [`no ${id}`];
    const problems: string[] = [];
    if (root.scrollWidth > root.clientWidth + 1)
      problems.push(`${id} scrolls sideways by ${root.scrollWidth - root.clientWidth}`);
    const rootBox = root.getBoundingClientRect();
    for (const el of root.querySelectorAll<HTMLElement>('*')) {
      if (el.offsetParent === null && getComputedStyle(el).position !== 'fixed') continue; // not shown
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // not shown, or for screen readers only
      // (No helper function in here: the bundler would wrap it in a name helper the page lacks.)
      const name = `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''}.${el.className} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
      if (box.right > rootBox.right + 0.5 || box.left < rootBox.left - 0.5)
        problems.push(`${name} outside ${id}`);
      const style = getComputedStyle(el);
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip';
      if (clips && el.scrollWidth > el.clientWidth + 1 && style.textOverflow !== 'ellipsis')
        problems.push(`${name} clipped`);
    }
    return problems;
  }, testId);
}

/**
 * Words broken across lines inside the element with `testId`: a line break between two letters
 * or digits of one word or amount (`Cou|nted`, `NT$1,0|30`). Breaks between Chinese characters
 * and after spaces or dashes are how text is meant to wrap, and are not counted.
 */
export function wordsBrokenAcrossLines(page: Page, testId: string): Promise<string[]> {
  return page.evaluate((id) => {
    const root = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
    if (!root) return [`no ${id}`];
    const problems: string[] = [];
    const wordChar = /[A-Za-z0-9$,.'’]/;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!parent || parent.offsetParent === null || text.trim() === '') continue;
      let previous: { char: string; top: number } | null = null;
      for (let i = 0; i < text.length; i++) {
        const char = text[i]!;
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect || /\s/.test(char)) {
          previous = null;
          continue;
        }
        if (previous && rect.top > previous.top + 2 && wordChar.test(previous.char) && wordChar.test(char)) {
          problems.push(`"${text.trim().slice(0, 40)}" breaks between "${previous.char}" and "${char}"`);
        }
        previous = { char, top: rect.top };
      }
    }
    return problems;
  }, testId);
}

/**
 * The element with `testId` taller than its box (it scrolls up and down): at the counter sizes a
 * screen that fits shows everything at once, nothing hidden under its sticky action bar.
 */
export function verticalOverflow(page: Page, testId: string): Promise<number> {
  return page.evaluate((id) => {
    const root = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
    return root ? root.scrollHeight - root.clientHeight : Number.NaN;
  }, testId);
}

/** Every layout problem of a screen at once: the screen itself, its words, the status bar, the header. */
export async function screenProblems(page: Page, testId: string): Promise<string[]> {
  return [
    ...(await overflowProblems(page, testId)),
    ...(await wordsBrokenAcrossLines(page, testId)),
    ...(await statusBarProblems(page)),
    ...(await headerProblems(page)),
  ];
}
