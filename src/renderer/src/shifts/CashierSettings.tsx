import { useEffect, useState, type KeyboardEvent } from 'react';
import { plural, type Bilingual } from '../../../shared/domain';
import { CashierId, CashierPin, type Cashier } from '../../../shared/ipc/contract/shifts';
import { CancelButton } from '../components/CancelButton';
import { Dialog } from '../components/Dialog';
import { TextField } from '../components/Field';
import { KeyButton } from '../components/KeyButton';
import { PinField } from '../components/PinField';
import { useText } from '../i18n/language-store';
import { callTill } from '../ipc/till-client';
import { useSettings } from '../settings/settings-store';
import { useSession } from './session-store';
import './shifts.css';

/**
 * The settings' cashiers: who may sign in (id, name, PIN, active, may supervise) and after how
 * many idle minutes the till locks. The supervisor PIN that opened the settings screen goes with
 * every change (main checks it again); the idle minutes are saved with the rest of the settings.
 */
export function CashierSettings({
  idleLockMinutes,
  onIdleLockMinutes,
}: {
  idleLockMinutes: number;
  onIdleLockMinutes(minutes: number): void;
}) {
  const t = useText();
  const [cashiers, setCashiers] = useState<Cashier[] | null>(null);
  const [error, setError] = useState<Bilingual | null>(null);
  const [editing, setEditing] = useState<Cashier | 'new' | null>(null);
  const [saved, setSaved] = useState<Bilingual | null>(null);

  // Bumped after a save: the list is read again.
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    void callTill('cashiers.list', {}).then((result) => {
      if (!current) return;
      if (result.ok) setCashiers(result.value);
      else setError(result.error.message);
    });
    return () => {
      current = false;
    };
  }, [version]);

  return (
    <section className="panel cashier-settings" data-testid="cashier-settings">
      <div className="day-shifts__head">
        <h2 className="panel__title">{t({ zh: '收銀員', en: 'Cashiers' })}</h2>
        <KeyButton data-testid="cashier-add" onClick={() => setEditing('new')}>
          {t({ zh: '新增收銀員', en: 'Add a cashier' })}
        </KeyButton>
      </div>
      {cashiers && cashiers.length === 0 && (
        <p className="hint" data-testid="cashiers-none">
          {t({
            zh: '尚未設定收銀員：收銀機不需登入即可使用。新增第一位收銀員後，每位收銀員以個人 PIN 登入。',
            en: 'No cashiers yet: the till works without signing in. Once the first is added, each cashier signs in with a personal PIN.',
          })}
        </p>
      )}
      {cashiers && cashiers.length > 0 && (
        <table className="table shift-table" data-testid="cashier-list">
          <thead>
            <tr>
              <th scope="col">{t({ zh: '代號', en: 'ID' })}</th>
              <th scope="col">{t({ zh: '姓名', en: 'Name' })}</th>
              <th scope="col">{t({ zh: '狀態', en: 'State' })}</th>
              <th scope="col">
                <span className="visually-hidden">{t({ zh: '修改', en: 'Edit' })}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {cashiers.map((cashier) => (
              <tr key={cashier.id} data-testid="cashier-row" data-cashier={cashier.id}>
                <td>
                  <code>{cashier.id}</code>
                </td>
                <td>{cashier.name}</td>
                <td>
                  <span className={cashier.active ? 'tag tag--ok' : 'tag'}>
                    {cashier.active ? t({ zh: '啟用', en: 'Active' }) : t({ zh: '停用', en: 'Inactive' })}
                  </span>
                  {cashier.supervisor && (
                    <span className="tag">{t({ zh: '可代主管', en: 'Supervises' })}</span>
                  )}
                </td>
                <td className="num">
                  <button
                    type="button"
                    className="small-button"
                    data-testid="cashier-edit"
                    onClick={() => setEditing(cashier)}
                  >
                    {t({ zh: '修改', en: 'Edit' })}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {error && (
        <p className="field__error" role="alert">
          {t(error)}
        </p>
      )}
      {saved && (
        <p className="notice notice--ok" role="status" data-testid="cashier-saved">
          {t(saved)}
        </p>
      )}
      <TextField
        label={t({
          zh: '閒置自動鎖定（分鐘，0 = 不鎖定）',
          en: 'Lock when idle (minutes, 0 = never)',
        })}
        inputMode="numeric"
        value={String(idleLockMinutes)}
        data-testid="set-idle-lock"
        onChange={(e) => /^\d{0,3}$/.test(e.target.value) && onIdleLockMinutes(Number(e.target.value))}
      />
      <p className="hint">
        {idleLockMinutes > 0
          ? t({
              zh: `收銀機閒置 ${idleLockMinutes} 分鐘後鎖定，需重新登入（按「儲存」生效）。`,
              en: `The till locks after ${plural(idleLockMinutes, 'minute')} without use; signing in again unlocks it (takes effect on Save).`,
            })
          : t({ zh: '收銀機不會自動鎖定。', en: 'The till never locks by itself.' })}
      </p>
      {editing && (
        <CashierDialog
          cashier={editing === 'new' ? null : editing}
          taken={(cashiers ?? []).map((c) => c.id)}
          onClose={() => setEditing(null)}
          onSaved={(cashier, added) => {
            setEditing(null);
            setSaved(
              added
                ? { zh: `已新增收銀員 ${cashier.name}`, en: `Cashier ${cashier.name} added` }
                : { zh: `已更新收銀員 ${cashier.name}`, en: `Cashier ${cashier.name} updated` },
            );
            setVersion((v) => v + 1);
            // The till now asks for sign-in (or no longer does): the shell follows main.
            void useSession.getState().load();
          }}
        />
      )}
    </section>
  );
}

function CashierDialog({
  cashier,
  taken,
  onClose,
  onSaved,
}: {
  cashier: Cashier | null;
  taken: readonly string[];
  onClose(): void;
  onSaved(cashier: Cashier, added: boolean): void;
}) {
  const t = useText();
  const [id, setId] = useState(cashier?.id ?? '');
  const [name, setName] = useState(cashier?.name ?? '');
  const [pin, setPin] = useState('');
  const [pinAgain, setPinAgain] = useState('');
  const [active, setActive] = useState(cashier?.active ?? true);
  const [supervisor, setSupervisor] = useState(cashier?.supervisor ?? false);
  const [problem, setProblem] = useState<Bilingual | null>(null);
  const [busy, setBusy] = useState(false);
  const adding = cashier === null;

  const save = async () => {
    setProblem(null);
    if (!CashierId.safeParse(id).success) {
      return setProblem({ zh: '代號為 1 到 12 個英文字母或數字', en: 'The ID is 1 to 12 letters or digits' });
    }
    if (adding && taken.includes(id)) {
      return setProblem({ zh: '已有收銀員使用這個代號', en: 'Another cashier has this ID' });
    }
    if (name.trim() === '') return setProblem({ zh: '請輸入姓名', en: 'Type the name' });
    if (adding || pin !== '' || pinAgain !== '') {
      if (!CashierPin.safeParse(pin).success) {
        return setProblem({ zh: '收銀員 PIN 為 4 到 6 位數字', en: 'A cashier PIN is 4 to 6 digits' });
      }
      if (pin !== pinAgain) return setProblem({ zh: '兩次輸入的 PIN 不同', en: 'The two PINs differ' });
    }
    setBusy(true);
    // The supervisor PIN that opened the settings screen (none when the supervisor runs without one).
    const supervisorPin = useSettings.getState().unlockedWith;
    const result = await callTill('cashiers.save', {
      cashier: { id, name: name.trim(), active, supervisor, ...(pin !== '' ? { pin } : {}) },
      ...(supervisorPin ? { pin: supervisorPin } : {}),
    });
    setBusy(false);
    if (!result.ok) return setProblem(result.error.message);
    onSaved(result.value, adding);
  };

  const onEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void save();
    }
  };

  return (
    <Dialog
      title={
        adding
          ? t({ zh: '新增收銀員', en: 'Add a cashier' })
          : t({ zh: `修改收銀員 ${cashier.name}`, en: `Edit cashier ${cashier.name}` })
      }
      onClose={onClose}
      testId="cashier-dialog"
      footer={
        <>
          <CancelButton onClick={onClose} />
          <KeyButton
            tone="primary"
            shortcut="Enter"
            disabled={busy}
            onClick={() => void save()}
            data-testid="cashier-save"
          >
            {t({ zh: '儲存', en: 'Save' })}
          </KeyButton>
        </>
      }
    >
      <div className="form-grid">
        <TextField
          label={t({ zh: '代號（登入用）', en: 'ID (for signing in)' })}
          value={id}
          maxLength={12}
          autoComplete="off"
          spellCheck={false}
          disabled={!adding}
          data-testid="cashier-id"
          onChange={(e) => /^[A-Za-z0-9]{0,12}$/.test(e.target.value) && setId(e.target.value)}
          onKeyDown={onEnter}
        />
        <TextField
          label={t({ zh: '姓名', en: 'Name' })}
          value={name}
          maxLength={40}
          autoComplete="off"
          data-testid="cashier-name"
          onChange={(e) => setName(e.target.value)}
          onKeyDown={onEnter}
        />
        <PinField
          label={
            adding
              ? t({ zh: '個人 PIN（4 到 6 位數字）', en: 'Personal PIN (4 to 6 digits)' })
              : t({ zh: '新 PIN（留空則不變）', en: 'New PIN (empty: unchanged)' })
          }
          autoComplete="new-password"
          value={pin}
          data-testid="cashier-pin"
          onChange={setPin}
          onKeyDown={onEnter}
        />
        <PinField
          label={t({ zh: '再輸入一次', en: 'Again' })}
          autoComplete="new-password"
          value={pinAgain}
          data-testid="cashier-pin-again"
          onChange={setPinAgain}
          onKeyDown={onEnter}
        />
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={active}
          data-testid="cashier-active"
          onChange={(e) => setActive(e.target.checked)}
        />
        {t({ zh: '啟用（可登入）', en: 'Active (may sign in)' })}
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={supervisor}
          data-testid="cashier-supervisor"
          onChange={(e) => setSupervisor(e.target.checked)}
        />
        {t({
          zh: '可代主管（以自己的 PIN 核准主管操作）',
          en: 'May supervise (approves supervisor acts with their own PIN)',
        })}
      </label>
      {problem && (
        <p className="field__error" role="alert" data-testid="cashier-error">
          {t(problem)}
        </p>
      )}
    </Dialog>
  );
}
