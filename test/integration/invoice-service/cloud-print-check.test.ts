import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  formatProviderCheck,
  runProviderCheck,
  type ProviderCheckConfig,
} from '../../../src/main/invoice-service/provider-check';
import { runProviderCheckCli } from '../../../src/main/invoice-service/provider-check-cli';
import type { ProviderVariantId } from '../../../src/provider/variants';
import type { TrainingService } from '../../../src/training-service';
import { makeTempDir } from '../../support/temp-dir';
import { startService } from '../checkout/harness';

/** The provider check's cloud print line (profile §8), read-only, against the training service. */
const temp = makeTempDir('cloud-print-check');
afterAll(() => temp.remove());
let n = 0;

const config = (
  service: TrainingService,
  variant: ProviderVariantId,
  printerNo: string,
): ProviderCheckConfig => ({
  standardServiceUrl: service.standardUrl,
  companyId: service.config.companyId,
  standardApiKey: service.config.standardApiKey,
  standardSigningSecret: service.config.standardSigningSecret,
  timeoutMs: 5000,
  variant,
  cloudPrint: {
    serviceUrl: service.url,
    companyId: service.config.companyId,
    apiKey: service.config.apiKey,
    signingSecret: service.config.signingSecret,
    printerNo,
  },
});

async function withService<T>(variant: ProviderVariantId, run: (service: TrainingService) => Promise<T>) {
  const service = await startService(join(temp.dir, `service-${++n}`), {
    variant,
    cloudPrinters: [{ printerNo: variant === 'systemlead' ? '01' : 'P01', agent: null, salesIds: null }],
  });
  try {
    return await run(service);
  } finally {
    await service.close();
  }
}

const check = (variant: ProviderVariantId, printerNo: string) =>
  withService(variant, (service) => runProviderCheck(config(service, variant, printerNo)));

describe('provider check: cloud print', () => {
  it('says cloud print is offered for a registered printer', async () => {
    const report = await check('profile', 'P01');
    expect(report.cloudPrint).toMatchObject({
      printerNo: 'P01',
      offered: true,
      answered: 'Invoice not found',
    });
    expect(report.ok).toBe(true);
    expect(formatProviderCheck(report)).toContain(
      '✓ 雲端列印 P01：發票服務提供雲端列印，印表機 P01 已登記。',
    );
  });

  it('names a printer the provider does not have', async () => {
    const report = await check('profile', 'P09');
    expect(report.cloudPrint).toMatchObject({ offered: false, answered: 'Printer not found' });
    expect(report.cloudPrint?.said.en).toContain('has no printer P09');
    expect(report.ok).toBe(false);
  });

  it('says SystemLead does not offer it to this till, without sending anything', async () => {
    const report = await check('systemlead', '01');
    expect(report.cloudPrint).toMatchObject({ offered: false, answered: null });
    expect(report.cloudPrint?.said.zh).toContain('發票版');
  });

  it('npm run provider-check reads cloudPrint from its config file and says it', async () => {
    const { code, out } = await withService('profile', async (service) => {
      const file = join(temp.dir, `check-${n}.json`);
      writeFileSync(file, JSON.stringify(config(service, 'profile', 'P01')));
      let out = '';
      const code = await runProviderCheckCli(['--config', file], { out: (t) => (out += t), err: () => {} });
      return { code, out };
    });
    expect(code).toBe(0);
    expect(out).toContain(
      '✓ Cloud print P01: The e-invoice service offers cloud print, and printer P01 is registered.',
    );
  });
});
