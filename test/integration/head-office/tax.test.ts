import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHeadOffice, type HeadOfficeConnection } from '../../../src/main/head-office/connection';
import { runReport, type Cell, type ReportOptions } from '../../../src/main/head-office/reports';
import { includedTax } from '../../../src/shared/domain';
import type { CheckoutOrder } from '../../../src/shared/ipc/contract/checkout';
import { trainingDefaults, type TrainingService } from '../../../src/training-service';
import type { TestPostgres } from '../../support/postgres';
import { makeTempDir } from '../../support/temp-dir';
import { startService } from '../checkout/harness';
import { hq } from './cli-io';
import { identityFor, openSellingTill, startHeadOffice, syncAll, type SellingTill } from './harness';

/**
 * Head office's tax is the till's own closing rule (issue 22, item 9; journal/summary.ts): the
 * invoices that stand; a business (B) invoice's tax as charged, a consumer (C) invoice's inside its
 * total, taken out of the day's C sum once; the allowances' tax apart. A till sells a mix of B and
 * C invoices by two cashiers, voids one and makes allowances; `hq report --what day` then says
 * what the till's own summary says, at the till, per cashier (which add up to it) and per store.
 *
 * Amounts pinned by hand. A C sum divided by 1.05 is 20·S/21 and never ends in exactly .5; the
 * nearest cases are S ≡ 10 (mod 21), .524, rounded up, and S ≡ 11, .476, rounded down. B sales
 * here have 5 % of their pre-tax amount ending in .5 (pre-tax 10, 30, 90). Two C sales of 11 each
 * have 1 each inside them, but their sum 22 has 1, not 2: the tax comes out of the sum once.
 */
const B = (total: number, cashier: string): CheckoutOrder =>
  ({
    lines: [{ name: '文具', quantity: 1, unitPrice: total, taxType: 'taxable' }],
    payments: [{ method: 'cash', amount: total }],
    invoice: { kind: 'business', buyerTaxId: '04595252', buyerTitle: '範例股份有限公司' },
    cashier,
  }) as CheckoutOrder;
const C = (total: number, cashier: string, kind: 'paper' | 'phone' = 'paper'): CheckoutOrder =>
  ({
    lines: [{ name: '便當', quantity: 1, unitPrice: total, taxType: 'taxable' }],
    payments: [{ method: 'cash', amount: total }],
    invoice: { kind },
    cashier,
  }) as CheckoutOrder;

