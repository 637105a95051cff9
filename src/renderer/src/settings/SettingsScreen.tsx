import { useEffect, useState } from 'react';
import {
  CA_CERT_MAX,
  HeadOfficeSecretName,
  StandardSecretName,
  WritableSecretName,
  type SecretsPatch,
  type SettingsPatch,
  type SettingsView,
} from '../../../shared/ipc/contract/settings';
import { useNavigation } from '../app/navigation-store';
import { useShortcuts } from '../app/shortcuts';
import { validateBuyerTaxId } from '../../../shared/domain';
import { BackButton } from '../components/BackButton';
import { Dialog } from '../components/Dialog';
import { syncOutcomeText } from '../head-office/head-office-view';
import { callTill } from '../ipc/till-client';
import { Field, TextField } from '../components/Field';
import { KeyButton } from '../components/KeyButton';
import { PinDialog } from '../components/PinDialog';
import { isPin, PinField } from '../components/PinField';
import { Segmented } from '../components/Segmented';
import { useText } from '../i18n/language-store';
import { CashierSettings } from '../shifts/CashierSettings';
import { CatalogImport } from './CatalogImport';
import { PrinterTest } from './PrinterTest';
import { InvoiceModeSettings } from './InvoiceModeSettings';
import { invoiceModeProblem } from './invoice-mode-settings';
import { ProviderCheck } from './ProviderCheck';
import { printerKey } from './printer-test-store';
import { ScaleBarcodeSettings } from './ScaleBarcodeSettings';
import { TrainingDrills } from './TrainingDrills';
import { useSettings } from './settings-store';

type Settings = SettingsView['settings'];
/** The POS keys and QR key, the standard API's key pair (returns), head office's password: write-only. */
type SecretName = WritableSecretName | StandardSecretName | HeadOfficeSecretName;
const SECRET_NAMES: readonly SecretName[] = [
  ...WritableSecretName.options,
  ...StandardSecretName.options,
  ...HeadOfficeSecretName.options,
];

/** The secret fields as they start and as a save leaves them: empty (a stored value is never shown). */
const NO_SECRETS_TYPED = Object.fromEntries(SECRET_NAMES.map((name) => [name, ''])) as Record<
  SecretName,
  string
>;
const NONE_CLEARED = Object.fromEntries(SECRET_NAMES.map((name) => [name, false])) as Record<
  SecretName,
  boolean
>;

/** The settings the form saves with its 儲存 (the scale labels and the cashiers save on their own). */
const FORM_KEYS = [
  'mode',
  'tillId',
  'language',
  'companyId',
  'sellerName',
  'serviceUrl',
  'standardServiceUrl',
  'providerVariant',
  'timeoutMs',
  'reconcileIntervalMinutes',
  'offlineAfterFailures',
  'offlineLowNumbers',
  'invoiceModeSegmentSize',
  'invoiceModeGroup',
  'idleLockMinutes',
  'kiosk',
  'acceptInsecureSecretStorage',
  'headOfficeUrl',
  'headOfficeStoreId',
  'headOfficeTls',
  'headOfficeCaCert',
  'cloudPrinter',
  'cloudSalesId',
] as const;

/** Head office's settings: a change to one is tried at once on save. */
const HEAD_OFFICE_KEYS = ['headOfficeUrl', 'headOfficeStoreId', 'headOfficeTls', 'headOfficeCaCert'] as const;

/** What the form changed against the saved settings (empty: nothing to save). */
function formPatch(form: Settings, saved: Settings): SettingsPatch {
  const patch: SettingsPatch = {};
  for (const key of FORM_KEYS) {
    if (form[key] !== saved[key]) Object.assign(patch, { [key]: form[key] });
  }
  const printer = Object.fromEntries(
    Object.entries(form.printer).filter(
      ([key, value]) => saved.printer[key as keyof Settings['printer']] !== value,
    ),
  );
  if (Object.keys(printer).length > 0) patch.printer = printer;
  return patch;
}

/** The secrets typed (to store) or marked to clear. */
function secretsPatchOf(
  secrets: Record<SecretName, string>,
  cleared: Record<SecretName, boolean>,
): SecretsPatch {
  const patch: SecretsPatch = {};
  for (const name of SECRET_NAMES) {
    if (secrets[name] !== '') patch[name] = secrets[name];
    else if (cleared[name]) patch[name] = null;
  }
  return patch;
}

