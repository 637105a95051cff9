import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCatalogCapability } from '../../../src/main/catalog/handlers';
import type { SupervisorGate } from '../../../src/main/settings/supervisor';
import type { Product, ProductDraft, SaveProductResult } from '../../../src/shared/ipc/contract/catalog';
import { makeTempDir } from '../../support/temp-dir';
import { PIN, useShiftRig } from '../shifts/harness';

const draft = (over: Partial<ProductDraft> = {}): ProductDraft => ({
  code: 'N001',
  name: '新品 冷泡茶 500ml',
  price: 30,
  barcodes: ['4710000000011'],
  category: '飲料',
  taxType: 'taxable',
  ageCheck: false,
  scaleCode: '',
  retired: false,
  ...over,
});

interface Action {
  action: string;
  by: string;
  at: string;
  detail: Record<string, unknown>;
}

/**
 * Issue 28: the Products screen's add and edit through the contract, on a real till core (real
 * SQLite catalog and journal): the supervisor PIN checked in main, every change a journal record
 * (a price change with its old and new price), the next scan sells it so, and bad input refused
 * with the reason and nothing changed.
 */
describe('adding and changing products at the till', () => {
  const rig = useShiftRig('catalog-products');
  const lookup = async (code: string) =>
    (await rig.call<{ product: Product | null }>('catalog.lookup', { code })).product;
  /** The journal's records of product changes, read from its file as an auditor would. */
  const actions = async (): Promise<Action[]> => {
    const db = new Database(join(rig.dir, 'journal.sqlite'), { readonly: true });
    try {
      return db
        .prepare<[], { at: string; payload: string }>(
          "SELECT at, payload FROM entries WHERE kind = 'supervisor.action' ORDER BY id",
        )
        .all()
        .map((row) => ({ at: row.at, ...(JSON.parse(row.payload) as Omit<Action, 'at'>) }))
        .filter((a) => a.action === 'catalog.product-saved');
    } finally {
      db.close();
    }
  };

  it('adds a product with two barcodes, a scale code and the 菸酒 flag; the next scan finds it by each', async () => {
    await rig.call('catalog.loadSample', { pin: PIN });
    const saved = await rig.call<SaveProductResult>('catalog.saveProduct', {
      product: draft({ barcodes: ['4710000000011', '96385074'], scaleCode: '05678', ageCheck: true }),
      original: null,
      pin: PIN,
      by: '陳店長',
    });
    expect(saved).toMatchObject({ added: true, priceChange: null });
    for (const code of ['4710000000011', '96385074', 'n001', '05678']) {
      expect((await lookup(code))?.name, code).toBe('新品 冷泡茶 500ml');
    }
    expect(await lookup('05678')).toMatchObject({ price: 30, ageCheck: true, moreBarcodes: ['96385074'] });
    const [record] = await actions();
    expect(record).toMatchObject({ by: '陳店長', detail: { code: 'N001', change: 'added', price: 30 } });
  });

  it('changes a price: the next scan sells at the new price, and the journal keeps who, old and new', async () => {
    const saved = await rig.call<SaveProductResult>('catalog.saveProduct', {
      product: draft({
        price: 35,
        barcodes: ['4710000000011', '96385074'],
        scaleCode: '05678',
        ageCheck: true,
      }),
      original: 'N001',
      pin: PIN,
      by: '陳店長',
    });
    expect(saved.priceChange).toEqual({ old: 30, new: 35 });
    expect((await lookup('4710000000011'))?.price).toBe(35);
    const latest = (await actions()).at(-1)!;
    expect(latest).toMatchObject({
      by: '陳店長',
      detail: { code: 'N001', change: 'edited', price: 35, oldPrice: 30 },
    });
    expect(Date.parse(latest.at)).not.toBeNaN();
  });

  it('retired: a scan still finds it (to say so), the sell screen’s search no more, the Products list does', async () => {
    await rig.call('catalog.saveProduct', {
      product: draft({ price: 35, retired: true }),
      original: 'N001',
      pin: PIN,
    });
    expect(await lookup('4710000000011')).toMatchObject({ retired: true });
    const sell = await rig.call<{ total: number }>('catalog.search', { query: '冷泡茶' });
    expect(sell.total).toBe(0);
    const listed = await rig.call<{ products: Product[] }>('catalog.products', { query: '冷泡茶' });
    expect(listed.products.map((p) => p.code)).toEqual(['N001']);
  });

  it('refuses bad input with every reason in both languages, and changes nothing', async () => {
    const before = await rig.call<{ products: Product[] }>('catalog.products', { query: '', limit: 500 });
    const records = (await actions()).length;
    const refused = async (product: ProductDraft, original: string | null = null, pin = PIN) => {
      const error = await rig.refusal('catalog.saveProduct', { product, original, pin });
      return error;
    };
    // A barcode another product has: refused by that product's name.
    const taken = await refused(draft({ code: 'N002', barcodes: ['4710088001177'] }));
    expect(taken.code).toBe('product-refused');
    expect(taken.message.zh).toBe(
      '條碼 4710088001177 已屬於「茶裏王 日式無糖綠茶 600ml」（P001）。商品未變更。',
    );
    expect(taken.message.en).toContain('already belongs to "茶裏王 日式無糖綠茶 600ml" (P001)');
    const several = await refused(
      draft({ code: 'N002', name: '  ', price: -3, barcodes: ['4710000000018'] }),
    );
    expect(several.message.zh).toBe(
      '品名不可空白；售價必須至少 1 元（含稅）；條碼 4710000000018 的檢查碼不符（最後一碼應為 1）。商品未變更。',
    );
    expect((await refused(draft({ code: 'N002', price: 5_000_000 }))).message.zh).toContain('超過上限');
    expect((await refused(draft({ code: 'P004' }))).message.zh).toContain(
      '品號 P004 已是「可口可樂 600ml」的品號',
    );
    // Control characters: refused at the contract, the field named.
    const control = await refused(draft({ code: 'N002', name: '冷泡茶\u001bp' }));
    expect(control.code).toBe('invalid-input');
    expect(control.message.zh).toContain('控制字元');
    // The PIN is checked in main.
    expect((await refused(draft({ code: 'N002' }), null, '0000')).message.zh).toBe(
      '主管 PIN 不正確，商品未變更。',
    );
    expect(await rig.call('catalog.products', { query: '', limit: 500 })).toEqual(before);
    expect((await actions()).length).toBe(records);
  });
});

