import { describe, expect, it } from 'vitest';
import { composeQrCodes, QR_TEXT_BUDGET_BYTES, type QrCodeInput } from '../../../src/shared/domain';
import { MIN_QR_SIDE_DOTS, qrPairGeometry, QR_QUIET_DOTS } from '../../../src/main/printing/qr-images';
import { parseQrPair } from '../../support/qr-records';

/**
 * Issue 11 item 11 (a): each `name:quantity:price` record stays whole inside one QR code (MOF
 * barcode specification), so that a reader parsing either code alone never sees a name
 * without its quantity and price.
 */
const input = (items: QrCodeInput['items']): QrCodeInput => ({
  invoiceNumber: 'AA12345678',
  rocDate: '1151105',
  randomNumber: '1234',
  salesAmount: null,
  totalAmount: items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0),
  buyerId: '',
  sellerId: '83023929',
  verificationCode: 'E6WJ8Ox6txjQ2TMpAfBPA=='.padEnd(24, '='),
  items,
});
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

describe('QR records stay whole (MOF barcode specification)', () => {
  it('the three-item example: 牛奶 moves whole to the right code', () => {
    const items = [
      { name: '乾電池', quantity: 1, unitPrice: 105 },
      { name: '口罩', quantity: 1, unitPrice: 210 },
      { name: '牛奶', quantity: 1, unitPrice: 25 },
    ];
    const { left, right } = composeQrCodes(input(items));
    // Before: the left ended `…:口罩:1:210:牛奶` and the right began `**:1:25`.
    expect(left.slice(77)).toBe(':**********:3:3:1:乾電池:1:105:口罩:1:210');
    expect(right).toBe('**:牛奶:1:25');
    const parsed = parseQrPair(left, right);
    expect(parsed.left.records).toEqual([
      { name: '乾電池', quantity: 1, unitPrice: 105 },
      { name: '口罩', quantity: 1, unitPrice: 210 },
    ]);
    expect(parsed.right).toEqual([{ name: '牛奶', quantity: 1, unitPrice: 25 }]);
    expect(parsed.left).toMatchObject({ carried: 3, total: 3, encoding: '1' });
  });

  it('never splits a record, for any item count and name length; the count says what is carried', () => {
    for (let count = 1; count <= 12; count++) {
      for (const name of ['茶', '香雞排', 'Cola 600ml', '珍珠奶茶（大）冰少糖', 'X'.repeat(30)]) {
        const items = Array.from({ length: count }, (_, i) => ({
          name: `${name}${i}`,
          quantity: i + 1,
          unitPrice: 10 * (i + 1) + 0.5 * (i % 2),
        }));
        const { left, right } = composeQrCodes(input(items));
        expect(bytes(left)).toBeLessThanOrEqual(QR_TEXT_BUDGET_BYTES);
        expect(bytes(right)).toBeLessThanOrEqual(QR_TEXT_BUDGET_BYTES);
        const parsed = parseQrPair(left, right); // throws on a record cut in two
        const carried = [...parsed.left.records, ...parsed.right];
        expect(parsed.left.total).toBe(count);
        expect(parsed.left.carried).toBe(carried.length);
        // The carried records are the first ones, in order, whole.
        expect(carried).toEqual(items.slice(0, carried.length).map((item) => ({ ...item })));
        // As many as fit: the next record would fit in neither code.
        if (carried.length < count) {
          const next = `:${items[carried.length]!.name}:${items[carried.length]!.quantity}:${items[carried.length]!.unitPrice}`;
          expect(bytes(right) + bytes(next)).toBeGreaterThan(QR_TEXT_BUDGET_BYTES);
        }
      }
    }
  });

  it('a record that fits in neither code is not carried, and the count says so', () => {
    const items = [
      { name: '咖啡', quantity: 1, unitPrice: 60 },
      { name: '超長品名'.repeat(12), quantity: 1, unitPrice: 99 }, // 144 bytes of name
      { name: '司康', quantity: 1, unitPrice: 55 },
    ];
    const { left, right } = composeQrCodes(input(items));
    expect(left.slice(77)).toBe(':**********:1:3:1:咖啡:1:60');
    expect(right).toBe('**');
    // A first record too long for the left code's room goes whole to the right one, the rest after it.
    const gift = { name: '特大號綜合水果禮盒附提袋加購', quantity: 1, unitPrice: 1280 };
    const moved = composeQrCodes(input([gift, items[2]!]));
    expect(moved.left.slice(77)).toBe(':**********:2:2:1');
    expect(moved.right).toBe(`**:${gift.name}:1:1280:司康:1:55`);
    expect(parseQrPair(moved.left, moved.right).right).toEqual([gift, items[2]]);
  });
});

describe('QR size (1.5 cm coding area, 0.2 cm quiet zone on top)', () => {
  const header = `AA1234567811511051234${'0'.repeat(8)}00000096${'0'.repeat(8)}83023929${'x'.repeat(24)}:**********:9:9:1`;
  const leftOf = (target: number) => {
    let text = header;
    for (let i = 0; bytes(`${text}:商品${i}:1:25`) <= target; i++) text += `:商品${i}:1:25`;
    return text;
  };

  it('a provider left text of about 240 bytes: at least 120 dots, whole-dot modules', () => {
    const left = leftOf(240);
    expect(bytes(left)).toBeGreaterThanOrEqual(225);
    expect(bytes(left)).toBeLessThanOrEqual(240);
    const geometry = qrPairGeometry(left, '**:茶:1:30', 384);
    // Version 10 would be 114 dots at 2 dots a module (too small) or 171 at 3 (too wide).
    expect(geometry).toEqual({ version: 11, moduleDots: 2, quietDots: QR_QUIET_DOTS, symbolDots: 122 });
    expect(geometry.symbolDots).toBeGreaterThanOrEqual(MIN_QR_SIDE_DOTS);
    expect(2 * (geometry.symbolDots + 2 * geometry.quietDots)).toBeLessThanOrEqual(384);
  });

  it('short texts: version 6 at 3 dots a module (123 dots)', () => {
    expect(qrPairGeometry(leftOf(110), '**', 384)).toEqual({
      version: 6,
      moduleDots: 3,
      quietDots: 16,
      symbolDots: 123,
    });
  });

  it('every text length that fits gets ≥ 120 dots, ≥ 16 quiet dots, within half the proof', () => {
    for (let target = 100; target <= 500; target += 10) {
      const geometry = qrPairGeometry(leftOf(target), '**', 384);
      expect(geometry.symbolDots).toBe((17 + 4 * geometry.version) * geometry.moduleDots);
      expect(geometry.symbolDots).toBeGreaterThanOrEqual(120);
      expect(geometry.quietDots).toBeGreaterThanOrEqual(16);
      expect(geometry.symbolDots + 2 * geometry.quietDots).toBeLessThanOrEqual(192);
    }
  });
});
