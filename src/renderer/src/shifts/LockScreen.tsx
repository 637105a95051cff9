import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { plural, type Bilingual } from '../../../shared/domain';
import { CashierPin, type Cashier } from '../../../shared/ipc/contract/shifts';
import { useNavigation } from '../app/navigation-store';
import { useShortcuts } from '../app/shortcuts';
import { TextField } from '../components/Field';
import { KeyButton } from '../components/KeyButton';
import { Keypad } from '../components/Keypad';
import { PinField } from '../components/PinField';
import { useLanguage, useText } from '../i18n/language-store';
import { useScanTarget } from '../scanner/scan-router';
import { useSession } from './session-store';
import './shifts.css';

const DIGITS = ['7', '8', '9', '4', '5', '6', '1', '2', '3', '0'];
const CASHIER_PIN_RULE: Bilingual = {
  zh: '收銀員 PIN 為 4 到 6 位數字',
  en: 'A cashier PIN is 4 to 6 digits',
};

/** The cashier an id typed so far points at: the exact id, else the first whose id starts with it. */
function matchCashier(cashiers: readonly Cashier[], typed: string): Cashier | null {
  const text = typed.trim().toLowerCase();
  if (text === '') return null;
  return (
    cashiers.find((c) => c.id.toLowerCase() === text) ??
    cashiers.find((c) => c.id.toLowerCase().startsWith(text)) ??
    null
  );
}

/**
 * The whole window while the till is locked: pick a cashier (a big button, the id typed, or the
 * arrow keys) and type the PIN. Main checks the PIN and counts wrong ones; this only asks. The
 * screens behind wait unmounted (a cart half rung up is still there after signing back in: its store).
 */
