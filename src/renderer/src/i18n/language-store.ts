import { create } from 'zustand';
import type { Bilingual } from '../../../shared/domain/i18n';
import type { TillSettings } from '../../../shared/ipc/contract/settings';

/** The languages the settings offer. */
export type Language = TillSettings['language'];

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

/** Picks the cashier's language from a bilingual text. */
export function useText(): (text: Bilingual) => string {
  const language = useLanguage((state) => state.language);
  return (text) => (language === 'en' ? text.en : text.zh);
}
