/** A text the cashier reads, in Traditional Chinese first and English second. */
export interface Bilingual {
  zh: string;
  en: string;
}

export const bilingual = (zh: string, en: string): Bilingual => ({ zh, en });

/**
 * A count in English with its noun in the right number (`1 invoice`, `2 invoices`, `0 entries`
 * with `pluralForm`); Chinese counts with a measure word either way, so it needs none of this.
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
