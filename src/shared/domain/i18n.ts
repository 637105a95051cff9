/** A text the cashier reads, in Traditional Chinese first and English second. */
export interface Bilingual {
  zh: string;
  en: string;
}

export const bilingual = (zh: string, en: string): Bilingual => ({ zh, en });
