import { describe, expect, it } from 'vitest';
import { planCatalogBatch, readAnswer } from '../../../src/main/head-office/catalog-pull';
import { SearchIndex } from '../../../src/main/catalog/search-index';
import { withCheckDigit } from '../../../src/shared/domain';

const chain = { barcode: '', name: '綠茶', category: '飲料', price: 25, taxType: 'taxable', ageCheck: false };

/** What a till does with head office's catalog answer (issue 28): the store over the chain; a bad field refuses it all. */
describe('head office catalog answer at the till', () => {
  it('resolves a store price over the chain and keeps the newer version', () => {
    const result = readAnswer(
      { status: 'ok', version: 7, managed: true, changes: [{ code: 'A1', chain, store: { price: 28 } }] },
      3,
    );
    expect(result).toMatchObject({
      kind: 'ok',
      version: 7,
      managed: true,
      products: [{ code: 'A1', price: 28 }],
    });
    // An older head office (restored from a backup) never moves the till back.
    expect(readAnswer({ status: 'ok', version: 2, managed: false, changes: [] }, 3)).toMatchObject({
      version: 3,
    });
  });

  it('refuses the whole answer for an unknown tax type, a control character or a bad check digit', () => {
    for (const bad of [
      { taxType: 'vat' },
      { name: '綠\u001bp茶' },
      { barcode: '4710000000010' },
      { price: -1 },
    ]) {
      const result = readAnswer(
        {
          status: 'ok',
          version: 9,
          managed: false,
          changes: [{ code: 'A1', chain: { ...chain, ...bad }, store: null }],
        },
        3,
      );
      expect(result.kind).toBe('refused');
      if (result.kind !== 'ok') expect(result.reason.zh).toContain('未套用任何變更');
    }
  });

  it('refuses a barcode another product of this till keeps', () => {
    const code = withCheckDigit('471000000001');
    const index = new SearchIndex([
      { code: 'L1', barcode: code, name: '本店商品', category: '飲料', price: 5, taxType: 'taxable' },
    ]);
    const plan = planCatalogBatch(index, [{ code: 'A1', ...chain, barcode: code, taxType: 'taxable' }], 4);
    expect(plan.ok).toBe(false);
    expect(planCatalogBatch(index, [{ code: 'A1', ...chain, taxType: 'taxable' }], 4)).toMatchObject({
      ok: true,
      batch: { version: '4' },
    });
  });
});
