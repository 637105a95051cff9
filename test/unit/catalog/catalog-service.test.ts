import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterEach, describe, expect, it } from 'vitest';
import { createCatalogService, findSampleCatalog } from '../../../src/main/catalog/catalog-service';
import { openProductStore } from '../../../src/main/catalog/product-store';
import { makeTempDir } from '../../support/temp-dir';

const header = 'code,barcode,name,category,price,taxType';

describe('the catalog service with its SQLite store', () => {
  const temp = makeTempDir('catalog');
  afterEach(() => temp.remove());

  const open = (changes: number[] = []) =>
    createCatalogService({
      store: openProductStore(join(temp.dir, 'catalog.sqlite')),
      samplePath: findSampleCatalog(join(process.cwd(), 'src/main/catalog')),
      onChange: (count) => changes.push(count),
    });

  it('loads the sample, keeps it across a restart, and finds products', () => {
    const changes: number[] = [];
    const service = open(changes);
    const result = service.loadSample();
    expect(result).toMatchObject({ status: 'imported', mode: 'replace' });
    const count = service.index.size;
    expect(changes).toEqual([count]);
    service.close();

    const reopened = open();
    expect(reopened.index.size).toBe(count);
    expect(reopened.index.lookup('4710088001177')?.name).toContain('茶裏王');
    reopened.close();
  });

  it('changes nothing when one row of a file is bad', () => {
    const service = open();
    service.loadSample();
    const before = service.index.products;
    const result = service.import(
      {
        kind: 'text',
        text: `${header}\nX1,,新品,飲料,10,taxable\nX2,,壞價,飲料,0,taxable\n`,
        fileName: 'bad.csv',
      },
      'replace',
    );
    expect(result).toMatchObject({ status: 'rejected', errorCount: 1, errors: [{ line: 3 }] });
    expect(service.index.products).toBe(before);
    service.close();
    const reopened = open();
    expect(reopened.index.size).toBe(before.length);
    reopened.close();
  });

  it('merges by code: updates in place and appends new products', () => {
    const service = open();
    service.import(
      { kind: 'text', text: `${header}\nA,,甲,飲料,10,taxable\nB,,乙,飲料,20,taxable\n`, fileName: 'a.csv' },
      'replace',
    );
    const result = service.import(
      { kind: 'text', text: `${header}\nB,,乙改,飲料,25,taxable\nC,,丙,零食,5,exempt\n`, fileName: 'b.csv' },
      'merge',
    );
    expect(result).toMatchObject({ status: 'imported', productCount: 3, categoryCount: 2, mode: 'merge' });
    expect(service.index.products.map((p) => `${p.code}:${p.name}:${p.price}`)).toEqual([
      'A:甲:10',
      'B:乙改:25',
      'C:丙:5',
    ]);
    service.close();
  });

  it('imports a Big5 file from a path, and names a missing file', () => {
    const service = open();
    const file = join(temp.dir, 'big5.csv');
    writeFileSync(file, iconv.encode(`品號,品名,類別,售價\nB1,茶葉蛋,便當,13\n`, 'cp950'));
    expect(service.import({ kind: 'path', path: file }, 'replace')).toMatchObject({
      status: 'imported',
      productCount: 1,
    });
    expect(service.index.lookup('B1')?.name).toBe('茶葉蛋');
    expect(() => service.import({ kind: 'path', path: join(temp.dir, 'nope.csv') }, 'replace')).toThrow(
      /not found/,
    );
    expect(service.index.size).toBe(1);
    service.close();
  });
});