/** The supervisor's screen. Opening it asks for the PIN once one is set. */
export function SettingsScreen() {
  const t = useText();
  const go = useNavigation((s) => s.go);
  const { view, unlocked } = useSettings();
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    void useSettings
      .getState()
      .load()
      .then((loaded) => {
        if (!loaded) return;
        if (loaded.pinRequired) setAsking(true);
        else useSettings.getState().unlock(null);
      });
    return () => useSettings.getState().lock();
  }, []);

  if (asking && !unlocked) {
    return (
      <PinDialog
        title={t({ zh: '設定需要主管 PIN', en: 'Settings need the supervisor PIN' })}
        onClose={() => go('sell')}
        onSubmit={async (pin) => {
          const answer = await useSettings.getState().verifyPin(pin);
          if (answer?.valid) {
            useSettings.getState().unlock(pin);
            setAsking(false);
            return null;
          }
          return { zh: 'PIN 不正確', en: 'Wrong PIN' };
        }}
      />
    );
  }
  if (!view || !unlocked) return <p className="placeholder">{t({ zh: '載入中…', en: 'Loading…' })}</p>;
  return <SettingsForm view={view} />;
}

function SettingsForm({ view }: { view: SettingsView }) {
  const t = useText();
  const go = useNavigation((s) => s.go);
  const { save, setPin, saving, error } = useSettings();
  const [form, setForm] = useState<Settings>(view.settings);
  const [secrets, setSecrets] = useState(NO_SECRETS_TYPED);
  const [cleared, setCleared] = useState(NONE_CLEARED);
  const [newPin, setNewPin] = useState('');
  const [newPinAgain, setNewPinAgain] = useState('');
  const [saved, setSaved] = useState<{ zh: string; en: string } | null>(null);
  const [problem, setProblem] = useState<{ zh: string; en: string } | null>(null);
  /** What head office answered when its settings were saved (null: not tried; ok null: trying). */
  const [headOfficeAnswer, setHeadOfficeAnswer] = useState<{
    text: { zh: string; en: string };
    ok: boolean | null;
  } | null>(null);

  const set = <K extends keyof Settings>(key: K, value: Settings[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setPrinter = <K extends keyof Settings['printer']>(key: K, value: Settings['printer'][K]) =>
    setForm((f) => ({ ...f, printer: { ...f.printer, [key]: value } }));

  const submit = async () => {
    setSaved(null);
    setProblem(null);
    // The red message of a save before goes too: the value may have been put back as it was saved.
    useSettings.setState({ error: null });
    const patch = formPatch(form, view.settings);
    if (patch.companyId !== undefined) {
      // Said by the field's name and in words (issue 24: it was 「資料格式不正確，未執行
      // 「settings.update」：patch.companyId：the tax ID check digit is wrong」).
      const checked = validateBuyerTaxId(patch.companyId);
      if (!checked.ok)
        return setProblem({
          zh: `賣方統一編號「${patch.companyId}」：${checked.reason.zh}`,
          en: `Company tax ID "${patch.companyId}": ${checked.reason.en}`,
        });
    }
    // Invoice mode's settings said by the field's name, before anything is sent.
    const offlineProblem = invoiceModeProblem(form);
    if (offlineProblem) return setProblem(offlineProblem);
    const secretsPatch = secretsPatchOf(secrets, cleared);
    if (newPin !== '' || newPinAgain !== '') {
      if (!isPin(newPin))
        return setProblem({ zh: '新 PIN 為 4 到 12 位數字', en: 'The new PIN is 4 to 12 digits' });
      if (newPin !== newPinAgain)
        return setProblem({ zh: '兩次輸入的新 PIN 不同', en: 'The two new PINs differ' });
    }
    const changesSettings = Object.keys(patch).length > 0 || Object.keys(secretsPatch).length > 0;
    if (changesSettings && !(await save(patch, secretsPatch))) return;
    // Head office's address or password changed: try it now and say what head office answered
    // (issue 24: a wrong password saved without a word, to fail unseen in the background).
    const headOfficeChanged =
      HEAD_OFFICE_KEYS.some((key) => key in patch) || secretsPatch.headOfficePassword !== undefined;
    setHeadOfficeAnswer(null);
    if (headOfficeChanged && form.headOfficeUrl !== '') {
      setHeadOfficeAnswer({ text: { zh: '正在測試總部連線…', en: 'Trying head office…' }, ok: null });
      const answer = await callTill('headOffice.sync', {});
      setHeadOfficeAnswer(
        answer.ok
          ? {
              text: {
                zh: `總部連線測試：${syncOutcomeText(answer.value).zh}`,
                en: `Head office test: ${syncOutcomeText(answer.value).en}`,
              },
              ok: answer.value.state === 'synced' || answer.value.state === 'behind',
            }
          : {
              text: {
                zh: `總部連線測試未完成：${answer.error.message.zh}`,
                en: `Head office test not done: ${answer.error.message.en}`,
              },
              ok: false,
            },
      );
    }
    if (newPin !== '' && !(await setPin(newPin, useSettings.getState().unlockedWith ?? undefined))) return;
    // Saved secrets are never shown again: the fields empty, the tags say "set".
    setSecrets(NO_SECRETS_TYPED);
    setCleared(NONE_CLEARED);
    setNewPin('');
    setNewPinAgain('');
    setSaved(
      changesSettings || newPin !== ''
        ? { zh: '已儲存', en: 'Saved' }
        : { zh: '沒有變更', en: 'Nothing changed' },
    );
  };

  // Esc (or 返回) with edits not saved asks first: a stray Esc used to throw them away.
  const dirty =
    Object.keys(formPatch(form, view.settings)).length > 0 ||
    Object.keys(secretsPatchOf(secrets, cleared)).length > 0 ||
    newPin !== '' ||
    newPinAgain !== '';
  const [leaving, setLeaving] = useState(false);
  const leave = () => (dirty ? setLeaving(true) : go('sell'));
  useShortcuts({ F12: () => void submit(), Escape: leave });

  /** Whether a secret is stored (the view says only that, never the value). */
  const isSet = (name: SecretName): boolean =>
    name === 'headOfficePassword'
      ? (view.headOfficeSecrets?.[name].set ?? false)
      : name === 'standardApiKey' || name === 'standardSigningSecret'
        ? (view.standardSecrets?.[name].set ?? false)
        : view.secrets[name].set;

  const secretField = (name: SecretName, label: string, placeholder: string) => (
    <Field
      label={
        <>
          {label}{' '}
          <span
            className={isSet(name) && !cleared[name] ? 'tag tag--ok' : 'tag'}
            data-testid={`secret-${name}-state`}
          >
            {isSet(name) && !cleared[name]
              ? t({ zh: '已設定', en: 'Set' })
              : t({ zh: '未設定', en: 'Not set' })}
          </span>
        </>
      }
    >
      <span className="field__row">
        <input
          className="field__input"
          type="password"
          autoComplete="new-password"
          value={secrets[name]}
          placeholder={
            isSet(name)
              ? t({
                  zh: '輸入新值以取代（不會顯示舊值）',
                  en: 'Type a new value to replace it (never shown)',
                })
              : placeholder
          }
          data-testid={`secret-${name}`}
          onChange={(e) => setSecrets((s) => ({ ...s, [name]: e.target.value.trim() }))}
        />
        {isSet(name) && (
          <button
            type="button"
            className="small-button"
            onClick={() => setCleared((c) => ({ ...c, [name]: !c[name] }))}
          >
            {cleared[name] ? t({ zh: '保留', en: 'Keep' }) : t({ zh: '清除', en: 'Clear' })}
          </button>
        )}
      </span>
    </Field>
  );

  return (
    <div className="settings" data-testid="settings-screen">
      <div className="settings__columns">
        <section className="panel">
          <h2 className="panel__title">{t({ zh: '商店與收銀機', en: 'Shop and till' })}</h2>
          <TextField
            label={t({ zh: '賣方名稱', en: 'Seller name' })}
            value={form.sellerName}
            maxLength={40}
            onChange={(e) => set('sellerName', e.target.value)}
            data-testid="set-seller"
          />
          <TextField
            label={t({ zh: '賣方統一編號', en: 'Company tax ID' })}
            value={form.companyId}
            maxLength={8}
            inputMode="numeric"
            onChange={(e) => set('companyId', e.target.value)}
            data-testid="set-company"
          />
          <TextField
            label={t({ zh: '收銀機代號', en: 'Till id' })}
            value={form.tillId}
            maxLength={6}
            onChange={(e) => set('tillId', e.target.value.toUpperCase())}
            data-testid="set-till"
          />
          <fieldset className="field">
            <legend className="field__label">{t({ zh: '模式', en: 'Mode' })}</legend>
            <Segmented
              value={form.mode}
              onChange={(mode) => set('mode', mode)}
              options={[
                { value: 'training', label: t({ zh: '練習', en: 'Training' }), testId: 'set-mode-training' },
                {
                  value: 'production',
                  label: t({ zh: '正式營業', en: 'Production' }),
                  testId: 'set-mode-production',
                },
              ]}
            />
          </fieldset>
          <fieldset className="field">
            <legend className="field__label">{t({ zh: '預設語言', en: 'Default language' })}</legend>
            <Segmented
              value={form.language}
              onChange={(language) => set('language', language)}
              options={[
                { value: 'zh-TW', label: '中文', testId: 'set-lang-zh' },
                { value: 'en', label: 'English', testId: 'set-lang-en' },
              ]}
            />
          </fieldset>
          <label className="check">
            <input type="checkbox" checked={form.kiosk} onChange={(e) => set('kiosk', e.target.checked)} />
            {t({ zh: '全螢幕（收銀專用電腦）', en: 'Full screen (dedicated counter PC)' })}
          </label>
        </section>

        <section className="panel">
          <h2 className="panel__title">{t({ zh: '發票服務', en: 'E-invoice service' })}</h2>
          <TextField
            label={t({ zh: '服務網址（練習模式留空）', en: 'Service address (empty in training)' })}
            value={form.serviceUrl}
            spellCheck={false}
            placeholder="https://pos.example.com.tw"
            onChange={(e) => set('serviceUrl', e.target.value.trim())}
            data-testid="set-service-url"
          />
          {/* Training follows it too: the built-in service speaks the chosen provider's dialect. */}
          <Field
            label={t({
              zh: '發票服務規格（正式與練習模式）',
              en: 'E-invoice service variant (production and training)',
            })}
          >
            <select
              className="field__input"
              value={form.providerVariant}
              onChange={(e) => set('providerVariant', e.target.value as Settings['providerVariant'])}
              data-testid="set-provider-variant"
            >
              <option value="profile">
                {t({ zh: '服務規格（預設）', en: 'Service profile (default)' })}
              </option>
              <option value="systemlead">SystemLead (ERP API)</option>
            </select>
          </Field>
          {form.providerVariant === 'systemlead' && (
            // Profile §5's per-till key pairs do not apply there (ApiHeader.md, Signature.md).
            <p className="hint" data-testid="set-systemlead-keys">
              {t({
                zh: 'SystemLead：沒有 API 金鑰（不送 apiKey 標頭，此欄可留空）；簽章密鑰是公司的專屬加密 Salt，同公司每台收銀機都填同一組（POS 與標準 API 相同）。每台收銀機的 Timestamp 仍各自不重複使用。',
                en: "SystemLead: no API key (no apiKey header is sent; leave it empty); the signing secret is the company's Salt, the same on every till of the company (for the POS and the standard API). Each till still never reuses a Timestamp.",
              })}
            </p>
          )}
          <TextField
            label={t({ zh: '逾時（毫秒）', en: 'Timeout (ms)' })}
            inputMode="numeric"
            value={String(form.timeoutMs)}
            onChange={(e) => /^\d{0,5}$/.test(e.target.value) && set('timeoutMs', Number(e.target.value))}
          />
          {secretField(
            'apiKey',
            t({ zh: 'API 金鑰', en: 'API key' }),
            t({ zh: '發票服務提供的 API 金鑰', en: "The e-invoice service's API key" }),
          )}
          {secretField(
            'signingSecret',
            t({ zh: '簽章密鑰', en: 'Signing secret' }),
            t({ zh: '發票服務提供的密鑰', en: "The e-invoice service's secret" }),
          )}
          {secretField(
            'qrAesKey',
            t({ zh: 'QR Code 加密金鑰（32 位十六進位）', en: 'QR code key (32 hex digits)' }),
            '0123456789ABCDEF…',
          )}
          <h3 className="panel__subtitle">
            {t({ zh: '標準 API（退貨、作廢、折讓）', en: 'Standard API (returns, voids, allowances)' })}
          </h3>
          <TextField
            label={t({ zh: '標準 API 網址（練習模式留空）', en: 'Standard API address (empty in training)' })}
            value={form.standardServiceUrl}
            spellCheck={false}
            placeholder="https://api.example.com.tw"
            onChange={(e) => set('standardServiceUrl', e.target.value.trim())}
            data-testid="set-standard-url"
          />
          {secretField(
            'standardApiKey',
            t({ zh: '標準 API 金鑰', en: 'Standard API key' }),
            t({ zh: '賣方的標準 API 金鑰', en: "The seller's standard API key" }),
          )}
          {secretField(
            'standardSigningSecret',
            t({ zh: '標準 API 簽章密鑰', en: 'Standard API signing secret' }),
            t({ zh: '賣方的標準 API 密鑰', en: "The seller's standard API secret" }),
          )}
          <TextField
            label={t({
              zh: '背景對帳間隔（分鐘，1–120）',
              en: 'Background reconciliation every (minutes, 1–120)',
            })}
            inputMode="numeric"
            value={String(form.reconcileIntervalMinutes)}
            onChange={(e) =>
              /^\d{0,3}$/.test(e.target.value) && set('reconcileIntervalMinutes', Number(e.target.value))
            }
            data-testid="set-reconcile-interval"
          />
          <ProviderCheck />
          {view.secureStorageNotice && <p className="hint">{t(view.secureStorageNotice)}</p>}
          {(view.secureStorage === 'weak' || form.acceptInsecureSecretStorage) && (
            // Production keys beside the key that encrypts them: only by the supervisor's knowing
            // choice (main refuses them otherwise, and records the choice in the journal).
            <label className="check">
              <input
                type="checkbox"
                checked={form.acceptInsecureSecretStorage}
                onChange={(e) => set('acceptInsecureSecretStorage', e.target.checked)}
                data-testid="set-accept-insecure-storage"
              />
              {t({
                zh: '接受不安全的金鑰儲存：我了解此電腦沒有安全金鑰庫，正式營業金鑰只以本機上的金鑰加密',
                en: 'Accept insecure key storage: I understand this computer has no key store and production keys are encrypted only with a key on this disk',
              })}
            </label>
          )}
          {view.settings.acceptInsecureSecretStorage && view.secureStorage !== 'os' && (
            <p className="notice notice--warning" data-testid="insecure-storage-accepted">
              {t({
                zh: '主管已接受在沒有安全金鑰庫的情況下儲存金鑰（已記入日誌）。',
                en: 'A supervisor accepted storing keys without a key store (recorded in the journal).',
              })}
            </p>
          )}
        </section>

        <section className="panel">
          <h2 className="panel__title">{t({ zh: '印表機', en: 'Printer' })}</h2>
          <TextField
            label={t({ zh: '位置（virtual 為練習用虛擬印表機）', en: 'Where (virtual = training preview)' })}
            value={form.printer.uri}
            spellCheck={false}
            placeholder="tcp://192.168.1.50:9100"
            onChange={(e) => setPrinter('uri', e.target.value.trim())}
            data-testid="set-printer-uri"
          />
          <div className="form-row">
            <Field label={t({ zh: '機型', en: 'Model' })}>
              <select
                className="field__input"
                value={form.printer.model}
                onChange={(e) => setPrinter('model', e.target.value as 'epson' | 'star')}
              >
                <option value="epson">Epson (ESC/POS)</option>
                <option value="star">Star</option>
              </select>
            </Field>
            <Field label={t({ zh: '紙寬', en: 'Paper' })}>
              <select
                className="field__input"
                value={form.printer.paperWidth}
                onChange={(e) => setPrinter('paperWidth', Number(e.target.value) as 58 | 80)}
              >
                <option value={58}>58 mm</option>
                <option value={80}>80 mm</option>
              </select>
            </Field>
            <Field label={t({ zh: '中文', en: 'Chinese' })}>
              <select
                className="field__input"
                value={form.printer.chinese}
                onChange={(e) => setPrinter('chinese', e.target.value as 'big5' | 'raster')}
              >
                <option value="big5">Big5</option>
                <option value="raster">{t({ zh: '點陣圖', en: 'Raster' })}</option>
              </select>
            </Field>
          </div>
          <TextField
            label={t({
              zh: '紙本證明聯印表機（留空：本機印表機；cloud:編號：發票服務的雲端印表機）',
              en: "Paper proof printer (empty: this till's printer; cloud:NUMBER: the e-invoice service's cloud printer)",
            })}
            value={form.cloudPrinter}
            spellCheck={false}
            placeholder="cloud:01"
            onChange={(e) => setForm((f) => ({ ...f, cloudPrinter: e.target.value.trim() }))}
            data-testid="set-cloud-printer"
          />
          {form.cloudPrinter !== '' && (
            <TextField
              label={t({ zh: '銷售人員代碼 SalesID（可留空）', en: 'Sales id, SalesID (optional)' })}
              value={form.cloudSalesId}
              spellCheck={false}
              onChange={(e) => setForm((f) => ({ ...f, cloudSalesId: e.target.value.trim() }))}
              data-testid="set-cloud-sales-id"
            />
          )}
          {form.cloudPrinter !== '' && (
            <p className="hint" data-testid="cloud-printer-note">
              {t({
                zh: '紙本證明聯由發票服務的雲端印表機列印；上方的本機印表機仍列印非發票的單據（日結、退貨、測試頁）。',
                en: "The paper proof is printed by the e-invoice service's cloud printer; the printer above still prints the slips that are no invoice (summaries, returns, test pages).",
              })}
            </p>
          )}
          <PrinterTest printer={printerKey(view.settings.printer, form.printer)} />
          <h2 className="panel__title">{t({ zh: '主管 PIN', en: 'Supervisor PIN' })}</h2>
          {view.supervisorPin !== 'set' && (
            <p className="notice notice--warning" data-testid="settings-no-pin">
              {view.supervisorPin === 'waived'
                ? t({
                    zh: '主管選擇不使用 PIN：匯入、匯出、開錢櫃等操作不需 PIN（仍記入日誌）。設定 PIN 即可恢復保護。',
                    en: 'The supervisor chose to run without a PIN: imports, exports, the drawer and the like need none (still recorded). Set a PIN to protect them again.',
                  })
                : t({
                    zh: '尚未設定主管 PIN：請設定，否則匯入、匯出、開錢櫃等操作都會被拒絕。',
                    en: 'No supervisor PIN is set: set one, or imports, exports, the drawer and the like are refused.',
                  })}
            </p>
          )}
          <div className="form-row">
            <PinField
              label={t({ zh: '新 PIN', en: 'New PIN' })}
              value={newPin}
              onChange={setNewPin}
              data-testid="set-new-pin"
            />
            <PinField
              label={t({ zh: '再輸入一次', en: 'Again' })}
              value={newPinAgain}
              onChange={setNewPinAgain}
              data-testid="set-new-pin-again"
            />
          </div>
        </section>
      </div>
      <section className="panel" data-testid="settings-head-office">
        <h2 className="panel__title">{t({ zh: '總部', en: 'Head office' })}</h2>
        {headOfficeAnswer && (
          <p
            className={`notice ${headOfficeAnswer.ok === null ? 'notice--info' : headOfficeAnswer.ok ? 'notice--ok' : 'notice--error'}`}
            role={headOfficeAnswer.ok === false ? 'alert' : 'status'}
            data-testid="settings-hq-answer"
            data-state={headOfficeAnswer.ok === null ? 'busy' : headOfficeAnswer.ok ? 'ok' : 'failed'}
          >
            {t(headOfficeAnswer.text)}
          </p>
        )}
        <p className="hint">
          {t({
            zh: '填入總部 PostgreSQL 位址後，收銀機會把日誌傳到總部（離線時照常營業，連上後補傳）。留空則不傳送。',
            en: "With head office's PostgreSQL address, the till sends its journal there (it sells on offline and catches up later). Empty: nothing is sent.",
          })}
        </p>
        <div className="settings__columns">
          <div>
            <TextField
              label={t({ zh: '位址（不含密碼）', en: 'Address (no password)' })}
              value={form.headOfficeUrl}
              spellCheck={false}
              maxLength={500}
              placeholder="postgres://till_t01@hq.example.com:5432/headoffice"
              onChange={(e) => set('headOfficeUrl', e.target.value.trim())}
              data-testid="set-hq-url"
            />
            <TextField
              label={t({ zh: '門市代號', en: 'Store id' })}
              value={form.headOfficeStoreId}
              spellCheck={false}
              maxLength={32}
              placeholder="S1"
              onChange={(e) => set('headOfficeStoreId', e.target.value.trim())}
              data-testid="set-hq-store"
            />
            {secretField(
              'headOfficePassword',
              t({ zh: '總部密碼', en: 'Head-office password' }),
              t({ zh: '此收銀機的資料庫帳號密碼', en: "This till's database password" }),
            )}
          </div>
          <div>
            <fieldset className="field">
              <legend className="field__label">{t({ zh: '加密連線（TLS）', en: 'Encryption (TLS)' })}</legend>
              <Segmented
                value={form.headOfficeTls}
                onChange={(tls) => set('headOfficeTls', tls)}
                options={[
                  { value: 'off', label: t({ zh: '不加密', en: 'Off' }), testId: 'set-hq-tls-off' },
                  {
                    value: 'require',
                    label: t({ zh: '加密', en: 'Encrypted' }),
                    testId: 'set-hq-tls-require',
                  },
                  {
                    value: 'verify',
                    label: t({ zh: '加密並驗證', en: 'Encrypted, verified' }),
                    testId: 'set-hq-tls-verify',
                  },
                ]}
              />
            </fieldset>
            <Field
              label={t({
                zh: 'CA 憑證（PEM，選填；留空用系統憑證）',
                en: "CA certificate (PEM, optional; empty: the system's)",
              })}
            >
              <textarea
                className="field__input field__textarea"
                rows={4}
                spellCheck={false}
                maxLength={CA_CERT_MAX}
                value={form.headOfficeCaCert}
                placeholder="-----BEGIN CERTIFICATE-----"
                onChange={(e) => set('headOfficeCaCert', e.target.value.trim())}
                data-testid="set-hq-ca"
              />
            </Field>
          </div>
        </div>
      </section>
      <InvoiceModeSettings form={form} set={(key, value) => set(key, value as Settings[typeof key])} />
      <CashierSettings
        idleLockMinutes={form.idleLockMinutes}
        onIdleLockMinutes={(minutes) => set('idleLockMinutes', minutes)}
      />
      <CatalogImport />
      <ScaleBarcodeSettings />
      {view.settings.mode === 'training' && <TrainingDrills />}
      {leaving && (
        <Dialog
          title={t({ zh: '放棄未儲存的變更？', en: 'Discard the changes not saved?' })}
          onClose={() => setLeaving(false)}
          testId="settings-leave"
          footer={
            <>
              <KeyButton tone="danger" onClick={() => go('sell')} data-testid="settings-leave-discard">
                {t({ zh: '放棄變更', en: 'Discard' })}
              </KeyButton>
              <KeyButton
                tone="primary"
                onClick={() => setLeaving(false)}
                data-autofocus
                data-testid="settings-leave-stay"
              >
                {t({ zh: '繼續編輯', en: 'Keep editing' })}
              </KeyButton>
            </>
          }
        >
          <p>
            {t({
              zh: '設定有尚未儲存的變更。按「繼續編輯」後可用「儲存」（F12）保留；「放棄變更」則回到銷售畫面，變更不會保留。',
              en: 'Settings have changes not saved yet. Keep editing, then Save (F12) to keep them; Discard goes back to selling without them.',
            })}
          </p>
        </Dialog>
      )}
      <footer className="action-bar">
        <BackButton onBack={leave} />
        {/* Beside the button that was pressed: the sticky bar stays in view however far the
            cashier scrolled, where a message at the foot of the form would not. */}
        {(problem || error) && (
          <p className="notice notice--error action-bar__message" role="alert" data-testid="settings-error">
            {t(problem ?? error!.message)}
          </p>
        )}
        {saved && !(problem || error) && (
          <p className="notice notice--ok action-bar__message" role="status" data-testid="settings-saved">
            {t(saved)}
          </p>
        )}
        <KeyButton
          shortcut="F12"
          tone="go"
          size="large"
          onClick={() => void submit()}
          disabled={saving}
          data-testid="settings-save"
        >
          {t({ zh: '儲存', en: 'Save' })}
        </KeyButton>
      </footer>
    </div>
  );
}
