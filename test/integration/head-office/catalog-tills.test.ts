import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTillCore, type TillCore } from '../../../src/main/app/create-core';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { createJsonFileSettingsStore } from '../../../src/main/settings/json-file-settings-store';
import { withCheckDigit } from '../../../src/shared/domain';
import type { AppStatus } from '../../../src/shared/ipc/contract/app';
import type { Product } from '../../../src/shared/ipc/contract/catalog';
import type { CheckoutOrder, CheckoutResult } from '../../../src/shared/ipc/contract/checkout';
import type { IpcResult } from '../../../src/shared/ipc/result';
import type { TestPostgres } from '../../support/postgres';
import { makeTempDir } from '../../support/temp-dir';
import { memoryLogger } from '../checkout/harness';
import { hq } from './cli-io';
import { startHeadOffice, TILL_PASSWORD, TILL_ROLE } from './harness';

/**
 * Head office's catalog reaching two real tills (issue 28): each till its own core and journal,
 * connected to one PostgreSQL as store S1. `hq catalog set-price` changes a price; both tills
 * pull it between sales (driven by headOffice.sync: no sleeps) and the next scan sells at the new
 * price, while a cart scanned before the change keeps the price it was scanned at; the status
 * shows the new version; a managed store refuses a local price edit with the reason.
 */
const PIN = '5791';
const ctx = { host: 'web' as const };
const barcode = withCheckDigit('471000000001');

interface Till {
  core: TillCore;
  call<T>(method: string, input?: unknown): Promise<T>;
  dispatch(method: string, input: unknown): Promise<IpcResult<unknown>>;
}

describe('head office catalog at two tills', () => {
  const temp = makeTempDir('hq-catalog-tills');
  let pg: TestPostgres;
  let ownerUrl: string;
  const tills: Till[] = [];

  const open = async (tillId: string): Promise<Till> => {
    const dir = join(temp.dir, tillId);
    const core = await createTillCore({
      host: 'web',
      appName: 'Till',
      version: 'test',
      dataDir: dir,
      settings: createJsonFileSettingsStore(join(dir, 'settings.json')),
      secrets: createFileKeySecretStore(dir),
      logger: memoryLogger(),
    });
    const dispatch = (method: string, input: unknown) => core.dispatch(method, input, ctx);
    const call = async <T>(method: string, input: unknown = {}): Promise<T> => {
      const result = await dispatch(method, input);
      if (!result.ok) throw new Error(`${tillId} ${method}: ${result.error.code} ${result.error.message.en}`);
      return result.value as T;
    };
    await call('settings.setPin', { newPin: PIN });
    await call('settings.update', {
      patch: {
        tillId,
        headOfficeUrl: `postgres://${TILL_ROLE}@127.0.0.1:${pg.port}/${pg.database}`,
        headOfficeStoreId: 'S1',
        headOfficeTls: 'off',
        acceptInsecureSecretStorage: true,
      },
      secrets: { headOfficePassword: TILL_PASSWORD },
      pin: PIN,
    });
    return { core, call, dispatch };
  };

  const scan = async (till: Till) =>
    (await till.call<{ product: Product | null }>('catalog.lookup', { code: barcode })).product;
  const orderOf = (product: Product): CheckoutOrder => ({
    lines: [{ name: product.name, quantity: 1, unitPrice: product.price, taxType: product.taxType }],
    payments: [{ method: 'cash', amount: product.price }],
    invoice: { kind: 'paper' },
  });
  const catalogOf = async (till: Till) => (await till.call<AppStatus>('app.status')).catalog;

  beforeAll(async () => {
    ({ pg, ownerUrl } = await startHeadOffice('24549210')); // the training seller: the settings' default
    const file = join(temp.dir, 'c.csv');
    writeFileSync(file, `code,barcode,name,category,price,taxType\nA1,${barcode},綠茶,飲料,25,taxable\n`);
    const imported = await hq(['catalog', 'import', file, '--url', ownerUrl]);
    expect(imported.code, imported.stderr).toBe(0);
    tills.push(await open('T01'), await open('T02'));
    // The first sync registers each till at head office; the second brings the catalog.
    for (const till of tills) {
      await till.call('headOffice.sync');
      await till.call('headOffice.sync');
    }
  }, 180_000);
  afterAll(async () => {
    for (const till of tills) await till.core.close();
    await pg?.close();
    temp.remove();
  });

  it('both tills sell at the new price after a pull, a cart scanned before keeps its price', async () => {
    for (const till of tills) {
      expect(await scan(till)).toMatchObject({ code: 'A1', price: 25 });
      expect(await catalogOf(till)).toMatchObject({ version: '1', waiting: false, reason: null });
    }
    // Till 1's cart: scanned before the change.
    const cart = await scan(tills[0]!);
    const set = await hq(['catalog', 'set-price', 'A1', '28', '--store', 'S1', '--url', ownerUrl]);
    expect(set.code, set.stderr).toBe(0);
    for (const till of tills) await till.call('headOffice.sync');
    // The cart keeps the price it was scanned at.
    const kept = await tills[0]!.call<CheckoutResult>('checkout.submit', orderOf(cart!));
    expect(kept).toMatchObject({ state: 'issued', totalAmount: 25 });
    for (const till of tills) {
      const now = await scan(till);
      expect(now).toMatchObject({ code: 'A1', price: 28 });
      const sale = await till.call<CheckoutResult>('checkout.submit', orderOf(now!));
      expect(sale).toMatchObject({ state: 'issued', totalAmount: 28 });
      expect(await catalogOf(till)).toMatchObject({ version: '2', waiting: false, reason: null });
    }
    const runs = await pg.query<{ till_id: string; version: string }>(
      'SELECT till_id, catalog_version::text AS version FROM hq.v_catalog_tills ORDER BY till_id',
    );
    expect(runs.rows).toEqual([
      expect.objectContaining({ till_id: 'T01', version: '2' }),
      expect.objectContaining({ till_id: 'T02', version: '2' }),
    ]);
  });

  it('a managed store refuses a local price edit with the reason', async () => {
    const managed = await hq(['catalog', 'managed', 'on', '--store', 'S1', '--url', ownerUrl]);
    expect(managed.code, managed.stderr).toBe(0);
    const till = tills[1]!;
    await till.call('headOffice.sync');
    expect(await catalogOf(till)).toMatchObject({ managed: true });
    const product = (await scan(till))!;
    const edit = await till.dispatch('catalog.saveProduct', {
      product: {
        code: product.code,
        name: product.name,
        price: 99,
        barcodes: [product.barcode],
        category: product.category,
        taxType: product.taxType,
        ageCheck: false,
        scaleCode: '',
        retired: false,
      },
      original: product.code,
      pin: PIN,
    });
    expect(edit).toMatchObject({ ok: false, error: { code: 'catalog-managed' } });
    if (!edit.ok) {
      expect(edit.error.message.zh).toContain('總部');
      expect(edit.error.message.en).toContain('managed by head office');
    }
    expect(await scan(till)).toMatchObject({ price: 28 });
  });
});
