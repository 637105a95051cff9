import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTillCore, type TillCore } from '../../../src/main/app/create-core';
import { TRAINING_DOCUMENT_MARK } from '../../../src/main/printing/layout/proof-layout';
import { VirtualPrinter } from '../../../src/main/printing/virtual-printer';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { createJsonFileSettingsStore } from '../../../src/main/settings/json-file-settings-store';
import { defaultSettings } from '../../../src/main/settings/settings-schema';
import type { ReturnResult } from '../../../src/shared/ipc/contract/returns';
import { decodeEscPos } from '../../support/escpos-decoder';
import { makeTempDir } from '../../support/temp-dir';

/**
 * A return that stands puts paper in the customer's hand, through the core as the hosts run it:
 * an allowance prints the allowance slip twice (store copy, customer copy) and opens the drawer
 * for the cash refund; a void prints the void notice, which is not a proof. The bytes are read
 * back from a real TCP printer. The till is in training mode: both papers carry the training band.
 */
describe('returns through the core: the slip, the notice and the drawer', () => {
  const temp = makeTempDir('returns-core-paper');
  const ctx = { host: 'web' as const };
  const PIN = '2468';
  let core: TillCore;
  let printer: VirtualPrinter;

  const call = async <T>(method: string, payload: unknown): Promise<T> => {
    const result = await core.dispatch(method, payload, ctx);
    if (!result.ok) throw new Error(`${method}: ${result.error.message.en}`);
    return result.value as T;
  };
  const sell = (payments: Array<{ method: string; amount: number }>) =>
    call<{ orderNo: string; state: string }>('checkout.submit', {
      lines: [
        { name: '保溫杯', quantity: 2, unitPrice: 300, taxType: 'taxable' },
        { name: '杯刷', quantity: 1, unitPrice: 60, taxType: 'taxable' },
      ],
      payments,
      invoice: { kind: 'paper' },
    });
  /** What the printer was sent since `from`, decoded. */
  const printedSince = (from: number) =>
    printer
      .printedJobs()
      .slice(from)
      .map((bytes) => decodeEscPos(bytes, 'epson'));

  beforeAll(async () => {
    printer = await VirtualPrinter.start();
    const settings = createJsonFileSettingsStore(join(temp.dir, 'settings.json'));
    settings.update({ printer: { ...defaultSettings().printer, uri: printer.uri } });
    core = await createTillCore({
      host: 'web',
      appName: 'Till',
      version: 'test',
      dataDir: temp.dir,
      settings,
      secrets: createFileKeySecretStore(temp.dir),
      logger: { info() {}, warn() {}, error() {} },
    });
    await call('settings.setPin', { newPin: PIN });
  });
  afterAll(async () => {
    await core.close();
    await printer.close();
    temp.remove();
  });

  it('an allowance with a cash refund: two copies of the allowance slip and one drawer kick', async () => {
    const sale = await sell([{ method: 'cash', amount: 660 }]);
    expect(sale.state).toBe('issued');
    const from = printer.printedJobs().length;
    const result = await call<ReturnResult>('returns.submit', {
      kind: 'return',
      orderNo: sale.orderNo,
      items: [{ sequence: '001', quantity: 1 }],
      reason: '商品瑕疵',
      pin: PIN,
      by: '王店長',
    });
    expect(result).toMatchObject({ kind: 'allowance', state: 'done', totalAmount: 300 });
    expect(result.refunds).toEqual([{ method: 'cash', amount: 300 }]);
    const jobs = printedSince(from);
    const text = jobs.flatMap((job) => job.lines).join('\n');
    expect(jobs.reduce((kicks, job) => kicks + job.drawerKicks, 0)).toBe(1);
    expect(text.match(/折讓證明單證明聯/g)).toHaveLength(2);
    expect(text).toContain(result.allowanceNumber!);
    expect(text).toContain('保溫杯');
    expect(text).toContain('第一聯');
    expect(text).toContain('第二聯');
    expect(text).toContain('簽收人');
    // A training till's slip never passes for a real allowance: banded above and below, each copy.
    expect(text.match(new RegExp(TRAINING_DOCUMENT_MARK.zh, 'g'))).toHaveLength(4);
    expect(jobs.reduce((cuts, job) => cuts + job.cuts, 0)).toBe(2);
  });

  it('a void of a card sale: the void notice, no drawer, nothing that passes for a proof', async () => {
    const sale = await sell([{ method: 'card', amount: 660 }]);
    const from = printer.printedJobs().length;
    const result = await call<ReturnResult>('returns.submit', {
      kind: 'return',
      orderNo: sale.orderNo,
      reason: '開錯發票',
      pin: PIN,
      by: '王店長',
    });
    expect(result).toMatchObject({ kind: 'void', state: 'done' });
    const jobs = printedSince(from);
    const text = jobs.flatMap((job) => job.lines).join('\n');
    expect(jobs.reduce((kicks, job) => kicks + job.drawerKicks, 0)).toBe(0);
    expect(text).toContain('發票作廢通知');
    // One invoice number form on everything but the paper proof itself (issue 24, item 8).
    expect(text).toContain(result.invoiceNumber);
    expect(text).toContain('開錯發票');
    expect(text).not.toContain('電子發票證明聯');
    expect(text.match(new RegExp(TRAINING_DOCUMENT_MARK.zh, 'g'))).toHaveLength(2);
    expect(jobs.flatMap((job) => job.barcodes)).toEqual([]);
  });
});
