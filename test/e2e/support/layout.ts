import type { Page } from 'playwright-core';
import { saveScreenshot } from '../../support/chromium';
import { horizontalOverflow, smallButtons, SUPERVISOR_PIN } from './till-session';

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
 * or digits of one word or amount (`Cou|nted`, `NT$1,0|30`), and a short label (a state, a column
 * head, an invoice kind: at most 10 characters without a space) on more than one line, Chinese
 * included (`紙本證|明聯`, `已開|立`, `付|款|方|式`). Longer Chinese text wrapping between
 * characters, and any text after spaces or dashes, is how text is meant to wrap.
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
      const label = text.trim();
      if (label.length >= 2 && label.length <= 10 && !/\s/.test(label)) {
        const rects = [
          ...(() => {
            range.selectNodeContents(node);
            return range.getClientRects();
          })(),
        ].filter((rect) => rect.width > 0);
        const lines = new Set(rects.map((rect) => Math.round(rect.top)));
        if (lines.size > 1) {
          problems.push(`"${label}" wraps over ${lines.size} lines`);
          continue;
        }
      }
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

/**
 * Text cut inside the element with `testId`: an element holding text that is wider than its box
 * (scrollWidth > clientWidth), unless it ends in an ellipsis and the whole text is in a title
 * (the tooltip a person can read it in). Inputs scroll their own text and are left out.
 */
