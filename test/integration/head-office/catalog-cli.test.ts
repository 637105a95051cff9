import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../../src/shared/domain';
import { hq } from './cli-io';
import { useHeadOffice } from './harness';

/** `hq catalog …` on a real PostgreSQL (issue 28): import, a store's price over the chain's, export, bad input refused. */
describe('hq catalog', () => {
  const rig = useHeadOffice('hq-catalog-cli');
  const a = withCheckDigit('471000000001');
  const b = withCheckDigit('471000000002');
  const file = (name: string, text: string) => {
    const path = join(rig.dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('imports for the chain, sets a store price over it, exports both, and refuses bad input changing nothing', async () => {
    const csv = file(
      'c.csv',
      `code,barcode,name,category,price,taxType\nA1,${a},綠茶,飲料,25,taxable\nA2,${b},紅茶,飲料,30,taxable\n`,
    );
    const first = await hq(['catalog', 'import', csv, '--url', rig.ownerUrl]);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ version: 1, changed: 2, added: 2 });
    // The same file again: nothing changed, no new version.
    expect(JSON.parse((await hq(['catalog', 'import', csv, '--url', rig.ownerUrl])).stdout)).toMatchObject({
      version: 1,
      changed: 0,
    });
    const set = await hq(['catalog', 'set-price', 'A1', '28', '--store', 'S1', '--url', rig.ownerUrl]);
    expect(JSON.parse(set.stdout)).toMatchObject({ version: 2, changed: 1 });
    const store = await hq(['catalog', 'export', '--store', 'S1', '--url', rig.ownerUrl]);
    expect(store.stdout).toContain(`A1,${a},綠茶,飲料,28,taxable,0`);
    const chain = await hq(['catalog', 'export', '--url', rig.ownerUrl]);
    expect(chain.stdout).toContain(`A1,${a},綠茶,飲料,25,taxable,0`);

    const bad = [
      file('tax.csv', `code,barcode,name,category,price,taxType\nA3,,烏龍,飲料,25,vat\n`),
      file('digit.csv', `code,barcode,name,category,price\nA3,4710000000010,烏龍,飲料,25\n`),
      file('ctrl.csv', `code,barcode,name,category,price\nA3,,烏\u001bp龍,飲料,25\n`),
      file('neg.csv', `code,barcode,name,category,price\nA3,,烏龍,飲料,-5\n`),
      file('dup.csv', `code,barcode,name,category,price\nA3,${a},烏龍,飲料,25\n`),
    ];
    for (const path of bad) {
      const refused = await hq(['catalog', 'import', path, '--url', rig.ownerUrl]);
      expect(refused.code, path).toBe(2);
      expect(refused.stderr).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await hq(['catalog', 'set-price', 'A1', '-3', '--url', rig.ownerUrl])).code).toBe(2);
    expect((await hq(['catalog', 'set-price', 'A1', '50000000', '--url', rig.ownerUrl])).code).toBe(2);
    expect((await hq(['catalog', 'set-price', 'NOPE', '5', '--url', rig.ownerUrl])).code).toBe(2);
    expect((await hq(['catalog', 'export', '--url', rig.ownerUrl])).stdout).toBe(chain.stdout);
    expect((await rig.pg.query('SELECT version FROM hq.catalog_state')).rows[0]).toEqual({ version: '2' });
  });
});