describe("head office's tax: the till's own summary rule", () => {
  const temp = makeTempDir('hq-tax');
  let pg: TestPostgres;
  let ownerUrl: string;
  let tillConnection: HeadOfficeConnection;
  let service: TrainingService;
  let till: SellingTill;
  const identity = identityFor('T01', 'S1');

  beforeAll(async () => {
    const companyId = trainingDefaults().companyId;
    ({ pg, ownerUrl, till: tillConnection } = await startHeadOffice(companyId));
    identity.companyId = companyId;
    service = await startService(temp.dir, { timestampWindowSeconds: 3600 });
    till = openSellingTill({ dir: temp.dir, tillId: 'T01', service });
  });
  afterAll(async () => {
    till?.close();
    await service?.close();
    await pg?.close();
    temp.remove();
  });

  const base: ReportOptions = {
    kind: 'day',
    from: null,
    to: null,
    storeId: null,
    tillId: null,
    group: 'till',
    training: 'include',
  };

  async function report(options: Partial<ReportOptions>) {
    const client = await connectHeadOffice({ url: ownerUrl });
    try {
      return (await runReport(client, { ...base, ...options })).rows;
    } finally {
      await client.end();
    }
  }

  async function sync() {
    const result = await syncAll({ path: till.path, identity, key: till.key, connection: tillConnection });
    expect(result.kind).toBe('synced');
  }

  const sum = (rows: Record<string, Cell>[], column: string) =>
    rows.reduce((a, r) => a + (r[column] as number), 0);

  async function expectTillFigures() {
    const rows = await report({});
    expect(rows).toHaveLength(1);
    const day = rows[0]!.business_day as string;
    const summary = till.journal.summary({ businessDay: day }).training;
    expect({
      sales_tax: rows[0]!.sales_tax,
      returns_tax: rows[0]!.returns_tax,
      net_tax: rows[0]!.net_tax,
    }).toEqual({
      sales_tax: summary.taxAmount,
      returns_tax: summary.invoices.allowanceTax,
      net_tax: summary.taxAmount - summary.invoices.allowanceTax,
    });
    // Per cashier: whole dollars that add up to the till's figure; per store: the same.
    const cashiers = await report({ group: 'cashier' });
    expect(cashiers.length).toBeGreaterThan(1);
    for (const column of ['sales_tax', 'returns_tax', 'net_tax']) {
      expect(sum(cashiers, column), column).toBe(rows[0]![column]);
      expect(cashiers.every((r) => Number.isInteger(r[column]))).toBe(true);
    }
    const stores = await report({ group: 'store' });
    expect(stores[0]!.sales_tax).toBe(summary.taxAmount);
    return { summary, rows, cashiers };
  }

  it('B tax as charged plus the tax inside the day’s C sum, taken out once (206, where the tax written on the sales says 48)', async () => {
    // B: 11 (pre-tax 10, tax 1), 32 (30, 2), 95 (90, 5) by 甲; 840 (800, 40) by 乙: B tax 48.
    // C: 11 + 11 by 甲, 31 and 32 by 乙, phone 2,100 by 甲, 1,143 by 乙.
    const orders = [
      B(11, '甲'),
      C(11, '甲'),
      B(32, '甲'),
      C(11, '甲'),
      C(31, '乙'),
      B(95, '甲'),
      C(32, '乙'),
      C(2100, '甲', 'phone'),
      B(840, '乙'),
      C(1143, '乙'),
    ];
    for (const order of orders) expect((await till.engine.submit(order)).state).toBe('issued');
    await sync();
    const { summary, cashiers } = await expectTillFigures();
    const cSum = 11 + 11 + 31 + 32 + 2100 + 1143;
    expect(summary.invoices.tax.business).toBe(1 + 2 + 5 + 40);
    expect(summary.taxAmount).toBe(48 + includedTax(cSum));
    // 3,328 ÷ 1.05 = 3,169.52… → 3,170: 158 inside.
    expect(summary.taxAmount).toBe(48 + 158);
    // Each C sale's own inside tax summed would be 159 (1 + 1 + 1 + 2 + 100 + 54).
    const perSale = [11, 11, 31, 32, 2100, 1143].reduce((a, t) => a + includedTax(t), 0);
    expect(perSale).toBe(159);
    // 甲's C sum 2,122, 乙's 1,206: 158 shared as 100.74… and 57.25…, the dollar left to 甲's larger fraction.
    expect(Object.fromEntries(cashiers.map((r) => [r.cashier, r.sales_tax]))).toEqual({
      甲: 1 + 2 + 5 + 101,
      乙: 40 + 57,
    });

    // The CLI says the same.
    const cli = await hq([
      'report',
      '--url',
      ownerUrl,
      '--what',
      'day',
      '--group',
      'till',
      '--training',
      'include',
    ]);
    expect(cli.code).toBe(0);
    expect((JSON.parse(cli.stdout) as { rows: Record<string, Cell>[] }).rows[0]).toMatchObject({
      sales_tax: summary.taxAmount,
    });
  });

  it('a void takes its invoice out of the tax; an allowance’s tax is the returns’ tax', async () => {
    const voided = await till.engine.submit(C(1050, '甲'));
    const allowed = await till.engine.submit({
      ...B(0, '乙'),
      lines: [
        { name: '椅子', quantity: 2, unitPrice: 1050, taxType: 'taxable' },
        { name: '坐墊', quantity: 1, unitPrice: 21, taxType: 'taxable' },
      ],
      payments: [{ method: 'cash', amount: 2121 }],
    } as CheckoutOrder);
    const cAllowed = await till.engine.submit({
      ...C(0, '乙'),
      lines: [
        { name: '便當', quantity: 3, unitPrice: 95, taxType: 'taxable' },
        { name: '紅茶', quantity: 1, unitPrice: 31, taxType: 'taxable' },
      ],
      payments: [{ method: 'card', amount: 316 }],
    } as CheckoutOrder);
    for (const sale of [voided, allowed, cAllowed]) expect(sale.state).toBe('issued');
    const voidResult = await till.returns.submit(
      { kind: 'void', orderNo: voided.orderNo, reason: '客人取消' },
      { by: '甲' },
    );
    expect(voidResult.state).toBe('done');
    for (const [sale, sequence] of [
      [allowed, '001'],
      [cAllowed, '002'],
    ] as const) {
      const result = await till.returns.submit(
        { kind: 'allowance', orderNo: sale.orderNo, items: [{ sequence, quantity: 1 }], reason: '退一件' },
        { by: '乙' },
      );
      expect(result.state).toBe('done');
    }
    await sync();
    const { summary } = await expectTillFigures();
    expect(summary.invoices.voided.count).toBe(1);
    expect(summary.invoices.allowanceTax).toBeGreaterThan(0);
  });
});
