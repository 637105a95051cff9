import { describe, expect, it } from 'vitest';
import { renderEscPos } from '../../../src/main/printing/escpos/render-escpos';
import { buildProofPrintData } from '../../../src/main/printing/built-proof';
import { allowanceSlips } from '../../../src/main/printing/layout/allowance-layout';
import { PROOF_TITLE, TRAINING_DOCUMENT_MARK } from '../../../src/main/printing/layout/proof-layout';
import type { Slip } from '../../../src/main/printing/layout/slip';
import { VOID_TITLE, voidNoticeSlip } from '../../../src/main/printing/layout/void-notice-layout';
import { paperOf } from '../../../src/main/printing/paper';
import { loadRasterFont } from '../../../src/main/printing/raster-font';
import { SAMPLE_QR_KEY, samplePrintData } from '../../../src/main/printing/sample-print-data';
import { joinForPreview, slipsForJob } from '../../../src/main/printing/slip-content';
import { verificationCode } from '../../../src/provider/qr-verification-code';
import { displayWidth } from '../../../src/shared/domain';
import {
  buildPrintData,
  verificationCode as serviceVerificationCode,
} from '../../../src/training-service/print-data';
import { decodeEscPos, readableLines } from '../../support/escpos-decoder';
import { ALLOWANCE, expectedAllowanceLines, VOID } from './returns-fixtures';

describe('allowance slip (profile §3)', () => {
  for (const width of [58, 80] as const) {
    it(`prints two copies in the rule's order on ${width} mm, as Big5 text`, () => {
      const paper = paperOf(width);
      const slips = allowanceSlips(ALLOWANCE, paper);
      expect(slips).toHaveLength(2);
      for (const slip of slips) {
        for (const block of slip.blocks)
          if (block.kind === 'text')
            expect(displayWidth(block.text)).toBe(block.style.wide ? paper.columns / 2 : paper.columns);
        expect(slip.blocks.some((block) => block.kind === 'code39' || block.kind === 'qr-pair')).toBe(false);
      }
      const bytes = Buffer.concat(
        slips.map((slip) => renderEscPos(slip, { model: 'epson', chinese: 'big5', font: loadRasterFont })),
      );
      const decoded = decodeEscPos(bytes, 'epson');
      expect(decoded.cuts).toBe(2);
      expect(decoded.images).toHaveLength(0); // every character went as Big5 text
      expect(decoded.barcodes).toHaveLength(0);
      expect(readableLines(decoded)).toEqual([
        ...expectedAllowanceLines(width, 'store'),
        ...expectedAllowanceLines(width, 'customer'),
      ]);
    });

    it(`draws the same slip as raster text on ${width} mm (no text bytes at all)`, () => {
      const paper = paperOf(width);
      const slips = allowanceSlips(ALLOWANCE, paper);
      const bytes = Buffer.concat(
        slips.map((slip) => renderEscPos(slip, { model: 'star', chinese: 'raster', font: loadRasterFont })),
      );
      const decoded = decodeEscPos(bytes, 'star');
      expect(decoded.cuts).toBe(2);
      expect(decoded.textBytes.filter((chunk) => chunk.length > 0)).toHaveLength(0);
      expect(decoded.images.length).toBeGreaterThanOrEqual(2);
      for (const image of decoded.images) expect(image.width).toBeLessThanOrEqual(paper.dots);
    });
  }

  it('leaves out the buyer line for a consumer and refuses a slip without lines', () => {
    const [store] = allowanceSlips({ ...ALLOWANCE, buyerTaxId: null }, paperOf(58));
    const text = (slip: Slip) =>
      slip.blocks.flatMap((b) => (b.kind === 'text' ? [b.text.replace(/\s+/g, ' ').trim()] : []));
    expect(text(store!).filter((line) => line !== '')).toEqual(expectedAllowanceLines(58, 'store', false));
    expect(() => allowanceSlips({ ...ALLOWANCE, lines: [] }, paperOf(58))).toThrow();
  });

  it('is stored as a `details` job naming its layout, and reads back as both copies', () => {
    const content = JSON.stringify({ layout: 'allowance-slip', slip: ALLOWANCE });
    const slips = slipsForJob({ kind: 'details', content, reprint: false }, paperOf(80));
    expect(slips.map((slip) => slip.kind)).toEqual(['allowance', 'allowance']);
    expect(joinForPreview(slips).blocks.length).toBeGreaterThan(slips[0]!.blocks.length * 2);
  });
});

describe('void notice', () => {
  for (const width of [58, 80] as const) {
    it(`names the invoice, its date, the void date and the reason on ${width} mm, and is not a proof`, () => {
      const slip = voidNoticeSlip(VOID, paperOf(width));
      expect(slip.blocks.some((block) => block.kind === 'code39' || block.kind === 'qr-pair')).toBe(false);
      const decoded = decodeEscPos(
        renderEscPos(slip, { model: 'epson', chinese: 'big5', font: loadRasterFont }),
        'epson',
      );
      const lines = readableLines(decoded);
      expect(lines.slice(0, 3)).toEqual(['練習商店', VOID_TITLE, '本單不是證明聯，不可兌獎']);
      expect(lines).toContain('發票號碼 AB12345678');
      expect(lines).toContain('發票日期 2026-11-05');
      expect(lines).toContain('作廢日期 2026-11-06 09:12:00');
      expect(lines).toContain('作廢原因：買方補統編，作廢重開');
      expect(lines.join('\n')).not.toContain(PROOF_TITLE);
      expect(decoded.barcodes).toHaveLength(0);
      expect(decoded.images).toHaveLength(0); // no QR image, no drawn barcode
    });
  }
});

