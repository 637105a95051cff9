import { formatNtd, type Bilingual, type LineTaxType, type Ntd } from '../../../shared/domain';
import { ProductTaxType } from '../../../shared/ipc/contract/catalog';

export const TAX_LABEL: Record<LineTaxType, Bilingual> = {
  taxable: { zh: '應稅', en: 'Taxable' },
  zero: { zh: '零稅率', en: 'Zero-rated' },
  exempt: { zh: '免稅', en: 'Exempt' },
};

/** `應稅 NT$72`, `免稅 NT$27`: each tax type the sale has, with its amount, as the cart and the checkout show it. */
export function taxAmounts(byTaxType: Record<LineTaxType, Ntd>, t: (text: Bilingual) => string): string[] {
  return ProductTaxType.options
    .filter((type) => byTaxType[type] > 0)
    .map((type) => `${t(TAX_LABEL[type])} ${formatNtd(byTaxType[type])}`);
}
