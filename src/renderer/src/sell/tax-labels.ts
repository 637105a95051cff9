import type { LineTaxType } from '../../../shared/domain';

export const TAX_LABEL: Record<LineTaxType, { zh: string; en: string }> = {
  taxable: { zh: '應稅', en: 'Taxable' },
  zero: { zh: '零稅率', en: 'Zero-rated' },
  exempt: { zh: '免稅', en: 'Exempt' },
};
