import { create } from 'zustand';
import type { Bilingual } from '../../../shared/domain/i18n';

export type Language = 'zh-TW' | 'en';

interface LanguageState {
  language: Language;
  setLanguage(language: Language): void;
}

export const useLanguage = create<LanguageState>((set) => ({
  language: 'zh-TW',
  setLanguage: (language) => set({ language }),
}));

/** Picks the cashier's language from a bilingual text. */
export function useText(): (text: Bilingual) => string {
  const language = useLanguage((state) => state.language);
  return (text) => (language === 'en' ? text.en : text.zh);
}
