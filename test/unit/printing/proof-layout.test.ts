import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../../src/shared/domain';
import { detailsSlip, maskCarrierId } from '../../../src/main/printing/layout/details-layout';
import { PROOF_TITLE, REPRINT_TITLE, proofSlip } from '../../../src/main/printing/layout/proof-layout';
import { wrapToWidth, type Slip } from '../../../src/main/printing/layout/slip';
import { summarySlip, type DaySummary } from '../../../src/main/printing/layout/summary-layout';
import { paperOf, PROOF_COLUMNS } from '../../../src/main/printing/paper';
import { samplePrintData } from '../../../src/main/printing/sample-print-data';

const texts = (slip: Slip) =>
  slip.blocks.flatMap((block) => (block.kind === 'text' ? [block.text.replace(/\s+/g, ' ').trim()] : []));

describe('proof layout (profile §3)', () => {
  it('puts a consumer proof in the order of the rule, 9 cm long, without item lines', () => {
    const data = samplePrintData();
    const slip = proofSlip(data, { reprint: false });
    expect(texts(slip)).toEqual([
      '練習商店',
      PROOF_TITLE,
      '115年11-12月',
      'AB-12345678',
      '2026-11-05 14:03:09',
      '隨機碼 0122 總計 150',
      '賣方 24549210',
    ]);
    const kinds = slip.blocks.map((block) => block.kind).filter((kind) => kind !== 'feed');
    expect(kinds.slice(-2)).toEqual(['code39', 'qr-pair']);
    expect(slip.blocks.find((block) => block.kind === 'code39')).toEqual({
      kind: 'code39',
      data: '11512AB123456780122',
    });
    expect(slip.minHeightDots).toBe(720);
  });

  it('adds 格式 25, the buyer and the item details for a buyer tax ID', () => {
    const slip = proofSlip(samplePrintData({ buyerId: '04595252' }), { reprint: false });
    const lines = texts(slip);
    expect(lines).toContain('2026-11-05 14:03:09 格式 25');
    expect(lines).toContain('賣方 24549210 買方 04595252');
    expect(lines).toContain('珍珠奶茶（大）');
    expect(lines).toContain('2 x 52.5 105');
    expect(lines).toContain('銷售額 143');
    expect(lines).toContain('稅額 7');
    expect(lines.at(-1)).toBe('總計 150');
    // The details follow the QR codes on the same paper.
    const qrIndex = slip.blocks.findIndex((block) => block.kind === 'qr-pair');
    const itemIndex = slip.blocks.findIndex(
      (block) => block.kind === 'text' && block.text.includes('香雞排'),
    );
    expect(itemIndex).toBeGreaterThan(qrIndex);
    expect(slip.minHeightDots).toBeUndefined();
  });

  it('says 補印 on a second print', () => {
    expect(texts(proofSlip(samplePrintData(), { reprint: true }))[1]).toBe(REPRINT_TITLE);
  });

  it('aligns every line by display width (CJK = 2 columns) and keeps 5.7 cm on any paper', () => {
    const slip = proofSlip(samplePrintData({ buyerId: '04595252' }), { reprint: true });
    expect(slip.columns).toBe(PROOF_COLUMNS);
    expect(slip.widthDots).toBe(384);
    for (const block of slip.blocks) {
      if (block.kind !== 'text') continue;
      expect(displayWidth(block.text)).toBe(block.style.wide ? PROOF_COLUMNS / 2 : PROOF_COLUMNS);
    }
    const row = slip.blocks.find((block) => block.kind === 'text' && block.text.startsWith('隨機碼'));
    expect(row && row.kind === 'text' && row.text.endsWith('總計 150')).toBe(true);
  });

  it('wraps a long product name without splitting a character', () => {
    expect(wrapToWidth('特級阿里山高山烏龍茶禮盒組（四入裝）', 20)).toEqual([
      '特級阿里山高山烏龍茶',
      '禮盒組（四入裝）',
    ]);
    expect(wrapToWidth('Premium oolong gift box', 12)).toEqual(['Premium', 'oolong gift', 'box']);
  });
});

describe('transaction details and day summary slips', () => {
  it('prints 交易明細, says it is not a proof, masks the carrier', () => {
    const slip = detailsSlip(
      {
        sellerName: '練習商店',
        sellerId: '24549210',
        orderNo: 'T01-20261105-0007',
        invoiceNumber: 'AB12345679',
        dateTime: '2026-11-05T14:05:00',
        carrier: { type: '3J0002', id: '/ABC+123' },
        lines: [{ name: '珍珠奶茶', quantity: 1, unitPrice: 55, subTotal: 55 }],
        totalAmount: 55,
        payments: [{ method: 'cash', amount: 55, tendered: 100, change: 45 }],
      },
      paperOf(80),
    );
    const lines = texts(slip);
    expect(lines).toContain('交易明細');
    expect(lines).toContain('非電子發票證明聯，不可兌獎');
    expect(lines).toContain('載具 手機條碼 /A****23');
    expect(lines).toContain('發票號碼 AB12345679');
    expect(lines).toContain('找零 NT$45');
    expect(slip.columns).toBe(48);
    expect(maskCarrierId('AB12345678901234')).toBe('AB************34');
  });

  it('prints the day summary per outcome, operation and payment method, training apart', () => {
    const block = (count: number, amount: number) => ({
      count,
      totalAmount: amount,
      taxAmount: 0,
      byState: { issued: { count, amount }, rejected: { count: 0, amount: 0 } },
      byOperation: { order: { count, amount } },
      byPaymentMethod: { cash: { count, amount } },
      issued: { count, amount },
    });
    const summary: DaySummary = {
      businessDay: '2026-11-05',
      tillId: 'T01',
      generatedAt: '2026-11-05T14:00:00.000Z',
      sales: block(12, 3456),
      training: block(2, 300),
      chainHead: { entryId: 99, hash: 'ab'.repeat(32) },
    };
    const lines = texts(summarySlip(summary, paperOf(58), '練習商店'));
    expect(lines).toContain('日結報表');
    expect(lines).toContain('已開立 12 筆 NT$3,456');
    // The operation in the glossary's words, as the closing screen says it (the slip said 列印證明聯).
    expect(lines).toContain('紙本證明聯 12 筆 NT$3,456');
    expect(lines).toContain('現金 12 筆 NT$3,456');
    expect(lines).toContain('練習模式（不列入營收）');
    expect(lines.some((line) => line.includes('被退回'))).toBe(false); // zero counts are left out
  });
});
