import { CONSUMER_BUYER_ID, type PosDetail, type PosOrderData } from '../provider/pos-profile';
import {
  CARRIER_TYPES,
  isNtd,
  parseTaipeiDateTime,
  validateBuyerTitle,
  validateCarrier,
  validateLoveCode,
  validateProductName,
} from '../shared/domain';
// The amount and tax-ID rules are the service's own (profile-rules.ts), never the till's: the
// service is the oracle the till's integration tests check against.
import { expectedSubTotal, fivePercentOf, isBusinessTaxAcceptable, isValidTaxId } from './profile-rules';

/**
 * The service's business checks of an order (`Data`), made before anything is issued. Each
 * rejection names the field and the rule in `ResultMessage` (English, as the provider answers),
 * so that the till's journal says exactly what was wrong.
 */
export type OrderCheck = { ok: true; order: PosOrderData } | { ok: false; message: string };

export interface OrderCheckContext {
  /** The service clock. */
  now: Date;
  /** How far in the future `InvoiceDateTime` may be (clock difference between till and service). */
  futureToleranceSeconds: number;
  maxOrderAgeHours: number;
}

export const MAX_DETAIL_LINES = 999;

class Rejection extends Error {}
function reject(message: string): never {
  throw new Rejection(message);
}

type Fields = Record<string, unknown>;

/** A string field of at most `max` characters; `required` also refuses an empty one. */
function text(data: Fields, key: string, max: number, required: boolean, label = key): string | undefined {
  const value = data[key];
  if (value === undefined || value === null || value === '') {
    if (required) reject(`${label} is required`);
    return undefined;
  }
  if (typeof value !== 'string') reject(`${label} must be a string`);
  if (value.trim() === '' && required) reject(`${label} is required`);
  if (value.length > max) reject(`${label} is longer than ${max} characters`);
  return value;
}

function amount(data: Fields, key: string, defaultZero: boolean): number {
  const value = data[key] ?? (defaultZero ? 0 : undefined);
  if (value === undefined) reject(`${key} is required`);
  if (!isNtd(value)) reject(`${key} must be a whole number of NT$`);
  if (value < 0) reject(`${key} cannot be negative`);
  return value;
}

function oneOf<T extends string>(data: Fields, key: string, allowed: readonly T[], label = key): T {
  const value = data[key];
  if (value === undefined || value === null || value === '') reject(`${label} is required`);
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    reject(`${label} must be ${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}`);
  }
  return value as T;
}

function checkDetail(raw: unknown, index: number): PosDetail {
  const at = `Details[${index}]`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) reject(`${at} must be an object`);
  const line = raw as Fields;
  const detailId = text(line, 'DetailID', 10, true, `${at}.DetailID`)!;
  const productName = text(line, 'ProductName', 256, true, `${at}.ProductName`)!;
  const name = validateProductName(productName);
  if (!name.ok) reject(`${at}.ProductName: ${name.reason.en}`);
  const { Quantity: quantity, UnitPrice: unitPrice, SubTotal: subTotal } = line;
  if (
    typeof quantity !== 'number' ||
    !Number.isFinite(quantity) ||
    quantity === 0 ||
    Math.abs(quantity) > 99_999_999
  ) {
    reject(`${at}.Quantity must be a non-zero number`);
  }
  if (typeof unitPrice !== 'number' || !Number.isFinite(unitPrice) || Math.abs(unitPrice) > 99_999_999) {
    reject(`${at}.UnitPrice must be a number`);
  }
  if (!isNtd(subTotal)) reject(`${at}.SubTotal must be a whole number of NT$`);
  const expected = expectedSubTotal(quantity, unitPrice);
  if (subTotal !== expected)
    reject(`${at}.SubTotal must be Quantity × UnitPrice rounded (expected ${expected})`);
  const itemTaxType = oneOf(line, 'ItemTaxType', ['1', '2', '3'] as const, `${at}.ItemTaxType`);
  return {
    DetailID: detailId,
    ProductName: productName,
    Quantity: quantity,
    UnitPrice: unitPrice,
    SubTotal: subTotal,
    ItemTaxType: itemTaxType,
  };
}

