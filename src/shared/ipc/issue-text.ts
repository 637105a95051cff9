import type { z } from 'zod';
import type { Bilingual } from '../domain/i18n';
import { replaceHiddenCharacters } from '../domain/plain-text';
import { DENOMINATION_PARENTS, FIELD_LABELS } from './contract/labels';

/**
 * A refused payload in the cashier's words (issue 22): each schema issue as one bilingual
 * sentence that names the field as the screens do (contract/labels.ts; an array member as an
 * ordinal, a note or coin by its value) and says what is wrong without zod's English:
 * 「面額 10 元的張數不能是負數」 / "The count of NT$10 cannot be negative". A field the labels do
 * not know is named by its path, in both languages. One mechanism for every method: the issue
 * codes, never per-call strings.
 */
type Issue = z.core.$ZodIssue;

/** The rules the contract's own regex messages state, in Chinese (the English is the schema's). */
const RULES: Readonly<Record<string, string>> = Object.assign(Object.create(null) as Record<string, string>, {
  '4 to 12 digits': '4 到 12 位數字',
  '4 to 6 digits': '4 到 6 位數字',
  '1 to 12 letters or digits': '1 到 12 個英文字母或數字',
  'YYYY-MM-DD': '年-月-日，例如 2026-11-27',
  'visible characters only': '只能是看得見的字元',
});

const MAX_SHOWN = 40;

