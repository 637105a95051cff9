import { splitTax } from '../../shared/domain';
import { buildPrintData } from '../../provider/proof-content';
import type { PrintData } from '../../provider/pos-profile';

/**
 * A sample `PrintDataString` for `npm run print -- sample`, the tests and the benchmark: an
 * order run through the shared tax split and the training service's `buildPrintData` (the same
 * code that answers training-mode sales), with a sample QR key.
 */
export const SAMPLE_QR_KEY = '0123456789ABCDEF0123456789ABCDEF';

export interface SampleOptions {
  /** A buyer tax ID makes it a B proof (格式 25, item details on the proof). */
  buyerId?: string;
  sellerName?: string;
  sellerId?: string;
  invoiceNumber?: string;
  randomNumber?: string;
  /** `YYYY-MM-DDTHH:mm:ss`, Taipei time. */
  dateTime?: string;
  items?: Array<{ name: string; quantity: number; unitPrice: number }>;
}

export const SAMPLE_ITEMS = [
  { name: '珍珠奶茶（大）', quantity: 2, unitPrice: 55 },
  { name: '香雞排', quantity: 1, unitPrice: 40 },
];

export function samplePrintData(options: SampleOptions = {}): PrintData {
  const buyerId = options.buyerId ?? '';
  const business = buyerId !== '';
  const split = splitTax(
    (options.items ?? SAMPLE_ITEMS).map((item) => ({ ...item, taxType: 'taxable' as const })),
    business ? 'B' : 'C',
  );
  if (!split.ok) throw new Error(split.reason.en);
  const amounts = split.amounts;
  return buildPrintData({
    sellerName: options.sellerName ?? '練習商店',
    sellerId: options.sellerId ?? '24549210',
    qrAesKey: SAMPLE_QR_KEY,
    invoiceNumber: options.invoiceNumber ?? 'AB12345678',
    randomNumber: options.randomNumber ?? '0122',
    order: {
      InvoiceDateTime: options.dateTime ?? '2026-11-05T14:03:09',
      InvoiceFor: business ? 'B' : 'C',
      BuyerID: business ? buyerId : '0000000000',
      SalesAmount: amounts.salesAmount,
      TaxAmount: amounts.taxAmount,
      TotalAmount: amounts.totalAmount,
      Details: amounts.lines.map((line, i) => ({
        DetailID: String(i + 1),
        ProductName: line.name,
        Quantity: line.quantity,
        UnitPrice: line.unitPrice,
        SubTotal: line.subTotal,
        ItemTaxType: line.itemTaxType,
      })),
    },
  });
}

export const samplePrintDataString = (options?: SampleOptions) => JSON.stringify(samplePrintData(options));
