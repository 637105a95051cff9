import {
  CARRIER_TYPE_LABEL,
  CARRIER_TYPES,
  splitTax,
  validateBuyerTaxId,
  validateBuyerTitle,
  validateCarrier,
  validateLoveCode,
  validateMobileBarcode,
  type Bilingual,
  type CarrierKind,
  type PricedLine,
} from '../../../shared/domain';
import type { InvoiceChoiceInput } from '../../../shared/ipc/contract/checkout';

/**
 * The invoice choice of provider profile §2 as the cashier fills it in, checked live with the
 * shared validators so the screen shows the same reasons the engine would give. The engine still
 * checks again and picks the operation; this only decides whether the pay key is enabled.
 */
export type InvoiceKind = InvoiceChoiceInput['kind'];
export type { CarrierKind };

export interface InvoiceForm {
  kind: InvoiceKind;
  carrierKind: CarrierKind;
  carrierId: string;
  loveCode: string;
  taxId: string;
  title: string;
  /** A business buyer may add a mobile barcode (then no paper proof). */
  businessMobile: string;
  /** A transaction-details slip for a carrier or love-code sale. */
  wantsDetails: boolean;
}

export type InvoiceField = 'kind' | 'carrierId' | 'loveCode' | 'taxId' | 'title' | 'businessMobile';

export type InvoiceCheck =
  { ok: true; choice: InvoiceChoiceInput } | { ok: false; errors: Partial<Record<InvoiceField, Bilingual>> };

export const emptyInvoiceForm = (): InvoiceForm => ({
  kind: 'paper',
  carrierKind: 'mobile',
  carrierId: '',
  loveCode: '',
  taxId: '',
  title: '',
  businessMobile: '',
  wantsDetails: false,
});

export function checkInvoiceForm(form: InvoiceForm, lines: readonly PricedLine[]): InvoiceCheck {
  const errors: Partial<Record<InvoiceField, Bilingual>> = {};
  switch (form.kind) {
    case 'paper':
      return { ok: true, choice: { kind: 'paper' } };
    case 'phone':
      return { ok: true, choice: { kind: 'phone' } };
    case 'carrier': {
      const checked = validateCarrier(CARRIER_TYPES[form.carrierKind], form.carrierId);
      if (!checked.ok) return { ok: false, errors: { carrierId: checked.reason } };
      return {
        ok: true,
        choice: {
          kind: 'carrier',
          carrierType: CARRIER_TYPES[form.carrierKind],
          carrierId: checked.value,
          ...(form.wantsDetails ? { wantsDetails: true } : {}),
        },
      };
    }
    case 'donate': {
      const checked = validateLoveCode(form.loveCode);
      if (!checked.ok) return { ok: false, errors: { loveCode: checked.reason } };
      return {
        ok: true,
        choice: {
          kind: 'donate',
          loveCode: checked.value,
          ...(form.wantsDetails ? { wantsDetails: true } : {}),
        },
      };
    }
    case 'business': {
      const taxId = validateBuyerTaxId(form.taxId);
      if (!taxId.ok) errors.taxId = taxId.reason;
      const title = validateBuyerTitle(form.title);
      if (!title.ok) errors.title = title.reason;
      let mobile: string | undefined;
      if (form.businessMobile.trim() !== '') {
        const checked = validateMobileBarcode(form.businessMobile);
        if (checked.ok) mobile = checked.value;
        else errors.businessMobile = checked.reason;
      }
      // A tax ID invoice cannot mix tax types: say so before the cashier takes the money.
      if (lines.length > 0) {
        const split = splitTax(lines, 'B');
        if (!split.ok) errors.kind = split.reason;
      }
      if (!taxId.ok || !title.ok || Object.keys(errors).length > 0) return { ok: false, errors };
      return {
        ok: true,
        choice: {
          kind: 'business',
          buyerTaxId: taxId.value,
          buyerTitle: title.value,
          ...(mobile ? { carrierType: CARRIER_TYPES.mobile, carrierId: mobile } : {}),
        },
      };
    }
  }
}

export const CARRIER_LABEL: Readonly<Record<CarrierKind, Bilingual>> = {
  mobile: CARRIER_TYPE_LABEL[CARRIER_TYPES.mobile],
  citizen: CARRIER_TYPE_LABEL[CARRIER_TYPES.citizen],
};

/**
 * A scanned or typed code that is a carrier: a mobile barcode or a citizen certificate, normalized;
 * null for anything else (a product barcode). Both the sell and the checkout screen take these.
 */
export function carrierOf(code: string): { kind: CarrierKind; id: string } | null {
  for (const kind of ['mobile', 'citizen'] as const) {
    const checked = validateCarrier(CARRIER_TYPES[kind], code);
    if (checked.ok) return { kind, id: checked.value };
  }
  return null;
}
