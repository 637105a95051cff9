import { useEffect } from 'react';
import { CheckoutScreen } from '../checkout/CheckoutScreen';
import { useCustomerDisplayPublisher } from '../customer/display-publisher';
import { ClosingScreen } from '../closing/ClosingScreen';
import { useLanguage, useText } from '../i18n/language-store';
import { JournalScreen } from '../journal/JournalScreen';
import { ResultScreen } from '../result/ResultScreen';
import { ReturnsScreen } from '../returns/ReturnsScreen';
import { routeScan } from '../scanner/scan-router';
import { useScanner } from '../scanner/use-scanner';
import { SellScreen } from '../sell/SellScreen';
import { FirstRunScreen } from '../settings/FirstRunScreen';
import { ProductsScreen } from '../settings/ProductsScreen';
import { SettingsScreen } from '../settings/SettingsScreen';
import { useSettings } from '../settings/settings-store';
import { LockScreen } from '../shifts/LockScreen';
import { isLocked, useSession } from '../shifts/session-store';
import { ShiftScreen } from '../shifts/ShiftScreen';
import { useActivityReporter } from '../shifts/use-activity';
import { JournalBanner } from '../status/JournalBanner';
import { StatusBar } from '../status/StatusBar';
import { useStatus } from '../status/status-store';
import { HelpDialog } from './HelpDialog';
import { isBusyScreen, useNavigation, type Screen } from './navigation-store';
import { useShortcutListener, useShortcuts } from './shortcuts';

const NAV: { screen: Screen; label: { zh: string; en: string } }[] = [
  { screen: 'sell', label: { zh: '銷售', en: 'Sell' } },
  { screen: 'returns', label: { zh: '退貨', en: 'Returns' } },
  { screen: 'shift', label: { zh: '班別', en: 'Shift' } },
  { screen: 'journal', label: { zh: '日誌', en: 'Journal' } },
  { screen: 'closing', label: { zh: '關帳', en: 'Closing' } },
  { screen: 'settings', label: { zh: '設定', en: 'Settings' } },
];

/** The till shell: header with the screens, the screen in front, the status bar always in view. */
export function App() {
  const t = useText();
  const { language, setLanguage } = useLanguage();
  const { screen, go, helpOpen, setHelp } = useNavigation();
  const sellerName = useSettings((s) => s.view?.settings.sellerName);
  useShortcutListener();
  useScanner(routeScan);
  useShortcuts({ F1: () => setHelp(true) });
  useActivityReporter();
  useCustomerDisplayPublisher();
  const session = useSession((s) => s.session);
  // Main pushes the status when someone signs in or out or the till locks (idle): follow it.
  const statusLocked = useStatus((s) => s.status?.locked);
  const statusCashier = useStatus((s) => s.status?.cashier?.id);
  useEffect(() => {
    void useSession.getState().load();
  }, [statusLocked, statusCashier]);

  useEffect(() => {
    void useSettings
      .getState()
      .load()
      .then((view) => {
        if (!view) return;
        useLanguage.getState().setLanguage(view.settings.language);
        if (!view.settings.firstRunDone) useNavigation.getState().go('first-run');
      });
  }, []);

  const busy = isBusyScreen(screen);
  // The settings (and 商品管理 past their PIN) stay reachable from the sign-in screen: they ask for
  // the supervisor PIN themselves.
  const locked =
    isLocked(session) && screen !== 'settings' && screen !== 'products' && screen !== 'first-run';
  // A locked till answers no reads (main's guard), so the screen behind is not mounted while
  // locked: it loads afresh after the sign-in. The cart, the payment and the result live in
  // their stores and are still there.
  const shown: Screen | null = locked ? null : screen;
  return (
    <>
      <div className="shell" inert={locked}>
        <header className="shell__header">
          <h1>
            {t({ zh: '收銀台', en: 'Till' })}
            {sellerName && <span className="shell__seller">{sellerName}</span>}
          </h1>
          <nav className="shell__nav" aria-label={t({ zh: '畫面', en: 'Screens' })}>
            {NAV.map((item) => (
              <button
                key={item.screen}
                type="button"
                className="nav-button"
                aria-current={screen === item.screen ? 'page' : undefined}
                disabled={busy && screen !== item.screen}
                data-testid={`nav-${item.screen}`}
                onClick={() => go(item.screen)}
              >
                {t(item.label)}
              </button>
            ))}
          </nav>
          <div className="shell__tools">
            <button
              type="button"
              className="nav-button"
              onClick={() => setHelp(true)}
              data-testid="help-button"
            >
              {t({ zh: '說明', en: 'Help' })} <kbd>F1</kbd>
            </button>
            <button
              type="button"
              className="nav-button"
              data-testid="language-toggle"
              onClick={() => setLanguage(language === 'zh-TW' ? 'en' : 'zh-TW')}
            >
              {language === 'zh-TW' ? 'English' : '中文'}
            </button>
          </div>
        </header>
        <JournalBanner />
        <main className="shell__main" data-testid="work-area">
          {shown === 'sell' && <SellScreen />}
          {shown === 'checkout' && <CheckoutScreen />}
          {shown === 'result' && <ResultScreen />}
          {shown === 'returns' && <ReturnsScreen />}
          {shown === 'shift' && <ShiftScreen />}
          {shown === 'journal' && <JournalScreen />}
          {shown === 'closing' && <ClosingScreen />}
          {shown === 'settings' && <SettingsScreen />}
          {shown === 'products' && <ProductsScreen />}
          {shown === 'first-run' && <FirstRunScreen />}
        </main>
        <StatusBar />
        {helpOpen && <HelpDialog onClose={() => setHelp(false)} />}
      </div>
      {locked && <LockScreen />}
    </>
  );
}
