import type { Bilingual } from './i18n';
import type { Validation } from './validation';

/**
 * The one rule for every text a person or a file gives the till (product and line names, buyer
 * title, cashier, carrier and code fields, CSV cells, settings): it must be visible text.
 *
 * Refused, because each of them reaches a printer, a journal, a CSV or a screen as something else
 * than what a person sees:
 * - C0 controls U+0000-U+001F (NUL, TAB, LF, CR, ESC, GS, …) and DEL U+007F: ESC/POS commands are
 *   built from them (ESC p kicks the drawer, GS V cuts), and line breaks split one field in two;
 * - C1 controls U+0080-U+009F (NEL is a line break too);
 * - bidi embeddings and overrides U+202A-U+202E and isolates U+2066-U+2069: they reorder what is
 *   shown, so a name or an amount reads differently from what is stored ("Trojan Source");
 * - the line and paragraph separators U+2028 and U+2029: line breaks by another name.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
const HIDDEN_ALL = new RegExp(HIDDEN.source, 'gu');

/** The first hidden character of a text, with its position (UTF-16 index) and code point. */
export interface HiddenCharacter {
  index: number;
  codePoint: number;
}

export function findHiddenCharacter(text: string): HiddenCharacter | null {
  const match = HIDDEN.exec(text);
  return match ? { index: match.index, codePoint: match[0].codePointAt(0)! } : null;
}

export const isVisibleText = (text: string): boolean => !HIDDEN.test(text);

const NAMES: Readonly<Record<number, string>> = Object.assign(Object.create(null) as Record<number, string>, {
  0x00: 'NUL',
  0x09: 'TAB',
  0x0a: 'LF',
  0x0d: 'CR',
  0x10: 'DLE',
  0x1b: 'ESC',
  0x1c: 'FS',
  0x1d: 'GS',
  0x7f: 'DEL',
  0x85: 'NEL',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
});

/** `U+001B (ESC)`: how a refusal names the character a person cannot see. */
export function describeCodePoint(codePoint: number): string {
  const hex = `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
  const name = NAMES[codePoint];
  return name ? `${hex} (${name})` : hex;
}

/** `看不見的控制字元 U+001B (ESC)（第 3 個字元）` / `an invisible control character U+001B (ESC) at position 3`. */
export function describeHiddenCharacter(found: HiddenCharacter): Bilingual {
  const what = describeCodePoint(found.codePoint);
  const position = found.index + 1;
  return {
    zh: `看不見的控制字元 ${what}（第 ${position} 個字元）`,
    en: `an invisible control character ${what} at position ${position}`,
  };
}

/** Why a typed text was refused, naming the field (when given) and the character. */
export function hiddenCharacterReason(found: HiddenCharacter, field?: Bilingual): Bilingual {
  const what = describeHiddenCharacter(found);
  return {
    zh: `${field ? `「${field.zh}」` : ''}含有${what.zh}，請刪除後再輸入`,
    en: `${field ? field.en : 'The text'} contains ${what.en}: remove it and type it again`,
  };
}

/** A text is accepted unchanged, or refused with the reason: nothing is silently removed. */
export function validateVisibleText(text: string, field?: Bilingual): Validation {
  const found = findHiddenCharacter(text);
  return found ? { ok: false, reason: hiddenCharacterReason(found, field) } : { ok: true, value: text };
}

/**
 * For output only (the printer's text, defense in depth): every hidden character replaced, so a
 * text can never carry a command of its own. Input is refused instead, never cleaned.
 */
export function replaceHiddenCharacters(text: string, replacement = '?'): string {
  return text.replace(HIDDEN_ALL, replacement);
}