/** Outside text (a key sent to the till) made visible and short before it is quoted. */
function shown(value: unknown): string {
  const text = replaceHiddenCharacters(String(value));
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

const isIndex = (key: PropertyKey): key is number => typeof key === 'number';

/**
 * The field a path points at, in words: `lines.2.quantity` → 「第 3 筆商品明細的數量」 / "the
 * quantity of item 3 of the lines"; `count.10` → 「面額 10 元的張數」 / "the count of NT$10".
 */
export function fieldWords(path: readonly PropertyKey[]): Bilingual {
  if (path.length === 0) return { zh: '資料', en: 'the input' };
  const zh: string[] = [];
  const en: string[] = [];
  let parent: string | null = null;
  for (const key of path) {
    if (isIndex(key)) {
      // An ordinal of the member before it: 第 3 筆商品明細 / item 3 of the lines.
      const n = key + 1;
      zh.push(`第 ${n} 筆${zh.pop() ?? '項目'}`);
      en.push(`item ${n} of ${en.pop() ?? 'the list'}`);
      continue;
    }
    const name = String(key);
    if (parent !== null && DENOMINATION_PARENTS.has(parent) && /^\d+$/.test(name)) {
      // A note or coin of a count: 面額 10 元的張數 (the float's: 開班零用金中面額 10 元的張數).
      const within = { zh: zh.pop() ?? '', en: en.pop() ?? '' };
      const own = parent === 'count';
      zh.push(`${own ? '' : `${within.zh}中`}面額 ${name} 元的張數`);
      en.push(`the count of NT$${name}${own ? '' : ` in ${within.en}`}`);
      parent = name;
      continue;
    }
    const label = FIELD_LABELS[name];
    if (!label) {
      // Not a field the labels know: the plain path, in both languages.
      const plain = path.map((part) => shown(isIndex(part) ? part + 1 : part)).join('.');
      return { zh: `欄位「${plain}」`, en: `the field "${plain}"` };
    }
    zh.push(label.zh);
    en.push(label.en);
    parent = name;
  }
  return { zh: zh.join('的'), en: en.reverse().join(' of ') };
}

const list = (values: readonly unknown[], separator: string) => {
  const some = values.slice(0, 6).map((v) => shown(typeof v === 'string' ? v : JSON.stringify(v)));
  return some.join(separator) + (values.length > 6 ? `${separator}…` : '');
};

/** What is wrong, after the field: 「不能是負數」 / "cannot be negative". */
function problem(issue: Issue): Bilingual {
  switch (issue.code) {
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        if (min === 0 && issue.inclusive) return { zh: '不能是負數', en: 'cannot be negative' };
        return issue.inclusive
          ? { zh: `不能小於 ${min}`, en: `cannot be less than ${min}` }
          : { zh: `必須大於 ${min}`, en: `must be more than ${min}` };
      }
      if (issue.origin === 'string') {
        return min <= 1
          ? { zh: '不能空白', en: 'cannot be empty' }
          : { zh: `至少要 ${min} 個字`, en: `must have at least ${min} characters` };
      }
      return { zh: `至少要 ${min} 項`, en: `needs at least ${min} ${min === 1 ? 'entry' : 'entries'}` };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'int') return { zh: '數字太大', en: 'is too large a number' };
      if (issue.origin === 'number' || issue.origin === 'bigint') {
        return issue.inclusive
          ? { zh: `不能大於 ${max}`, en: `cannot be more than ${max}` }
          : { zh: `必須小於 ${max}`, en: `must be less than ${max}` };
      }
      if (issue.origin === 'string')
        return { zh: `最多 ${max} 個字`, en: `may have at most ${max} characters` };
      return { zh: `最多 ${max} 項`, en: `may have at most ${max} entries` };
    }
    case 'invalid_type': {
      if (issue.input === undefined) return { zh: '未填寫', en: 'is missing' };
      switch (issue.expected) {
        case 'int':
          return { zh: '必須是整數', en: 'must be a whole number' };
        case 'number':
        case 'bigint':
          return { zh: '必須是數字', en: 'must be a number' };
        case 'string':
          return { zh: '必須是文字', en: 'must be text' };
        case 'boolean':
          return { zh: '必須是「是」或「否」', en: 'must be yes or no' };
        case 'array':
          return { zh: '必須是清單', en: 'must be a list' };
        case 'object':
        case 'record':
          return { zh: '必須是一組欄位', en: 'must be a group of fields' };
        default:
          return { zh: '格式不正確', en: 'is not in the right form' };
      }
    }
    case 'invalid_format': {
      const rule = RULES[issue.message];
      return rule
        ? { zh: `格式不正確（須為${rule}）`, en: `is not in the right form (${issue.message})` }
        : { zh: '格式不正確', en: 'is not in the right form' };
    }
    case 'invalid_value':
      return {
        zh: `不是可接受的選項（${list(issue.values, '、')}）`,
        en: `is not one of the accepted choices (${list(issue.values, ', ')})`,
      };
    case 'invalid_union': {
      const options = (issue as { options?: unknown[] }).options;
      return Array.isArray(options) && options.length > 0
        ? {
            zh: `不是可接受的選項（${list(options, '、')}）`,
            en: `is not one of the accepted choices (${list(options, ', ')})`,
          }
        : { zh: '格式不正確', en: 'is not in any accepted form' };
    }
    case 'unrecognized_keys':
      return {
        zh: `有不認得的欄位：${list(issue.keys, '、')}`,
        en: `has fields the till does not know: ${list(issue.keys, ', ')}`,
      };
    case 'not_multiple_of':
      return {
        zh: `必須是 ${Number(issue.divisor)} 的倍數`,
        en: `must be a multiple of ${Number(issue.divisor)}`,
      };
    case 'invalid_key':
    case 'invalid_element':
      return { zh: '有不正確的項目', en: 'has an entry that is not right' };
    case 'custom': {
      // The project's own refinements carry the reason in both languages (PlainText, BusinessDay…).
      const zh: unknown = issue.params?.zh;
      return typeof zh === 'string'
        ? { zh: `不正確：${zh}`, en: `is not right: ${issue.message}` }
        : { zh: '不正確', en: 'is not right' };
    }
  }
}

/** One issue as a sentence: 「面額 10 元的張數不能是負數」 / "The count of NT$10 cannot be negative". */
export function issueText(issue: Issue): Bilingual {
  const field = fieldWords(issue.path);
  const what = problem(issue);
  const en = `${field.en} ${what.en}`;
  return { zh: `${field.zh}${what.zh}`, en: en.charAt(0).toUpperCase() + en.slice(1) };
}

/** The refusal of a payload: every issue once, at most `max` of them. */
export function issuesText(issues: readonly Issue[], max = 5): Bilingual {
  const zh: string[] = [];
  const en: string[] = [];
  for (const issue of issues) {
    const text = issueText(issue);
    if (zh.includes(text.zh)) continue;
    zh.push(text.zh);
    en.push(text.en);
  }
  const more = zh.length > max ? zh.length - max : 0;
  return {
    zh: zh.slice(0, max).join('；') + (more ? `；另有 ${more} 項` : ''),
    en: en.slice(0, max).join('; ') + (more ? `; and ${more} more` : ''),
  };
}