describe('a product change arriving while a sale is being paid', () => {
  it('is refused with the reason, before the PIN, and changes nothing', async () => {
    const temp = makeTempDir('catalog-paying');
    const recorded: string[] = [];
    const gate = {
      run: async (_request: unknown, action: { action: string }, act: () => unknown) => {
        const result = await act();
        recorded.push(action.action);
        return result;
      },
    } as unknown as SupervisorGate;
    let paying = true;
    const catalog = createCatalogCapability({
      dataDir: temp.dir,
      events: { publish() {} },
      supervisor: gate,
      samplePath: join(process.cwd(), 'assets/sample-catalog.csv'),
      salePaying: () => paying,
    });
    try {
      catalog.service.loadSample();
      const refused = catalog.handlers['catalog.saveProduct'](
        {
          product: draft({ code: 'P004', name: '可口可樂 600ml', price: 99, barcodes: ['4710088001689'] }),
          original: 'P004',
        },
        { host: 'web' },
      );
      await expect(refused).rejects.toMatchObject({
        code: 'sale-in-progress',
        bilingual: { zh: '正在結帳：請等這筆交易完成後再變更商品，商品未變更。' },
      });
      expect(catalog.service.index.lookup('P004')?.price).toBe(35);
      expect(recorded).toEqual([]);
      // Once the sale is done, the same change goes through.
      paying = false;
      await catalog.handlers['catalog.saveProduct'](
        {
          product: draft({ code: 'P004', name: '可口可樂 600ml', price: 99, barcodes: ['4710088001689'] }),
          original: 'P004',
        },
        { host: 'web' },
      );
      expect(catalog.service.index.lookup('4710088001689')?.price).toBe(99);
      expect(recorded).toEqual(['catalog.product-saved']);
    } finally {
      catalog.close();
      temp.remove();
    }
  });
});
