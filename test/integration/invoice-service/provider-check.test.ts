import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatProviderCheck,
  runProviderCheck,
  type ProviderCheckConfig,
} from '../../../src/main/invoice-service/provider-check';
import { Journal } from '../../../src/main/journal/journal';
import { runProviderCheckCli } from '../../../src/main/invoice-service/provider-check-cli';
import {
  buildStandardWireBody,
  PROVIDER_VARIANT_IDS,
  variantFor,
  type ProviderVariantId,
} from '../../../src/provider/variants';
import type { TrainingService, TrainingServiceConfig } from '../../../src/training-service';
import { makeTempDir } from '../../support/temp-dir';
import { startService } from '../checkout/harness';

/**
 * `npm run provider-check` over real HTTP against the training service: it agrees with a service
 * of its own variant, names the signature-recipe mismatch against another, and reports the clock
 * offset from the answers' Date header. Only read-only calls: the service issues nothing.
 */
const temp = makeTempDir('provider-check');
afterAll(() => temp.remove());
let n = 0;

async function withService<T>(
  overrides: Partial<TrainingServiceConfig>,
  run: (service: TrainingService) => Promise<T>,
): Promise<T> {
  const service = await startService(join(temp.dir, `service-${++n}`), overrides);
  try {
    return await run(service);
  } finally {
    await service.close();
  }
}

const checkConfig = (service: TrainingService, variant: ProviderVariantId): ProviderCheckConfig => ({
  standardServiceUrl: service.standardUrl,
  companyId: service.config.companyId,
  standardApiKey: service.config.standardApiKey,
  standardSigningSecret: service.config.standardSigningSecret,
  timeoutMs: 5000,
  variant,
});

describe.each(PROVIDER_VARIANT_IDS)('provider check against a %s training service', (variant) => {
  it('agrees when the till speaks the same variant', async () => {
    const report = await withService({ variant }, (service) =>
      runProviderCheck(checkConfig(service, variant)),
    );
    expect(report.steps.map((step) => [step.id, step.ok])).toEqual([
      ['signed', true],
      ['wrong-signature', true],
      ['stale-timestamp', true],
    ]);
    expect(report.steps[0]!.answered).toContain('ZZ00000000 NF');
    expect(report.steps[1]!.answered).toContain('Signature mismatch');
    expect(report.steps[2]!.answered).toContain('Timestamp expired');
    expect(Math.abs(report.clockOffsetSeconds!)).toBeLessThanOrEqual(2);
    expect(report).toMatchObject({ ok: true, findings: [] });
  });

  it('names the signature-recipe mismatch when the till is set to the other variant', async () => {
    const other = PROVIDER_VARIANT_IDS.find((id) => id !== variant)!;
    const report = await withService({ variant }, (service) => runProviderCheck(checkConfig(service, other)));
    expect(report.ok).toBe(false);
    expect(report.steps[0]).toMatchObject({ id: 'signed', ok: false });
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]!.en).toMatch(
      new RegExp(`^Signature recipe mismatch: .*Set the e-invoice service variant to ${variant}\\.$`),
    );
    expect(report.findings[0]!.zh).toContain('簽章方式不符');
  });
});

describe('provider check: clock and command line', () => {
  let config: string;
  const write = (name: string, value: unknown) => {
    const path = join(temp.dir, name);
    writeFileSync(path, JSON.stringify(value));
    return path;
  };
  const run = async (args: string[]) => {
    let out = '';
    let err = '';
    const code = await runProviderCheckCli(args, { out: (t) => (out += t), err: (t) => (err += t) });
    return { code, out, err };
  };
  let service: TrainingService;
  beforeAll(async () => {
    service = await startService(join(temp.dir, 'cli-service'), { variant: 'systemlead' });
    config = write('check.json', { ...checkConfig(service, 'systemlead'), tillId: 'T01' });
  });
  afterAll(() => service.close());

  it('reports a provider clock 20 minutes ahead: the offset, and the signed call refused as expired', async () => {
    const report = await withService({ clockOffsetSeconds: 1200 }, (ahead) =>
      runProviderCheck(checkConfig(ahead, 'profile')),
    );
    expect(report.ok).toBe(false);
    expect(report.clockOffsetSeconds).toBeGreaterThanOrEqual(1198);
    expect(report.clockOffsetSeconds).toBeLessThanOrEqual(1202);
    expect(report.findings.map((f) => f.en).join('\n')).toMatch(/timestamp expired: the clocks disagree/);
    expect(report.findings.map((f) => f.en).join('\n')).toMatch(/The clocks are 1[12]\d\d s apart/);
  });

  it('exit 0 and a bilingual report when the till and the provider agree', async () => {
    const result = await run(['--config', config]);
    expect(result.code).toBe(0);
    expect(result.out).toContain('✓ 正確簽章的狀態查詢 / Correctly signed status query');
    expect(result.out).toContain(
      '結果：收銀機與發票服務一致 / Result: the till and the e-invoice service agree',
    );
    expect(result.out).toMatch(/Clock offset \(service minus till\): -?[0-2] s/);
  });

  it('exit 1 naming the mismatch; --json gives the report', async () => {
    const profile = write('check-profile.json', checkConfig(service, 'profile'));
    const result = await run(['--config', profile, '--json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.out);
    expect(report).toMatchObject({ ok: false, variant: 'profile' });
    expect(report.findings[0].en).toMatch(/Signature recipe mismatch.*systemlead/);
  });

  it('exit 2 on bad input, with nothing sent', async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(['--config', join(temp.dir, 'missing.json')])).code).toBe(2);
    const bad = await run([
      '--config',
      write('bad.json', { ...checkConfig(service, 'profile'), variant: 'ecpay' }),
    ]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/Bad config: variant/);
    expect((await run(['--config', config, '--nope'])).code).toBe(2);
  });
});

