import { z } from 'zod';
import { findHiddenCharacter, hiddenCharacterReason } from '../../domain/plain-text';

/**
 * One IPC method: its input schema (checked at runtime before any handler runs) and its output
 * schema (the type the renderer receives; checked in tests).
 */
export interface MethodSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly input: I;
  readonly output: O;
  /** Why the renderer calls it, for docs and error messages. */
  readonly summary: string;
}

export function method<I extends z.ZodType, O extends z.ZodType>(
  summary: string,
  input: I,
  output: O,
): MethodSpec<I, O> {
  return { summary, input, output };
}

/** Methods without arguments still take an (empty, strict) object, so every call has one shape. */
export const noInput = z.object({}).strict();

/** A text the cashier reads (the shared domain's Bilingual): zh-TW first, English second. */
export const BilingualText = z.object({ zh: z.string(), en: z.string() });

/**
 * A text a person or a file supplies, at most `max` characters, with no hidden character (control
 * bytes, line breaks, bidi overrides: the shared domain's one rule). The issue carries the zh-TW
 * reason in `params.zh`, so dispatch can answer in both languages.
 */
export function PlainText(max: number) {
  return z
    .string()
    .max(max)
    .superRefine((value, ctx) => {
      const found = findHiddenCharacter(value);
      if (!found) return;
      const reason = hiddenCharacterReason(found);
      ctx.addIssue({ code: 'custom', message: reason.en, params: { zh: reason.zh } });
    });
}

/** Whether `YYYY-MM-DD` names a day of the calendar (not 2026-02-30, not month 13). */
function isCalendarDay(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A business day as the screens and the journal name it: a real `YYYY-MM-DD`, Taipei time. */
export const BusinessDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
  .refine(isCalendarDay, {
    message: 'not a day of the calendar (YYYY-MM-DD)',
    params: { zh: '不是日曆上的日期（YYYY-MM-DD）' },
    // A text that is not YYYY-MM-DD at all already has its issue.
    when: (payload) => typeof payload.value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(payload.value),
  });
