import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTillCore, type TillCore } from '../../../src/main/app/create-core';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { createJsonFileSettingsStore } from '../../../src/main/settings/json-file-settings-store';
import { fromPng } from '../../../src/main/printing/bitmap';
import { readCode39 } from '../../support/code39-reader';
import { readQrPair } from '../../support/escpos-decoder';
import { makeTempDir } from '../../support/temp-dir';

/**
 * The till core as the hosts run it, in training mode (printer `virtual`): a paper sale is
 * issued by the built-in training service, its proof printed to the preview printer, and the
 * preview shows the codes the service put in PrintDataString.
 */
let temp: ReturnType<typeof makeTempDir>;
let core: TillCore;
const ctx = { host: 'web' as const };
const quiet = { info() {}, warn() {}, error() {} };

beforeEach(async () => {
  temp = makeTempDir('printing-core');
  core = await createTillCore({
    host: 'web',
    appName: 'Till',
    version: '0.0.0',
    dataDir: temp.dir,
    settings: createJsonFileSettingsStore(join(temp.dir, 'settings.json')),
    secrets: createFileKeySecretStore(temp.dir),
    logger: quiet,
  });
});

afterEach(async () => {
  await core.close();
  temp.remove();
});

describe('printing in the core (training mode)', () => {
  it('prints the proof of a paper sale and previews it by order number', async () => {
    const sale = await core.dispatch(
      'checkout.submit',
      {
        lines: [{ name: '珍珠奶茶', quantity: 2, unitPrice: 55, taxType: 'taxable' }],
        payments: [{ method: 'cash', amount: 200 }],
        invoice: { kind: 'paper' },
      },
      ctx,
    );
    if (!sale.ok) throw new Error(JSON.stringify(sale.error));
    const result = sale.value as { orderNo: string; state: string; printData: Record<string, string> };
    expect(result.state).toBe('issued');

    const pending = await core.dispatch('printing.pending', {}, ctx);
    expect(pending).toEqual({ ok: true, value: { jobs: [] } });

    const preview = await core.dispatch('printing.preview', { orderNo: result.orderNo }, ctx);
    if (!preview.ok) throw new Error(JSON.stringify(preview.error));
    const { dataUrl } = preview.value as { dataUrl: string };
    const picture = fromPng(Buffer.from(dataUrl.split(',')[1]!, 'base64'));
    expect(readCode39(picture)).toBe(result.printData.Barcode);
    expect(picture.height).toBeGreaterThanOrEqual(720); // a consumer proof is 9 cm (plus the margin)

    const status = await core.dispatch('printing.status', {}, ctx);
    expect(status).toMatchObject({ ok: true, value: { state: 'online', printer: 'virtual' } });
    const invalid = await core.dispatch('printing.retry', { jobId: 'x' }, ctx);
    expect(invalid).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it('decodes the QR codes from the preview as the service composed them', async () => {
    const sale = await core.dispatch(
      'checkout.submit',
      {
        lines: [{ name: '香雞排', quantity: 1, unitPrice: 80, taxType: 'taxable' }],
        payments: [{ method: 'card', amount: 80 }],
        invoice: { kind: 'paper' },
      },
      ctx,
    );
    if (!sale.ok) throw new Error(JSON.stringify(sale.error));
    const { orderNo, printData } = sale.value as { orderNo: string; printData: Record<string, string> };
    const preview = await core.dispatch('printing.preview', { orderNo }, ctx);
    if (!preview.ok) throw new Error(JSON.stringify(preview.error));
    const picture = fromPng(
      Buffer.from((preview.value as { dataUrl: string }).dataUrl.split(',')[1]!, 'base64'),
    );
    // The QR pair sits below the barcode: find the band that decodes.
    let found: [string | null, string | null] = [null, null];
    for (let top = 0; top + 155 <= picture.height && found[0] === null; top += 20) {
      const band = {
        width: picture.width,
        height: 200,
        pixels: picture.pixels.subarray(top * picture.width, (top + 200) * picture.width),
      };
      if (band.pixels.length === band.width * band.height) found = readQrPair(band);
    }
    expect(found).toEqual([printData.QRCodeLeft, printData.QRCodeRight]);
  });
});
