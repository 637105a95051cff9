import {
  ALLOWANCE_TITLE,
  COPY_LABEL,
  SIGNATURE_LABEL,
  type AllowanceSlipInput,
} from '../../../src/main/printing/layout/allowance-layout';
import type { VoidNoticeInput } from '../../../src/main/printing/layout/void-notice-layout';
import { paperOf, type PaperWidth } from '../../../src/main/printing/paper';

/** Shared by the unit and integration tests of the allowance slip and the void notice. */
export const ALLOWANCE: AllowanceSlipInput = {
  sellerName: '練習商店',
  sellerId: '24549210',
  buyerTaxId: '04595252',
  allowanceNumber: 'T01-20261120-0001',
  allowanceDate: '2026-11-20T15:30:00',
  lines: [
    {
      invoiceNumber: 'AB12345678',
      invoiceDate: '2026-11-05T14:03:09',
      description: '珍珠奶茶（大）',
      quantity: 1,
      unitPrice: 52,
      amount: 52,
      tax: 3,
    },
    {
      invoiceNumber: 'AB12345678',
      invoiceDate: '2026-11-05',
      description: '香雞排',
      quantity: 1,
      unitPrice: 38,
      amount: 38,
      tax: 2,
    },
  ],
  totalAmount: 90,
  totalTax: 5,
};

export const VOID: VoidNoticeInput = {
  sellerName: '練習商店',
  sellerId: '24549210',
  invoiceNumber: 'AB12345678',
  invoiceDate: '2026-11-05',
  voidDate: '2026-11-06T09:12:00',
  reason: '買方補統編，作廢重開',
  orderNo: 'T01-20261105-000007',
  by: '王店長',
};

/** The allowance slip's lines as a person reads them, per copy (profile §3 order). */
export const expectedAllowanceLines = (width: PaperWidth, copy: 'store' | 'customer', buyer = true) => [
  ...(width === 80 ? [ALLOWANCE_TITLE] : ['電子發票銷貨退回、進貨退出', '或折讓證明單證明聯']),
  '折讓日期 2026-11-20 15:30:00',
  '賣方 練習商店',
  '賣方統編 24549210',
  ...(buyer ? ['買方統編 04595252'] : []),
  '折讓單號 T01-20261120-0001',
  '-'.repeat(paperOf(width).columns),
  '品名 數量 x 單價 未稅金額',
  '-'.repeat(paperOf(width).columns),
  '發票 AB12345678 2026-11-05',
  '珍珠奶茶（大）',
  '1 x 52 52',
  '稅額 3',
  '發票 AB12345678 2026-11-05',
  '香雞排',
  '1 x 38 38',
  '稅額 2',
  '-'.repeat(paperOf(width).columns),
  '未稅合計 90',
  '稅額合計 5',
  SIGNATURE_LABEL.trim(),
  '_'.repeat(paperOf(width).columns),
  COPY_LABEL[copy],
];
