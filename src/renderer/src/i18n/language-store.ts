import { create } from 'zustand';
import type { Bilingual } from '../../../shared/domain/i18n';

export type Language = 'zh-TW' | 'en';

interface LanguageState {
  language: Language;
  setLanguage(language: Language): void;
}

/** zh-TW first; the header's switch changes it for this session, the settings for every start. */
export const useLanguage = create<LanguageState>((set) => ({
  language: 'zh-TW',
  setLanguage: (language) => {
    document.documentElement.lang = language === 'en' ? 'en' : 'zh-Hant-TW';
    set({ language });
  },
}));

export const pick = (language: Language, text: Bilingual): string => (language === 'en' ? text.en : text.zh);

/** Picks the cashier's language from a bilingual text. */
export function useText(): (text: Bilingual) => string {
  const language = useLanguage((state) => state.language);
  return (text) => pick(language, text);
}

/** For code outside React (stores, event handlers) that must speak the current language. */
export const currentText = (text: Bilingual): string => pick(useLanguage.getState().language, text);
