import type { Bilingual } from '../../../shared/domain';
import type { TillSettings } from '../../../shared/ipc/contract/settings';

/** The invoice-mode settings the form edits (issue 27). */
export type InvoiceModeForm = Pick<
  TillSettings,
  | 'offlineAfterFailures'
  | 'offlineLowNumbers'
  | 'invoiceModeSegmentSize'
  | 'invoiceModeGroup'
  | 'providerVariant'
>;

/**
 * The first thing wrong with the invoice-mode settings, in the supervisor's words and the field's
 * name, before anything is sent (main checks the same ranges again); null when all is well.
 * SystemLead's `UseFor` takes 2 characters (profile §7).
 */
export function invoiceModeProblem(form: InvoiceModeForm): Bilingual | null {
  const range = (value: number, min: number, max: number) =>
    Number.isInteger(value) && value >= min && value <= max;
  if (!range(form.offlineAfterFailures, 1, 10))
    return {
      zh: '連續未送達幾次改為離線開立：請填 1 到 10',
      en: 'Not-delivered sales before issuing offline: 1 to 10',
    };
  if (!range(form.offlineLowNumbers, 1, 100))
    return { zh: '離線號碼剩幾個時提醒：請填 1 到 100', en: 'Warn when offline numbers left: 1 to 100' };
  if (!range(form.invoiceModeSegmentSize, 1, 1000))
    return { zh: '每次配發的離線號碼張數：請填 1 到 1000', en: 'Offline numbers per split: 1 to 1000' };
  const max = form.providerVariant === 'systemlead' ? 2 : 10;
  if (!new RegExp(`^[A-Za-z0-9]{0,${max}}$`).test(form.invoiceModeGroup))
    return {
      zh: `離線開立群組：最多 ${max} 個英文字母或數字`,
      en: `Invoice-mode group: at most ${max} letters or digits`,
    };
  return null;
}
