import { afterEach, describe, expect, it } from 'vitest';
import { STORE_BEFORE_STANDARD_API, storeVersion, writeOldStore } from '../../support/old-training-stores';
import { makeTempDir } from '../../support/temp-dir';
import { taipei } from './harness';
import { allowanceData, startStandardRig, type StandardRig } from './standard-client';

// A store written by the service before the standard API (no user_version, invoices without
// lines) opens, keeps its invoices and serves them on the standard API. (Later migrations run too:
// the number segments of version 3 are checked in segments.test.ts.)
describe('training service: store migration for the standard API', () => {
  let rig: StandardRig | undefined;
  const temp = makeTempDir('training-migration');
  afterEach(async () => {
    await rig?.dispose();
    temp.remove();
  });

  it('keeps old invoices: status I0, void possible, no lines for an allowance; new ones have lines', async () => {
    writeOldStore(temp.dir, STORE_BEFORE_STANDARD_API, (db) => {
      db.prepare(
        `INSERT INTO invoices VALUES ('24549210', 'OLD-1', 'TR00000000', '11504', '2026-04-10T09:00:00',
        '1234', 185, '/Append/Order', NULL, '2026-04-10T01:00:00.000Z')`,
      ).run();
      db.prepare(`INSERT INTO track_cursors VALUES ('11504', 'TR', 1)`).run();
    });

    // The old invoice was issued an hour ago: an upload slower than that keeps it at I0 here.
    rig = await startStandardRig(taipei('2026-04-10T10:00:00'), {
      dataDir: temp.dir,
      config: { uploadAfterSeconds: 86_400, confirmAfterSeconds: 86_400 },
    });
    const seller = rig.svc.config.companyId;
    expect(await rig.status(['TR00000000'])).toEqual([
      {
        InvoiceID: 'TR00000000',
        ProcessStatus: 'I0',
        ProcessStatusMessage: 'Issued',
        BillingNo: 'OLD-1',
        InvoiceDateTime: '2026-04-10T09:00:00',
        TotalAmount: 185,
        Allowances: [],
      },
    ]);
    const at = '2026-04-10T10:00:00';
    const line = { invoice: 'TR00000000', sequence: '001', quantity: 1, value: 65 };
    expect(
      await rig.ok('allowanceInvoice', allowanceData(seller, 'OLD1', '0000000000', 'C', [line], at)),
    ).toMatchObject({ StatusCode: 0, ResultMessage: 'Line not found' });
    const fresh = await rig.issue('NEW-1');
    // Its device's first segment starts at the first segment boundary after the old numbers.
    expect(fresh.issued.InvoiceNumber).toBe('TR00001000');
    expect(
      await rig.ok(
        'allowanceInvoice',
        allowanceData(seller, 'NEW1', '0000000000', 'C', [{ ...line, invoice: 'TR00001000' }], at),
      ),
    ).toMatchObject({ StatusCode: 1, AllowanceNumber: 'NEW1001' });
    expect(await rig.ok('cancelInvoices', rig.voidData('TR00000000'))).toMatchObject({ StatusCode: 1 });

    // Opening again runs nothing twice and loses nothing.
    await rig.restart();
    expect(await rig.status(['TR00000000', 'TR00001000'])).toMatchObject([
      { ProcessStatus: 'C0' },
      { ProcessStatus: 'A0', Allowances: [{ AllowanceNumber: 'NEW1001' }] },
    ]);
    await rig.svc.stop();
    expect(storeVersion(temp.dir)).toBe(3);
    rig = undefined;
  });
});