export function cutTextProblems(page: Page, testId: string): Promise<string[]> {
  return page.evaluate((id) => {
    const root = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
    if (!root) return [`no ${id}`];
    const problems: string[] = [];
    for (const el of [root, ...root.querySelectorAll<HTMLElement>('*')]) {
      if (el.offsetParent === null && getComputedStyle(el).position !== 'fixed') continue; // not shown
      if (/^(INPUT|TEXTAREA|SELECT|OPTION)$/.test(el.tagName)) continue;
      const holdsText = [...el.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      if (!holdsText || el.clientWidth === 0) continue; // no text of its own, or inline (no box of its own)
      if (el.getBoundingClientRect().width <= 1) continue; // for screen readers only
      if (el.scrollWidth <= el.clientWidth + 1) continue;
      const style = getComputedStyle(el);
      if (style.textOverflow === 'ellipsis' && (el.closest('[title]')?.getAttribute('title') ?? '') !== '')
        continue;
      const name = `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''}.${el.className} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
      problems.push(`${name} cut by ${el.scrollWidth - el.clientWidth} px`);
    }
    return problems;
  }, testId);
}

/**
 * The document itself taller or wider than the window (issue 24: a hidden span with no positioned
 * parent made 設定 scroll the whole app off screen, with a second scrollbar): the shell fits the
 * window, and only its parts scroll.
 */
export function documentProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const problems: string[] = [];
    if (doc.scrollHeight > window.innerHeight + 1)
      problems.push(`the document is ${doc.scrollHeight - window.innerHeight} px taller than the window`);
    if (doc.scrollWidth > window.innerWidth + 1)
      problems.push(`the document is ${doc.scrollWidth - window.innerWidth} px wider than the window`);
    return problems;
  });
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

/**
 * A dialog over the screen: its box inside the window and everything in it shown without
 * scrolling it up and down (a confirm button scrolled out of a 768 px high window is one the
 * cashier does not find).
 */
export function dialogProblems(page: Page, testId: string): Promise<string[]> {
  return page.evaluate((id) => {
    const dialog = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
    if (!dialog) return [`no ${id}`];
    const problems: string[] = [];
    const box = dialog.getBoundingClientRect();
    if (
      box.top < -0.5 ||
      box.left < -0.5 ||
      box.bottom > window.innerHeight + 0.5 ||
      box.right > window.innerWidth + 0.5
    )
      problems.push(`${id} reaches outside the window`);
    if (dialog.scrollHeight > dialog.clientHeight + 1)
      problems.push(`${id} scrolls up and down by ${dialog.scrollHeight - dialog.clientHeight}`);
    return problems;
  }, testId);
}

export interface EverySizeOptions {
  /**
   * The element is a modal dialog: the header's language switch is under its backdrop, so the
   * dialog is closed (Esc), the language switched and the dialog opened again with `reopen`, as
   * a cashier would; and the dialog is checked to fit the window (dialogProblems).
   */
  dialog?: { reopen(): Promise<void> };
  /**
   * The whole element in view at once (nothing under the action bar, nothing to scroll to) and
   * every button big enough for a finger: for screens a cashier works through without scrolling.
   */
  wholeInView?: boolean;
  /** Before each check (after a resize or a language switch): e.g. scroll a list to its end. */
  prepare?(): Promise<void>;
}

export const COUNTER_SIZES = [
  [1024, 768],
  [1366, 768],
] as const;

/**
 * The element with `testId` at both counter sizes (1024×768, 1366×768) and in both languages:
 * `visit` runs at each (the page scrolling sideways is checked here). Ends at 1024×768 in Chinese.
 */
async function atEverySize(
  page: Page,
  testId: string,
  options: EverySizeOptions,
  visit: (where: { width: number; height: number; language: 'zh' | 'en' }) => Promise<string[]>,
): Promise<string[]> {
  const problems: string[] = [];
  const switchLanguage = async () => {
    if (options.dialog) {
      await page.keyboard.press('Escape');
      await page.getByTestId(testId).waitFor({ state: 'detached' });
    }
    await page.getByTestId('language-toggle').click();
    await options.dialog?.reopen();
  };
  for (const [width, height] of COUNTER_SIZES) {
    await page.setViewportSize({ width, height });
    for (const language of ['zh', 'en'] as const) {
      if (language === 'en') await switchLanguage();
      await page.getByTestId(testId).waitFor();
      await options.prepare?.();
      const where = `${width}×${height} ${language}`;
      if ((await horizontalOverflow(page)) > 0) problems.push(`${where}: the page scrolls sideways`);
      for (const problem of await visit({ width, height, language })) problems.push(`${where}: ${problem}`);
      if (options.dialog)
        for (const problem of await dialogProblems(page, testId)) problems.push(`${where}: ${problem}`);
      if (options.wholeInView) {
        const below = await verticalOverflow(page, testId);
        if (below > 0) problems.push(`${where}: ${below} px out of view, to scroll to`);
        for (const small of await smallButtons(page))
          problems.push(
            `${where}: button "${small.text}" is ${small.width}×${small.height} px, too small for a finger`,
          );
      }
    }
    await switchLanguage();
  }
  await page.setViewportSize({ width: 1024, height: 768 });
  return problems;
}

/**
 * Issue 15, clear on screen: the element with `testId` at both counter sizes (1024×768,
 * 1366×768) and in both languages, with the checks above (nothing wider than its box, no text
 * cut, no word or number broken across lines, the status bar and the header on one line) and a
 * screenshot each (test-results/layout-<name>-<size>[-en].png). Ends at 1024×768 in Chinese.
 */
export async function checkEverySize(
  page: Page,
  testId: string,
  name: string,
  options: EverySizeOptions = {},
): Promise<string[]> {
  return (
    await atEverySize(page, testId, options, async ({ width, height, language }) => {
      const problems = await screenProblems(page, testId);
      await saveScreenshot(page, `layout-${name}-${width}x${height}${language === 'en' ? '-en' : ''}`);
      return problems;
    })
  ).map((problem) => `${name} ${problem}`);
}

/**
 * Issue 24, the walk of every screen: checkEverySize's checks, and text cut inside its box
 * (cutTextProblems) and the document taller or wider than the window (documentProblems); a
 * screenshot each under test-results/screens/<screen>-<size>-<language>.png.
 */
export async function checkScreen(
  page: Page,
  testId: string,
  screen: string,
  options: EverySizeOptions = {},
): Promise<string[]> {
  return (
    await atEverySize(page, testId, options, async ({ width, height, language }) => {
      const problems = [
        ...(await screenProblems(page, testId)),
        ...(await cutTextProblems(page, testId)),
        ...(await documentProblems(page)),
      ];
      await saveScreenshot(page, `screens/${screen}-${width}x${height}-${language}`);
      return problems;
    })
  ).map((problem) => `${screen} ${problem}`);
}

/** Answers the supervisor PIN dialog that an action (Settings, a return, a reprint) opened. */
export async function enterPin(page: Page): Promise<void> {
  await page.getByTestId('pin-dialog').waitFor();
  await page.getByTestId('pin-input').fill(SUPERVISOR_PIN);
  await page.getByTestId('pin-confirm').click();
}