describe('training mode: the allowance slip and the void notice are banded, never real papers', () => {
  const bandLines: string[] = [TRAINING_DOCUMENT_MARK.zh, TRAINING_DOCUMENT_MARK.en];
  const printed = (slip: Slip) =>
    readableLines(
      decodeEscPos(renderEscPos(slip, { model: 'epson', chinese: 'big5', font: loadRasterFont }), 'epson'),
    );
  const marks = (lines: string[]) => lines.filter((line) => bandLines.includes(line));

  for (const width of [58, 80] as const) {
    it(`bands both allowance copies above and below on ${width} mm, within the paper`, () => {
      const paper = paperOf(width);
      for (const slip of allowanceSlips({ ...ALLOWANCE, training: true }, paper)) {
        for (const block of slip.blocks)
          if (block.kind === 'text') expect(displayWidth(block.text)).toBeLessThanOrEqual(paper.columns);
        const lines = printed(slip).filter((line) => !/^[*]+$/.test(line));
        expect(lines.slice(0, 2)).toEqual(bandLines);
        expect(lines.slice(-2)).toEqual(bandLines);
      }
      // The regulated content is all still there, in its order, between the bands.
      const plain = allowanceSlips(ALLOWANCE, paper).map(printed);
      expect(plain.flatMap(marks)).toEqual([]);
      const banded = allowanceSlips({ ...ALLOWANCE, training: true }, paper).map((slip) =>
        printed(slip).filter((line) => !bandLines.includes(line) && !/^[*]+$/.test(line)),
      );
      expect(banded).toEqual(plain.map((lines) => lines.filter((line) => !/^[*]+$/.test(line))));
    });

    it(`bands the void notice above and below on ${width} mm`, () => {
      const lines = printed(voidNoticeSlip({ ...VOID, training: true }, paperOf(width))).filter(
        (line) => !/^[*]+$/.test(line),
      );
      expect(lines.slice(0, 3)).toEqual([...bandLines, '練習商店']);
      expect(lines.slice(-2)).toEqual(bandLines);
      expect(marks(printed(voidNoticeSlip(VOID, paperOf(width))))).toEqual([]);
    });
  }
});

describe('a proof the till builds itself', () => {
  it('uses the one verification code the training service uses too', () => {
    expect(serviceVerificationCode).toBe(verificationCode);
    expect(verificationCode('AB12345678', '0122', SAMPLE_QR_KEY)).toHaveLength(24);
  });

  for (const buyerId of ['', '04595252']) {
    it(`equals the training service's print data for the same sale (${buyerId ? 'B' : 'C'})`, () => {
      const service = samplePrintData({ buyerId, invoiceNumber: 'CD87654321', randomNumber: '4711' });
      const order = {
        InvoiceDateTime: service.InvoiceDateTime,
        InvoiceFor: buyerId ? ('B' as const) : ('C' as const),
        BuyerID: buyerId || '0000000000',
        SalesAmount: service.SalesAmount,
        TaxAmount: service.TaxAmount,
        TotalAmount: service.TotalAmount,
        Details: service.Details.map((line, i) => ({
          DetailID: String(i + 1),
          ...line,
          ItemTaxType: '1' as const,
        })),
      };
      const built = buildProofPrintData({
        sellerName: service.SellerName,
        sellerId: service.SellerID,
        invoiceNumber: 'CD87654321',
        randomNumber: '4711',
        order,
        qrAesKey: SAMPLE_QR_KEY,
      });
      expect(built.Barcode).toBe(service.Barcode);
      expect(built.Barcode).toHaveLength(19);
      expect(built.QRCodeLeft).toBe(service.QRCodeLeft);
      expect(built.QRCodeRight).toBe(service.QRCodeRight);
      expect(built).toEqual(
        buildPrintData({
          ...service,
          sellerName: service.SellerName,
          sellerId: service.SellerID,
          qrAesKey: SAMPLE_QR_KEY,
          invoiceNumber: 'CD87654321',
          randomNumber: '4711',
          order,
        }),
      );
    });
  }

  it('refuses without a QR key, with a bilingual message', () => {
    const service = samplePrintData();
    const input = {
      sellerName: 'x',
      sellerId: service.SellerID,
      invoiceNumber: service.InvoiceNumber,
      randomNumber: service.RandomNumber,
      order: {
        InvoiceDateTime: service.InvoiceDateTime,
        InvoiceFor: 'C' as const,
        BuyerID: '0000000000',
        SalesAmount: service.SalesAmount,
        TaxAmount: 0,
        TotalAmount: service.TotalAmount,
        Details: [],
      },
    };
    expect(() => buildProofPrintData({ ...input, qrAesKey: null })).toThrow(
      expect.objectContaining({
        code: 'proof-qr-key-missing',
        bilingual: expect.objectContaining({ zh: expect.stringContaining('QR 金鑰') }),
      }),
    );
    expect(() => buildProofPrintData({ ...input, qrAesKey: 'not-hex' })).toThrow(
      expect.objectContaining({ code: 'proof-qr-key-invalid' }),
    );
    expect(() => buildProofPrintData({ ...input, randomNumber: '12', qrAesKey: SAMPLE_QR_KEY })).toThrow(
      expect.objectContaining({ code: 'proof-data-invalid' }),
    );
  });
});
