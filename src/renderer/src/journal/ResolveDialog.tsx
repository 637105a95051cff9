import { useState } from 'react';
import type { Bilingual } from '../../../shared/domain';
import type { PendingVerification } from '../../../shared/ipc/contract/checkout';
import { CancelButton } from '../components/CancelButton';
import { Dialog } from '../components/Dialog';
import { TextField } from '../components/Field';
import { KeyButton } from '../components/KeyButton';
import { PinField } from '../components/PinField';
import { useStatus } from '../status/status-store';
import { Segmented } from '../components/Segmented';
import { useText } from '../i18n/language-store';
import { useJournal } from './journal-store';

/**
 * A supervisor records what the provider's channel says about a sale whose outcome was unknown:
 * issued (with the invoice number it shows) or not issued. The supervisor PIN is checked first.
 */
export function ResolveDialog({ item, onClose }: { item: PendingVerification; onClose(): void }) {
  const t = useText();
  const lookup = useJournal((s) => s.lookups[item.orderNo]);
  // Only a shop whose supervisor explicitly chose to run without a PIN is not asked (main checks too).
  const pinSet = useStatus((s) => s.status?.supervisorPin !== 'waived');
  const [outcome, setOutcome] = useState<'issued' | 'notIssued'>(
    lookup?.found === false ? 'notIssued' : 'issued',
  );
  const [invoiceNumber, setInvoiceNumber] = useState(lookup?.invoiceNumber ?? '');
  // With the random code the till can print the proof itself later (no print data came back).
  const [randomNumber, setRandomNumber] = useState(lookup?.randomNumber ?? '');
  const [by, setBy] = useState('');
  const [note, setNote] = useState('');
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<Bilingual | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setProblem(null);
    if (outcome === 'issued' && !/^[A-Za-z]{2}-?\d{8}$/.test(invoiceNumber.trim())) {
      return setProblem({
        zh: '請輸入發票服務查到的發票號碼（如 AB-12345678）',
        en: 'Enter the invoice number the e-invoice service shows (e.g. AB-12345678)',
      });
    }
    if (outcome === 'issued' && randomNumber.trim() !== '' && !/^\d{4}$/.test(randomNumber.trim())) {
      return setProblem({ zh: '隨機碼為 4 位數字', en: 'The random code is 4 digits' });
    }
    if (by.trim() === '') return setProblem({ zh: '請輸入確認人', en: 'Enter who verified it' });
    setBusy(true);
    // The PIN travels with the resolution: main checks it, a wrong one changes nothing.
    const done = await useJournal.getState().resolve({
      orderNo: item.orderNo,
      outcome,
      ...(outcome === 'issued' ? { invoiceNumber: invoiceNumber.trim().toUpperCase() } : {}),
      ...(outcome === 'issued' && randomNumber.trim() ? { randomNumber: randomNumber.trim() } : {}),
      by: by.trim(),
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(pinSet ? { pin } : {}),
    });
    setBusy(false);
    if (done) return onClose();
    setPin('');
    const error = useJournal.getState().error;
    if (error) setProblem(error.message);
  };

  return (
    <Dialog
      title={t({ zh: `處理待確認：${item.orderNo}`, en: `Resolve: ${item.orderNo}` })}
      onClose={onClose}
      testId="resolve-dialog"
      footer={
        <>
          <CancelButton onClick={onClose} />
          <KeyButton
            tone="primary"
            onClick={() => void submit()}
            disabled={busy}
            data-testid="resolve-confirm"
          >
            {t({ zh: '記錄結果', en: 'Record the outcome' })}
          </KeyButton>
        </>
      }
    >
      <p className="hint">
        {t({
          zh: '先向發票服務（後台或客服）查詢這個訂單編號是否已開立，再記錄查到的結果。',
          en: 'First ask the e-invoice service (console or support line) whether this order number was issued, then record what it says.',
        })}
      </p>
      <Segmented
        role="group"
        value={outcome}
        onChange={setOutcome}
        options={[
          { value: 'issued', label: t({ zh: '已開立', en: 'Issued' }), testId: 'resolve-issued' },
          { value: 'notIssued', label: t({ zh: '未開立', en: 'Not issued' }), testId: 'resolve-not-issued' },
        ]}
      />
      {outcome === 'issued' && (
        <TextField
          label={t({ zh: '發票號碼', en: 'Invoice number' })}
          value={invoiceNumber}
          maxLength={11}
          onChange={(e) => setInvoiceNumber(e.target.value)}
          data-testid="resolve-invoice"
        />
      )}
      {outcome === 'issued' && (
        <TextField
          label={t({ zh: '隨機碼（補印證明聯用，選填）', en: 'Random code (to print the proof; optional)' })}
          value={randomNumber}
          maxLength={4}
          inputMode="numeric"
          onChange={(e) => setRandomNumber(e.target.value)}
          data-testid="resolve-random"
        />
      )}
      <TextField
        label={t({ zh: '確認人', en: 'Verified by' })}
        value={by}
        maxLength={40}
        onChange={(e) => setBy(e.target.value)}
        data-testid="resolve-by"
      />
      <TextField
        label={t({ zh: '備註（選填）', en: 'Note (optional)' })}
        value={note}
        maxLength={200}
        onChange={(e) => setNote(e.target.value)}
      />
      {pinSet && (
        <PinField
          label={t({ zh: '主管 PIN', en: 'Supervisor PIN' })}
          value={pin}
          onChange={setPin}
          data-testid="resolve-pin"
        />
      )}
      {problem && (
        <p className="field__error" role="alert" data-testid="resolve-error">
          {t(problem)}
        </p>
      )}
    </Dialog>
  );
}
