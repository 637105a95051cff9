import { useState } from 'react';
import { SettingsPatch } from '../../../shared/ipc/contract/settings';
import type { Bilingual } from '../../../shared/domain';
import { useNavigation } from '../app/navigation-store';
import { TextField } from '../components/Field';
import { KeyButton } from '../components/KeyButton';
import { isPin, PIN_RULE, PinField } from '../components/PinField';
import { Segmented } from '../components/Segmented';
import { useLanguage, useText } from '../i18n/language-store';
import { callTill } from '../ipc/till-client';
import { useCatalog } from '../sell/catalog-store';
import { useSettings } from './settings-store';

/** A shop name and a till id by the contract's rules (main checks the same). */
const isSellerName = (text: string): boolean => SettingsPatch.shape.sellerName.safeParse(text).success;
const isTillId = (text: string): boolean => SettingsPatch.shape.tillId.safeParse(text).success;

/**
 * The first start: language, shop name, till id, a supervisor PIN, and the sample catalog. It
 * always starts in training mode (the built-in service and the virtual printer): production needs
 * the provider's address and keys, entered later under Settings.
 */
export function FirstRunScreen() {
  const t = useText();
  const { language, setLanguage } = useLanguage();
  const view = useSettings((s) => s.view);
  const error = useSettings((s) => s.error);
  const [sellerName, setSellerName] = useState(view?.settings.sellerName ?? '');
  const [tillId, setTillId] = useState(view?.settings.tillId ?? 'T01');
  const [pin, setPin] = useState('');
  const [pinAgain, setPinAgain] = useState('');
  const [sample, setSample] = useState(true);
  // Running without a supervisor PIN is the supervisor's explicit, visible choice, never a default.
  const [noPin, setNoPin] = useState(false);
  const [problem, setProblem] = useState<Bilingual | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setProblem(null);
    if (!isSellerName(sellerName.trim())) {
      return setProblem({
        zh: '請輸入店名（最多 40 字）',
        en: 'Enter the shop name (at most 40 characters)',
      });
    }
    if (!isTillId(tillId)) {
      return setProblem({
        zh: '收銀機代號為 2 到 6 個大寫英文或數字',
        en: 'The till id is 2 to 6 capital letters or digits',
      });
    }
    if (!noPin || pin !== '' || pinAgain !== '') {
      if (pin === '' && pinAgain === '') {
        return setProblem({
          zh: '請設定主管 PIN，或勾選「不使用主管 PIN」',
          en: 'Set a supervisor PIN, or tick "Run without a supervisor PIN"',
        });
      }
      if (!isPin(pin)) return setProblem(PIN_RULE);
      if (pin !== pinAgain) return setProblem({ zh: '兩次輸入的 PIN 不同', en: 'The two PINs differ' });
    }
    setBusy(true);
    const settings = useSettings.getState();
    const withPin = pin !== '';
    if (withPin && !(await settings.setPin(pin))) return setBusy(false);
    if (!withPin && !(await settings.save({ runWithoutPin: true }))) return setBusy(false);
    if (sample) {
      const loaded = await callTill('catalog.loadSample', withPin ? { pin } : {});
      if (!loaded.ok || loaded.value.status !== 'imported') {
        setBusy(false);
        return setProblem({ zh: '範例商品載入失敗', en: 'The sample catalog could not be loaded' });
      }
    }
    const saved = await settings.save({
      mode: 'training',
      sellerName: sellerName.trim(),
      tillId,
      language,
      firstRunDone: true,
    });
    setBusy(false);
    if (!saved) return;
    void useCatalog.getState().loadCategories();
    useNavigation.getState().go('sell');
  };

  return (
    <div className="first-run" data-testid="first-run">
      <section className="panel first-run__panel">
        <h2 className="first-run__title">{t({ zh: '歡迎使用收銀台', en: 'Welcome to the till' })}</h2>
        <p>
          {t({
            zh: '第一次啟動會以「練習模式」開始：發票送到內建的練習服務，列印到虛擬印表機，不會開出真的發票。',
            en: 'The first start is in training mode: invoices go to the built-in training service and print on a virtual printer; no real invoice is issued.',
          })}
        </p>
        <Segmented
          role="group"
          aria-label="語言 Language"
          value={language}
          onChange={setLanguage}
          options={[
            { value: 'zh-TW', label: '中文', testId: 'first-run-zh' },
            { value: 'en', label: 'English', testId: 'first-run-en' },
          ]}
        />
        <div className="form-grid">
          <TextField
            label={t({ zh: '店名（印在證明聯上）', en: 'Shop name (printed on the proof)' })}
            value={sellerName}
            maxLength={40}
            onChange={(e) => setSellerName(e.target.value)}
            data-testid="first-run-seller"
          />
          <TextField
            label={t({ zh: '收銀機代號', en: 'Till id' })}
            value={tillId}
            maxLength={6}
            onChange={(e) => setTillId(e.target.value.toUpperCase())}
            data-testid="first-run-till"
          />
          <PinField
            label={t({ zh: '主管 PIN（4 到 12 位數字）', en: 'Supervisor PIN (4 to 12 digits)' })}
            value={pin}
            onChange={setPin}
            data-testid="first-run-pin"
          />
          <PinField
            label={t({ zh: '再輸入一次 PIN', en: 'The PIN again' })}
            value={pinAgain}
            onChange={setPinAgain}
            data-testid="first-run-pin-again"
          />
        </div>
        <label className="check">
          <input
            type="checkbox"
            checked={noPin}
            onChange={(e) => setNoPin(e.target.checked)}
            data-testid="first-run-no-pin"
          />
          {t({
            zh: '不使用主管 PIN（任何人都能匯入商品、匯出帳務、開錢櫃；狀態列會顯示）',
            en: 'Run without a supervisor PIN (anyone can import, export and open the drawer; the status bar shows it)',
          })}
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={sample}
            onChange={(e) => setSample(e.target.checked)}
            data-testid="first-run-sample"
          />
          {t({
            zh: '載入範例商品（約 60 項便利商店商品）',
            en: 'Load the sample catalog (about 60 convenience-store products)',
          })}
        </label>
        {(problem || error) && (
          <p className="notice notice--error" role="alert" data-testid="first-run-error">
            {t(problem ?? error!.message)}
          </p>
        )}
        <KeyButton
          tone="go"
          size="large"
          onClick={() => void start()}
          disabled={busy}
          data-testid="first-run-start"
        >
          {t({ zh: '以練習模式開始', en: 'Start in training mode' })}
        </KeyButton>
        <p className="hint">
          {t({
            zh: '正式營業前，請主管在「設定」填入發票服務網址、金鑰與統一編號，再切換為正式模式。',
            en: 'Before going live, a supervisor enters the service address, keys and company tax ID under Settings, then switches to production.',
          })}
        </p>
      </section>
    </div>
  );
}
