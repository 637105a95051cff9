import { describe, expect, it } from 'vitest';
import { parseTrainingServiceConfig, trainingDefaults } from '../../../src/training-service';

const parse = (cloudPrinters: unknown, variant = 'profile') =>
  parseTrainingServiceConfig({ ...trainingDefaults(), variant, cloudPrinters });

describe('training service config: cloud printers (profile §8)', () => {
  it('reads printers with their agent address and sales ids, and reads its own output again', () => {
    const parsed = parse([
      { printerNo: 'P01', agent: '127.0.0.1:9100', salesIds: ['S1'] },
      { printerNo: 'P02' },
    ]);
    expect(parsed.ok && parsed.config.cloudPrinters).toEqual([
      { printerNo: 'P01', agent: { host: '127.0.0.1', port: 9100 }, salesIds: ['S1'] },
      { printerNo: 'P02', agent: null, salesIds: null },
    ]);
    if (!parsed.ok) return;
    expect(parseTrainingServiceConfig(parsed.config)).toEqual(parsed);
  });

  it.each([
    [[{ printerNo: 'P 1' }], 'profile', 'cloudPrinters[0].printerNo'],
    [[{ printerNo: 'P01' }, { printerNo: 'P01' }], 'profile', 'repeats'],
    [[{ printerNo: 'P01', agent: '10.0.0.5:9100' }], 'profile', "this machine's address"],
    [[{ printerNo: 'P01', colour: 'red' }], 'profile', 'unknown setting colour'],
    [[{ printerNo: '001' }], 'systemlead', '1 to 2'],
    [[{ printerNo: '01', salesIds: ['S1'] }], 'systemlead', 'no SalesID field'],
    ['P01', 'profile', 'must be a list'],
  ])('refuses %j (%s) with a bilingual reason', (value, variant, reason) => {
    const parsed = parse(value, variant);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.message.en).toContain(reason);
    expect(parsed.message.zh).toMatch(/^設定錯誤：/);
  });
});
