import { readFileSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { z } from 'zod';
import type { Bilingual } from '../../shared/domain';
import { PROVIDER_VARIANT_IDS } from '../../provider/variants';
import { TillError } from './errors';
import type { Logger } from './logger';

/**
 * What every capability's command line (`npm run checkout`, `returns`, `reconcile`…) does the
 * same way: bad input is a `UsageError` with a bilingual message (exit 2, nothing written),
 * options are parsed strictly, JSON files are read with a reason naming the file, a schema's
 * issues are listed by path, and logs go to stderr so stdout stays the machine-readable answer.
 */
export class UsageError extends Error {
  constructor(readonly bilingual: Bilingual) {
    super(bilingual.en);
  }
}

export const usage = (zh: string, en: string) => new UsageError({ zh, en });

/** `parseArgs` in strict mode, its complaint turned into a bilingual usage error. */
export function parseCliArgs<O extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: O,
  usageText: string,
) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false });
  } catch (error) {
    const message = (error as Error).message;
    throw usage(`參數錯誤：${message}。用法：${usageText}`, `${message}. Usage: ${usageText}`);
  }
}

/** A file's text, or a usage error naming what could not be read. */
export function readTextFile(path: string, what: Bilingual): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw usage(`讀不到${what.zh}檔案 ${path}`, `Cannot read the ${what.en} file ${path}`);
  }
}

/** A JSON file, or a usage error naming the file that could not be read or parsed. */
export function readJsonFile(path: string, what: Bilingual): unknown {
  const text = readTextFile(path, what);
  try {
    return JSON.parse(text);
  } catch {
    throw usage(`${what.zh}檔案 ${path} 不是 JSON`, `The ${what.en} file ${path} is not JSON`);
  }
}

/** A schema's issues as `path: message; …` (the root as `(root)`). */
export function schemaIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

/** Logs for a command line: one line each on stderr. */
export const stderrLogger: Logger = {
  info: (message, fields) => process.stderr.write(`INFO ${message} ${JSON.stringify(fields ?? {})}\n`),
  warn: (message, fields) => process.stderr.write(`WARN ${message} ${JSON.stringify(fields ?? {})}\n`),
  error: (message, detail) =>
    process.stderr.write(
      `ERROR ${message} ${detail instanceof Error ? detail.message : JSON.stringify(detail ?? null)}\n`,
    ),
};

/**
 * The exit code of a command line that failed: 2 for bad input or a refusal of the till (the
 * message says why, nothing was written), 1 for a failure inside the till. The message goes to
 * stderr.
 */
export function reportCliFailure(error: unknown): number {
  if (error instanceof UsageError || error instanceof TillError) {
    process.stderr.write(`${error.bilingual.zh}\n${error.bilingual.en}\n`);
    return 2;
  }
  process.stderr.write(
    `內部錯誤 / Internal error: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  return 1;
}

/**
 * The connection file the command lines that sell, return or reconcile read (`--config FILE`): the
 * provider's address and keys, the till id, and the standard API for returns and reconciliation.
 */
export const CliConfig = z
  .object({
    serviceUrl: z.string().refine((value) => /^https?:\/\/[^/]/.test(value), 'must be an http(s) address'),
    companyId: z.string().regex(/^\d{8}$/, 'must be 8 digits'),
    apiKey: z.string().min(1),
    signingSecret: z.string().min(1),
    tillId: z.string().regex(/^[A-Z0-9]{1,12}$/, 'must be 1 to 12 capital letters or digits'),
    timeoutMs: z.number().int().min(100).max(120_000),
    /** Marks the sales as training-mode in the journal (default false). */
    training: z.boolean().optional(),
    /** The standard API (returns: `npm run returns`): base URL and the seller's standard key pair. */
    standardServiceUrl: z
      .string()
      .refine((value) => /^https?:\/\/[^/]/.test(value), 'must be an http(s) address')
      .optional(),
    standardApiKey: z.string().min(1).optional(),
    standardSigningSecret: z.string().min(1).optional(),
    /** The provider's variant (profile §6: signature recipe, wire names); the profile's when left out. */
    variant: z.enum(PROVIDER_VARIANT_IDS).optional(),
    /** Invoice mode's group (`UseFor` of a split, `npm run offline -- split`; profile §7). */
    invoiceModeGroup: z.string().min(1).max(10).optional(),
  })
  .strict();
export type CliConfig = z.infer<typeof CliConfig>;