/**
 * Issue 25 item 8: the check takes its timestamps from the till's allocator (the journal's, per key
 * pair, never reused) and sends again with a fresh one after `Timestamp already used`; item 9: in
 * SystemLead's variant it names the profile's operations the provider does not offer.
 */
describe('provider check: timestamps and operations (issue 25)', () => {
  it('item 8: a run right after a passing one (the journal’s seconds shared with the standard client) still passes', async () => {
    const journal = Journal.open(join(temp.dir, 'check-journal.sqlite'));
    try {
      for (const variant of PROVIDER_VARIANT_IDS) {
        await withService({ variant }, async (service) => {
          const t = Math.floor(Date.now() / 1000);
          let now = t;
          const deps = {
            nowSeconds: () => now,
            reserveTimestamp: (key: string, seconds: number, window: number) =>
              journal.reserveTimestamp(key, seconds, window),
          };
          const first = await runProviderCheck(checkConfig(service, variant), deps);
          expect(first.ok, variant).toBe(true);
          // A second later, the returns screen's standard client sends a status query with the next
          // second of the pair, from the same allocator (the journal), as the till does.
          now = t + 1;
          const taken = String(journal.reserveTimestamp(`${service.config.companyId}:standard`, now, 300));
          const config = checkConfig(service, variant);
          const body = buildStandardWireBody(
            variantFor(variant),
            'getInvoicesStatus',
            config.companyId,
            config.standardSigningSecret,
            taken,
            [{ CompanyID: config.companyId, InvoiceID: 'ZZ00000001' }],
          );
          const returns = await fetch(`${service.standardUrl}/Inquire/GetInvoicesStatus`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(variantFor(variant).sendsApiKey && { apiKey: config.standardApiKey }),
            },
            body: JSON.stringify(body),
          });
          expect(returns.status).toBe(200);
          const second = await runProviderCheck(checkConfig(service, variant), deps);
          expect(
            second.steps.map((step) => [step.id, step.ok]),
            variant,
          ).toEqual([
            ['signed', true],
            ['wrong-signature', true],
            ['stale-timestamp', true],
          ]);
          expect(second).toMatchObject({ ok: true, findings: [] });
        });
      }
    } finally {
      journal.close();
    }
  });

  it('item 8: without a journal (the CLI), a second already used is sent again with a fresh one', async () => {
    await withService({ variant: 'profile' }, async (service) => {
      const t = Math.floor(Date.now() / 1000);
      const first = await runProviderCheck(checkConfig(service, 'profile'), { nowSeconds: () => t });
      expect(first.ok).toBe(true);
      // The next run in the same second (run again at once), with nothing remembered of the first.
      const second = await runProviderCheck(checkConfig(service, 'profile'), { nowSeconds: () => t });
      expect(second).toMatchObject({ ok: true, findings: [] });
    });
  });

  it('item 9: in SystemLead’s variant it names the operations SystemLead does not offer and what the till does', async () => {
    const report = await withService({ variant: 'systemlead' }, (service) =>
      runProviderCheck(checkConfig(service, 'systemlead')),
    );
    expect(report.ok).toBe(true);
    expect(report.notOffered.map((missing) => missing.operation)).toEqual([
      '/Append/OrderReturnQKey',
      '/Append/OrderWithoutPrint',
    ]);
    expect(report.notOffered[1]!.instead.en).toMatch(/Sent as \/Append\/Order instead \(PrintMark N/);
    expect(report.notOffered[0]!.instead.zh).toMatch(/SystemLead 沒有「客人用手機決定」/);
    expect(formatProviderCheck(report)).toContain('The e-invoice service has no /Append/OrderWithoutPrint');
    const profile = await withService({ variant: 'profile' }, (service) =>
      runProviderCheck(checkConfig(service, 'profile')),
    );
    expect(profile.notOffered).toEqual([]);
  });
});
