import { StatusBar } from '../status/StatusBar';
import { useLanguage, useText } from '../i18n/language-store';

/** The till shell: header, the work area, and the status bar that is always in view. */
export function App() {
  const t = useText();
  const { language, setLanguage } = useLanguage();
  return (
    <div className="shell">
      <header className="shell__header">
        <h1>{t({ zh: '收銀台', en: 'Till' })}</h1>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setLanguage(language === 'zh-TW' ? 'en' : 'zh-TW')}
        >
          {language === 'zh-TW' ? 'English' : '中文'}
        </button>
      </header>
      <main className="shell__main" data-testid="work-area">
        <p className="placeholder">{t({ zh: '準備就緒，請開始結帳。', en: 'Ready for the next sale.' })}</p>
      </main>
      <StatusBar />
    </div>
  );
}
