import { z } from 'zod';

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

/** A business day as the screens and the journal name it: `YYYY-MM-DD`, Taipei time. */
export const BusinessDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
