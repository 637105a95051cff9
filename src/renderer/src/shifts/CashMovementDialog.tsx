import { useState } from 'react';
import { DRAWER_PART_LABEL, formatNtd, type Bilingual, type CashMovementKind } from '../../../shared/domain';
import { CancelButton } from '../components/CancelButton';
import { Dialog } from '../components/Dialog';
import { TextField } from '../components/Field';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { useSupervisorAction } from '../settings/SupervisorAction';
import { canTypeWhole, parseAmount } from './shift-view';
import { useShift } from './shift-store';

export type MovementKind = CashMovementKind;

export const MOVEMENT_LABEL: Record<MovementKind, Bilingual> = {
  'paid-in': { zh: '收入', en: 'Paid in' },
  'paid-out': { zh: '支出', en: 'Paid out' },
  // The glossary's word (issue 24, item 10): large notes taken to the safe mid-shift.
  'cash-drop': { zh: DRAWER_PART_LABEL.cashDrops.zh, en: 'Cash drop' },
};

/** The usual reasons, one touch each; any other is typed. */
const QUICK_REASONS: Record<MovementKind, Bilingual[]> = {
  'paid-in': [
    { zh: '找零補充', en: 'Change delivered' },
    { zh: '其他收入', en: 'Other income' },
  ],
  'paid-out': [
    { zh: '零用金', en: 'Petty cash' },
    { zh: '支付廠商', en: 'Supplier paid' },
  ],
  'cash-drop': [
    { zh: '存入保險箱', en: 'To the safe' },
    { zh: '交給店長', en: 'Handed to the manager' },
  ],
};

/**
 * Money into or out of the drawer outside a sale: the amount and why, then the supervisor PIN
 * (main records it in the journal and opens the drawer). Main's refusal (a paid-out or a drop
 * beyond what the drawer holds, no open shift) is shown here, where the cashier pressed the
 * button. A drop nearly always goes to the safe: that reason is filled in, so the amount and
 * Enter are all it takes.
 */
export function CashMovementDialog({ kind, onClose }: { kind: MovementKind; onClose(): void }) {
  const t = useText();
  const supervisor = useSupervisorAction();
  const busy = useShift((s) => s.busy);
  const refusal = useShift((s) => (s.error?.action === 'movement' ? s.error.message : null));
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState(() => (kind === 'cash-drop' ? t(QUICK_REASONS[kind][0]!) : ''));
  const [problem, setProblem] = useState<Bilingual | null>(null);
  const label = MOVEMENT_LABEL[kind];

  const confirm = () => {
    setProblem(null);
    useShift.getState().clearError();
    const amount = parseAmount(amountText);
    if (amount === null || amount < 1 || amount > 1_000_000) {
      return setProblem({ zh: '金額為 NT$1 到 NT$1,000,000', en: 'The amount is NT$1 to NT$1,000,000' });
    }
    const why = reason.trim();
    if (why === '') return setProblem({ zh: '請填寫原因', en: 'Give a reason' });
    supervisor.ask(
      {
        zh: `${label.zh} ${formatNtd(amount)}：${why}`,
        en: `${label.en} ${formatNtd(amount)}: ${why}`,
      },
      async (input) => {
        const error = await useShift.getState().cashMovement({ kind, amount, reason: why }, input);
        if (!error) onClose();
        return error;
      },
      // Who approved it is named beside the cashier in the cash table (issue 22, item 7).
      { approver: true },
    );
  };

  const shown = problem ?? refusal;
  return (
    <>
      <Dialog
        title={t(label)}
        onClose={onClose}
        testId="movement-dialog"
        footer={
          <>
            <CancelButton onClick={onClose} />
            <KeyButton
              tone="primary"
              shortcut="Enter"
              disabled={busy}
              onClick={confirm}
              data-testid="movement-confirm"
            >
              {t({ zh: '確定（主管 PIN）', en: 'OK (supervisor PIN)' })}
            </KeyButton>
          </>
        }
      >
        <TextField
          label={t({ zh: '金額（NT$）', en: 'Amount (NT$)' })}
          variant="big"
          inputMode="numeric"
          autoComplete="off"
          value={amountText}
          data-testid="movement-amount"
          onChange={(e) => canTypeWhole(e.target.value) && setAmountText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              confirm();
            }
          }}
        />
        <div className="form-row" role="group" aria-label={t({ zh: '常用原因', en: 'Usual reasons' })}>
          {QUICK_REASONS[kind].map((quick) => (
            <button
              key={quick.en}
              type="button"
              className="small-button"
              aria-pressed={reason === t(quick)}
              data-testid="movement-quick-reason"
              onClick={() => setReason(t(quick))}
            >
              {t(quick)}
            </button>
          ))}
        </div>
        <TextField
          label={t({ zh: '原因', en: 'Reason' })}
          value={reason}
          maxLength={40}
          data-testid="movement-reason"
          onChange={(e) => setReason(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              confirm();
            }
          }}
        />
        {shown && (
          <p className="field__error" role="alert" data-testid="movement-error">
            {t(shown)}
          </p>
        )}
      </Dialog>
      {supervisor.dialog}
    </>
  );
}