function checkOrder(data: Fields, context: OrderCheckContext): PosOrderData {
  const billingNo = text(data, 'BillingNo', 40, true)!;
  if (!/^[\x21-\x7e]+$/.test(billingNo)) reject('BillingNo must be printable ASCII without spaces');

  const invoiceDateTime = text(data, 'InvoiceDateTime', 19, true)!;
  const issuedAt = parseTaipeiDateTime(invoiceDateTime);
  if (!issuedAt) reject('InvoiceDateTime must be YYYY-MM-DDTHH:mm:ss (Asia/Taipei)');
  const ageSeconds = (context.now.getTime() - issuedAt.getTime()) / 1000;
  if (ageSeconds < -context.futureToleranceSeconds) reject('InvoiceDateTime is in the future');
  if (ageSeconds > context.maxOrderAgeHours * 3600) {
    reject(`InvoiceDateTime is more than ${context.maxOrderAgeHours} hours old`);
  }

  const invoiceFor = oneOf(data, 'InvoiceFor', ['B', 'C'] as const);
  const business = invoiceFor === 'B';
  const buyerId = text(data, 'BuyerID', 10, true)!;
  let buyerTitle: string | undefined;
  if (business) {
    if (!/^\d{8}$/.test(buyerId)) reject('BuyerID must be the 8-digit buyer tax ID for B');
    if (!isValidTaxId(buyerId)) reject('BuyerID is not a valid tax ID (check digit)');
    buyerTitle = text(data, 'BuyerInvoiceTitle', 60, false);
    if (buyerTitle === undefined || buyerTitle.trim() === '') reject('BuyerInvoiceTitle is required for B');
    const title = validateBuyerTitle(buyerTitle);
    if (!title.ok) reject(`BuyerInvoiceTitle: ${title.reason.en}`);
  } else {
    if (buyerId !== CONSUMER_BUYER_ID) reject(`BuyerID must be ${CONSUMER_BUYER_ID} for C`);
    buyerTitle = text(data, 'BuyerInvoiceTitle', 60, false);
  }
  const buyerName = text(data, 'BuyerName', 60, true)!;
  const buyerTelNo = text(data, 'BuyerTelNo', 20, false);
  const buyerEmail = text(data, 'BuyerEmailAddress', 100, false);
  if (buyerEmail !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(buyerEmail)) {
    reject('BuyerEmailAddress is not a valid e-mail address');
  }
  const printMark = oneOf(data, 'PrintMark', ['Y', 'N'] as const);
  const taxType = oneOf(data, 'TaxType', ['1', '2', '3', '9'] as const);
  if (taxType === '9' && business) reject('TaxType 9 (mixed) is allowed only for C');

  const salesAmount = amount(data, 'SalesAmount', false);
  const freeTaxSalesAmount = amount(data, 'FreeTaxSalesAmount', true);
  const zeroTaxSalesAmount = amount(data, 'ZeroTaxSalesAmount', true);
  const taxAmount = amount(data, 'TaxAmount', false);
  const totalAmount = amount(data, 'TotalAmount', false);

  const carrierType = text(data, 'CarrierType', 6, false);
  const carrierId = text(data, 'CarrierId', 64, false);
  if (carrierType !== undefined && carrierId === undefined) reject('CarrierId is required with CarrierType');
  if (carrierId !== undefined && carrierType === undefined) reject('CarrierType is required with CarrierId');
  if (carrierType !== undefined && carrierId !== undefined) {
    if (carrierType !== CARRIER_TYPES.mobile && carrierType !== CARRIER_TYPES.citizen) {
      reject(`CarrierType must be ${CARRIER_TYPES.mobile} or ${CARRIER_TYPES.citizen}`);
    }
    const carrier = validateCarrier(carrierType, carrierId);
    // The till sends the normalized form; anything else would be stored under another carrier.
    if (!carrier.ok || carrier.value !== carrierId) {
      reject(
        carrierType === CARRIER_TYPES.mobile
          ? `CarrierId is not a mobile barcode (${CARRIER_TYPES.mobile}: "/" + 7 of 0-9 A-Z . + -)`
          : `CarrierId is not a citizen certificate (${CARRIER_TYPES.citizen}: 2 capital letters + 14 digits)`,
      );
    }
    if (business && carrierType !== CARRIER_TYPES.mobile) {
      reject(`CarrierType ${carrierType} is not allowed with a buyer tax ID (only ${CARRIER_TYPES.mobile})`);
    }
  }
  const npoban = text(data, 'NPOBAN', 64, false);
  if (npoban !== undefined) {
    const loveCode = validateLoveCode(npoban);
    if (!loveCode.ok || loveCode.value !== npoban) reject('NPOBAN (love code) must be 3 to 7 digits');
    if (business) reject('Donation (NPOBAN) is not allowed with a buyer tax ID');
    if (carrierType !== undefined) reject('NPOBAN and a carrier cannot both be given');
  }
  if (printMark === 'Y' && (carrierType !== undefined || npoban !== undefined)) {
    reject('PrintMark must be N with a carrier or a donation');
  }
  // The random code, where the variant lets the seller choose it (SystemLead); else the service's.
  const randomNumber = text(data, 'RandomNumber', 4, false);
  if (randomNumber !== undefined && !/^\d{4}$/.test(randomNumber)) reject('RandomNumber must be 4 digits');
  const note = text(data, 'Note', 200, false);
  const deviceId = text(data, 'DeviceID', 40, true)!;

  const rawDetails = data.Details;
  if (!Array.isArray(rawDetails) || rawDetails.length === 0) reject('Details must have at least one line');
  if (rawDetails.length > MAX_DETAIL_LINES) reject(`Details has more than ${MAX_DETAIL_LINES} lines`);
  const details = rawDetails.map((line, index) => checkDetail(line, index));
  if (taxType !== '9') {
    const index = details.findIndex((line) => line.ItemTaxType !== taxType);
    if (index >= 0)
      reject(`Details[${index}].ItemTaxType must equal TaxType ${taxType} unless TaxType is 9 (C only)`);
  }

  // Header sums against the lines (profile §3).
  const sumOf = (type: '1' | '2' | '3') =>
    details.reduce((sum, line) => (line.ItemTaxType === type ? sum + line.SubTotal : sum), 0);
  const expect = (actual: number, expected: number, rule: string) => {
    if (actual !== expected) reject(`${rule} (expected ${expected})`);
  };
  expect(salesAmount, sumOf('1'), 'SalesAmount must be the sum of the taxable lines');
  expect(zeroTaxSalesAmount, sumOf('2'), 'ZeroTaxSalesAmount must be the sum of the zero-rated lines');
  expect(freeTaxSalesAmount, sumOf('3'), 'FreeTaxSalesAmount must be the sum of the tax-exempt lines');
  if (business) {
    if (!isBusinessTaxAcceptable(salesAmount, taxAmount)) {
      reject(`TaxAmount must be 5% of SalesAmount, ±1 (expected ${fivePercentOf(salesAmount)})`);
    }
  } else if (taxAmount !== 0) {
    reject('TaxAmount must be 0 for C (amounts include tax)');
  }
  expect(
    totalAmount,
    salesAmount + taxAmount + zeroTaxSalesAmount + freeTaxSalesAmount,
    'TotalAmount must be SalesAmount + TaxAmount + ZeroTaxSalesAmount + FreeTaxSalesAmount',
  );
  if (totalAmount <= 0) reject('TotalAmount must be greater than 0: no invoice for a zero or negative total');

  return {
    BillingNo: billingNo,
    ...(randomNumber !== undefined && { RandomNumber: randomNumber }),
    InvoiceDateTime: invoiceDateTime,
    InvoiceFor: invoiceFor,
    BuyerID: buyerId,
    ...(buyerTitle !== undefined && { BuyerInvoiceTitle: buyerTitle }),
    BuyerName: buyerName,
    ...(buyerTelNo !== undefined && { BuyerTelNo: buyerTelNo }),
    ...(buyerEmail !== undefined && { BuyerEmailAddress: buyerEmail }),
    PrintMark: printMark,
    TaxType: taxType,
    SalesAmount: salesAmount,
    FreeTaxSalesAmount: freeTaxSalesAmount,
    ZeroTaxSalesAmount: zeroTaxSalesAmount,
    TaxAmount: taxAmount,
    TotalAmount: totalAmount,
    ...(carrierType !== undefined && { CarrierType: carrierType, CarrierId: carrierId }),
    ...(npoban !== undefined && { NPOBAN: npoban }),
    ...(note !== undefined && { Note: note }),
    DeviceID: deviceId,
    Details: details,
  };
}

/** Checks `Data`; the first broken rule is the answer. */
export function checkOrderData(data: unknown, context: OrderCheckContext): OrderCheck {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, message: 'Data must be the order object' };
  }
  try {
    return { ok: true, order: checkOrder(data as Fields, context) };
  } catch (error) {
    if (error instanceof Rejection) return { ok: false, message: error.message };
    throw error;
  }
}
