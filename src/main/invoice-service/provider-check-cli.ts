// `npm run provider-check -- --config FILE [--json]`
// The conformance check against a provider's standard API (its staging, or the training service):
// only calls that change nothing. Prints the report in Chinese and English (or, with --json, the
// report as one JSON line). Exit 0 when the till and the provider agree, 1 when something does
// not, 2 for bad input (nothing sent).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { PROVIDER_VARIANT_IDS } from '../../provider/variants';
import { formatProviderCheck, runProviderCheck, type ProviderCheckConfig } from './provider-check';

const USAGE = 'npm run provider-check -- --config FILE [--json]';

/**
 * The config file: the standard API's address and the seller's standard key pair (the same keys
 * as `npm run checkout`'s config file, whose other fields are ignored here) and the variant.
 */
export const ProviderCheckFile = z.object({
  standardServiceUrl: z
    .string()
    .refine((value) => /^https?:\/\/[^/]/.test(value), 'must be an http(s) address'),
  companyId: z.string().regex(/^\d{8}$/, 'must be 8 digits'),
  standardApiKey: z.string().min(1),
  standardSigningSecret: z.string().min(1),
  timeoutMs: z.number().int().min(100).max(120_000).default(10_000),
  variant: z.enum(PROVIDER_VARIANT_IDS).default('profile'),
  /** A cloud printer (profile §8): the POS API's address and key pair, and the printer's number. */
  cloudPrint: z
    .object({
      serviceUrl: z.string().refine((value) => /^https?:\/\/[^/]/.test(value), 'must be an http(s) address'),
      companyId: z.string().regex(/^\d{8}$/, 'must be 8 digits'),
      apiKey: z.string().min(1),
      signingSecret: z.string().min(1),
      printerNo: z.string().min(1),
    })
    .optional(),
});

export interface CliStreams {
  out: (text: string) => void;
  err: (text: string) => void;
}

const processStreams: CliStreams = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

function readConfig(
  path: string,
): { ok: true; config: ProviderCheckConfig } | { ok: false; zh: string; en: string } {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return {
      ok: false,
      zh: `讀不到設定檔或不是 JSON：${path}`,
      en: `Cannot read the config file or it is not JSON: ${path}`,
    };
  }
  const parsed = ProviderCheckFile.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    return { ok: false, zh: `設定檔不正確：${issues}`, en: `Bad config: ${issues}` };
  }
  const { cloudPrint, ...config } = parsed.data;
  return { ok: true, config: cloudPrint ? { ...config, cloudPrint } : config };
}

export async function runProviderCheckCli(
  argv: string[],
  streams: CliStreams = processStreams,
): Promise<number> {
  let values: { config?: string | undefined; json?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { config: { type: 'string' }, json: { type: 'boolean' } },
      strict: true,
    }));
  } catch (error) {
    streams.err(`${(error as Error).message}\n用法 / Usage: ${USAGE}\n`);
    return 2;
  }
  if (!values.config) {
    streams.err(`缺少 --config / --config is required\n用法 / Usage: ${USAGE}\n`);
    return 2;
  }
  const read = readConfig(values.config);
  if (!read.ok) {
    streams.err(`${read.zh}\n${read.en}\n`);
    return 2;
  }
  try {
    const report = await runProviderCheck(read.config);
    streams.out(values.json ? JSON.stringify(report) + '\n' : formatProviderCheck(report));
    return report.ok ? 0 : 1;
  } catch (error) {
    streams.err(`內部錯誤 / Internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('provider-check-cli.ts')) {
  void runProviderCheckCli(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