export function LockScreen() {
  const t = useText();
  const { language, setLanguage } = useLanguage();
  const session = useSession((s) => s.session);
  const all = useSession((s) => s.cashiers);
  const cashiers = all.filter((c) => c.active);
  // The cashier who was signed in when the till went idle is most likely the one coming back.
  const [selected, setSelected] = useState<string | null>(session?.cashier?.id ?? null);
  const [typed, setTyped] = useState(session?.cashier?.id ?? '');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<Bilingual | null>(null);
  const [busy, setBusy] = useState(false);
  // The fields' wrappers: the shared field components take no ref, the input inside takes focus.
  const idField = useRef<HTMLDivElement>(null);
  const pinField = useRef<HTMLDivElement>(null);
  const focus = (box: { current: HTMLDivElement | null }) => box.current?.querySelector('input')?.focus();
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  useEffect(() => {
    void useSession.getState().loadCashiers();
    focus(session?.cashier ? pinField : idField);
    // Focus once, when the lock comes up; later focus follows the cashier's own moves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A modal layer: the function keys of the screen behind do nothing while locked.
  useShortcuts(
    {
      Escape: () => {
        setPin('');
        setError(null);
        focus(idField);
      },
    },
    { modal: true },
  );
  // A scan while locked (the focus outside the fields) sells nothing.
  useScanTarget(() => undefined);

  const chosen = cashiers.find((c) => c.id === selected) ?? null;

  const choose = (cashier: Cashier, focusPin: boolean) => {
    setSelected(cashier.id);
    setTyped(cashier.id);
    setError(null);
    if (focusPin) focus(pinField);
  };

  /** Arrow keys walk the cashiers in the grid's order (both ways wrap around). */
  const step = (by: number) => {
    if (cashiers.length === 0) return;
    const index = chosen ? cashiers.indexOf(chosen) : -1;
    const next = cashiers[(index + by + cashiers.length) % cashiers.length]!;
    choose(next, false);
    return next;
  };

  const onArrows = (event: KeyboardEvent<HTMLElement>, fromButton: boolean) => {
    const by = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
    if (by === undefined) return;
    event.preventDefault();
    const next = step(by);
    if (next && fromButton) buttons.current.get(next.id)?.focus();
  };

  const submit = async () => {
    if (!chosen) {
      setError({ zh: '請先選擇收銀員', en: 'Pick a cashier first' });
      focus(idField);
      return;
    }
    if (!CashierPin.safeParse(pin).success) {
      setError(CASHIER_PIN_RULE);
      focus(pinField);
      return;
    }
    setBusy(true);
    const reason = await useSession.getState().signIn(chosen.id, pin);
    setBusy(false);
    if (reason) {
      setError(reason);
      setPin('');
      focus(pinField);
      return;
    }
    // Signed in without an open shift: the shift screen, where the float is counted first.
    const signedIn = useSession.getState().session;
    const navigation = useNavigation.getState();
    if (signedIn && !signedIn.shift && navigation.screen === 'sell') navigation.go('shift');
  };

  const reason = lockReasonText(session);
  return (
    <div
      className="lock"
      role="dialog"
      aria-modal="true"
      aria-labelledby="lock-title"
      data-testid="lock-screen"
      // Whatever is typed here is an id or a PIN, never a product scan (however fast the fingers).
      data-scanner="input"
      // The arrows are this screen's: the sell screen behind moves its cart selection with them.
      onKeyDown={(e) => e.key.startsWith('Arrow') && e.stopPropagation()}
    >
      <header className="lock__head">
        <h1 id="lock-title" className="lock__title">
          {t({ zh: '請登入', en: 'Sign in' })}
        </h1>
        {reason && (
          <p className="lock__reason" data-testid="lock-reason" data-reason={session?.lockReason}>
            {t(reason)}
          </p>
        )}
        <div className="lock__tools">
          <button
            type="button"
            className="nav-button"
            data-testid="lock-settings"
            onClick={() => useNavigation.getState().go('settings')}
          >
            {t({ zh: '主管設定', en: 'Supervisor settings' })}
          </button>
          <button
            type="button"
            className="nav-button"
            data-testid="lock-language"
            onClick={() => setLanguage(language === 'zh-TW' ? 'en' : 'zh-TW')}
          >
            {language === 'zh-TW' ? 'English' : '中文'}
          </button>
        </div>
      </header>
      <div className="lock__body">
        <section className="panel lock__cashiers" aria-labelledby="lock-cashiers-title">
          <h2 id="lock-cashiers-title" className="panel__title">
            {t({ zh: '收銀員', en: 'Cashier' })}
          </h2>
          <div ref={idField}>
            <TextField
              label={t({ zh: '代號（輸入或用方向鍵選擇）', en: 'ID (type it, or use the arrow keys)' })}
              value={typed}
              autoComplete="off"
              spellCheck={false}
              maxLength={12}
              data-testid="lock-cashier-id"
              onChange={(e) => {
                const text = e.target.value;
                if (!/^[A-Za-z0-9]{0,12}$/.test(text)) return;
                setTyped(text);
                setError(null);
                setSelected(matchCashier(cashiers, text)?.id ?? null);
              }}
              onKeyDown={(e) => {
                onArrows(e, false);
                if (e.key === 'Enter') {
                  e.preventDefault();
                  if (chosen) focus(pinField);
                  else setError({ zh: '沒有這個收銀員代號', en: 'No cashier has this ID' });
                }
              }}
            />
          </div>
          {cashiers.length === 0 ? (
            <p className="empty" data-testid="lock-no-cashiers">
              {t({
                zh: '沒有啟用中的收銀員：請主管在設定中新增。',
                en: 'No active cashiers: a supervisor adds them in Settings.',
              })}
            </p>
          ) : (
            <div className="lock__grid" role="group" aria-label={t({ zh: '收銀員', en: 'Cashiers' })}>
              {cashiers.map((cashier) => (
                <button
                  key={cashier.id}
                  ref={(el) => {
                    if (el) buttons.current.set(cashier.id, el);
                    else buttons.current.delete(cashier.id);
                  }}
                  type="button"
                  className="lock__cashier"
                  aria-pressed={cashier.id === selected}
                  data-testid="lock-cashier"
                  data-cashier={cashier.id}
                  onClick={() => choose(cashier, true)}
                  onKeyDown={(e) => onArrows(e, true)}
                >
                  <span className="lock__cashier-name">{cashier.name}</span>
                  <span className="lock__cashier-id">{cashier.id}</span>
                </button>
              ))}
            </div>
          )}
        </section>
        <section className="panel lock__pin" aria-labelledby="lock-pin-title">
          <h2 id="lock-pin-title" className="panel__title" data-testid="lock-chosen">
            {chosen
              ? t({ zh: `${chosen.name}，請輸入 PIN`, en: `${chosen.name}, type your PIN` })
              : t({ zh: '先選擇收銀員', en: 'Pick a cashier first' })}
          </h2>
          <div ref={pinField}>
            <PinField
              label={t({ zh: '個人 PIN', en: 'Personal PIN' })}
              variant="big"
              autoComplete="off"
              value={pin}
              data-testid="lock-pin"
              onChange={(value) => {
                setPin(value);
                setError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void submit();
                }
              }}
            />
          </div>
          {error && (
            <p className="field__error" role="alert" data-testid="lock-error">
              {t(error)}
            </p>
          )}
          {/* Keys keep the focus in the PIN field: the keyboard goes on where the finger left off. */}
          <div onMouseDown={(e) => e.preventDefault()}>
            <Keypad
              keys={DIGITS}
              onKey={(key) => setPin((p) => (/^\d{0,5}$/.test(p) ? p + key : p))}
              onBackspace={() => setPin((p) => p.slice(0, -1))}
              onClear={() => setPin('')}
            />
          </div>
          <KeyButton
            tone="go"
            size="large"
            shortcut="Enter"
            className="lock__submit"
            disabled={busy}
            onClick={() => void submit()}
            data-testid="lock-sign-in"
          >
            {t({ zh: '登入', en: 'Sign in' })}
          </KeyButton>
        </section>
      </div>
    </div>
  );
}

/** Why the till is locked, in the cashier's words (minutes with the English plural). */
function lockReasonText(session: ReturnType<typeof useSession.getState>['session']): Bilingual | null {
  switch (session?.lockReason) {
    case 'idle': {
      const minutes = session.idleLockMinutes;
      return {
        zh: `閒置 ${minutes} 分鐘，收銀機已自動鎖定。`,
        en: `Locked after ${plural(minutes, 'minute')} without use.`,
      };
    }
    case 'signed-out':
      return { zh: '已登出，收銀機已鎖定。', en: 'Signed out: the till is locked.' };
    case 'not-signed-in':
      return { zh: '選擇您的名字並輸入個人 PIN。', en: 'Pick your name and type your personal PIN.' };
    default:
      return null;
  }
}
