import { useState } from 'react';
import type { Bilingual } from '../../../shared/domain';
import type { CloudReprintView, PrintOutcome } from '../../../shared/ipc/contract/printing';
import { CancelButton } from '../components/CancelButton';
import { Dialog } from '../components/Dialog';
import { TextField } from '../components/Field';
import { KeyButton } from '../components/KeyButton';
import { PinField } from '../components/PinField';
import { useText } from '../i18n/language-store';
import { callTill } from '../ipc/till-client';
import { usePrintJobs } from '../printing/print-jobs-store';
import { useStatus } from '../status/status-store';

const REPRINT_TITLE = '電子發票證明聯補印';
const QUICK_REASONS: Bilingual[] = [
  { zh: '卡紙', en: 'Paper jam' },
  { zh: '字跡不清', en: 'Unreadable' },
  { zh: '顧客遺失', en: 'Customer lost it' },
];

/**
 * 補印 of a sale's paper proof: who asks and why, and the supervisor PIN (main checks it and
 * keeps who and why with the print job). What comes out is titled 電子發票證明聯補印: never a
 * second original. The dialog then shows what printed.
 */
export function ReprintDialog({
  orderNo,
  onClose,
  cloud = false,
}: {
  orderNo: string;
  onClose(): void;
  /** 補印 through the e-invoice service's cloud printer (issue 29): nothing prints here. */
  cloud?: boolean;
}) {
  const t = useText();
  const pinSet = useStatus((s) => s.status?.supervisorPin !== 'waived');
  const [by, setBy] = useState('');
  const [reason, setReason] = useState('');
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<Bilingual | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<PrintOutcome | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [cloudAnswer, setCloudAnswer] = useState<CloudReprintView | null>(null);

  const submit = async () => {
    setProblem(null);
    if (by.trim() === '') return setProblem({ zh: '請輸入經手人', en: 'Enter who asks for it' });
    if (reason.trim() === '') return setProblem({ zh: '請填寫補印原因', en: 'Say why it is reprinted' });
    setBusy(true);
    if (cloud) {
      const queued = await callTill('printing.cloudReprint', {
        orderNo,
        by: by.trim(),
        reason: reason.trim(),
        ...(pinSet ? { pin } : {}),
      });
      setBusy(false);
      if (!queued.ok) {
        setPin('');
        return setProblem(queued.error.message);
      }
      return setCloudAnswer(queued.value);
    }
    const answer = await callTill('printing.reprint', {
      orderNo,
      by: by.trim(),
      reason: reason.trim(),
      ...(pinSet ? { pin } : {}),
    });
    if (!answer.ok) {
      setBusy(false);
      setPin('');
      return setProblem(answer.error.message);
    }
    setOutcome(answer.value);
    // The journal's and the result screen's list of prints shows the new job too.
    if (usePrintJobs.getState().orderNo === orderNo) void usePrintJobs.getState().load(orderNo);
    const image = await callTill('printing.preview', { jobId: answer.value.jobId });
    setBusy(false);
    if (image.ok) setPreview(image.value.dataUrl);
  };

  return (
    <Dialog
      title={t({ zh: `補印證明聯：${orderNo}`, en: `Reprint the proof: ${orderNo}` })}
      onClose={onClose}
      testId="reprint-dialog"
      wide={outcome !== null}
      footer={
        outcome || cloudAnswer ? (
          <KeyButton shortcut="Escape" tone="primary" onClick={onClose} data-testid="reprint-close">
            {t({ zh: '關閉', en: 'Close' })}
          </KeyButton>
        ) : (
          <>
            <CancelButton onClick={onClose} />
            <KeyButton
              tone="primary"
              onClick={() => void submit()}
              disabled={busy}
              data-testid="reprint-confirm"
            >
              {busy ? t({ zh: '列印中…', en: 'Printing…' }) : t({ zh: '補印', en: 'Reprint' })}
            </KeyButton>
          </>
        )
      }
    >
      {cloudAnswer ? (
        <p
          className={cloudAnswer.outcome === 'queued' ? 'notice notice--ok' : 'notice notice--error'}
          data-testid="reprint-result"
          data-outcome={cloudAnswer.outcome}
        >
          {t(cloudAnswer.message)}
        </p>
      ) : outcome ? (
        <div className="reprint__done" data-testid="reprint-result" data-printed={outcome.printed}>
          <p className={outcome.printed ? 'notice notice--ok' : 'notice notice--error'}>
            {outcome.printed
              ? outcome.reprint
                ? t({ zh: `已印出「${REPRINT_TITLE}」`, en: `Printed as "${REPRINT_TITLE}" (reprint)` })
                : t({
                    zh: '已印出電子發票證明聯（第一次印出，不是補印）',
                    en: 'The proof printed: its first print, not a reprint',
                  })
              : t(outcome.message ?? { zh: '列印失敗', en: 'Printing failed' })}
          </p>
          {preview && (
            <figure className="reprint__preview">
              <figcaption className="hint" data-testid="reprint-caption">
                {outcome.reprint
                  ? REPRINT_TITLE
                  : t({
                      zh: '這張證明聯先前沒有印出過，這次是第一次印出',
                      en: 'No proof of this sale had printed before: this is its first print',
                    })}
              </figcaption>
              <img
                className="print-preview"
                src={preview}
                alt={outcome.reprint ? REPRINT_TITLE : t({ zh: '列印預覽', en: 'Print preview' })}
                data-testid="reprint-preview"
              />
            </figure>
          )}
        </div>
      ) : (
        <>
          <p className="hint">
            {t({
              zh: `補印的證明聯標題為「${REPRINT_TITLE}」，不是第二張正本。經手人與原因會記入日誌。`,
              en: `The reprint is titled "${REPRINT_TITLE}": never a second original. Who and why go into the journal.`,
            })}
          </p>
          <TextField
            label={t({ zh: '經手人', en: 'Who asks' })}
            value={by}
            maxLength={40}
            onChange={(e) => setBy(e.target.value)}
            data-testid="reprint-by"
          />
          <div className="returns__reasons">
            {QUICK_REASONS.map((r) => (
              <KeyButton
                key={r.zh}
                tone={reason === r.zh ? 'primary' : 'neutral'}
                onClick={() => setReason(r.zh)}
                data-testid="reprint-quick-reason"
              >
                {t(r)}
              </KeyButton>
            ))}
          </div>
          <TextField
            label={t({ zh: '原因', en: 'Why' })}
            value={reason}
            maxLength={40}
            onChange={(e) => setReason(e.target.value)}
            data-testid="reprint-reason"
          />
          {pinSet && (
            <PinField
              label={t({ zh: '主管 PIN', en: 'Supervisor PIN' })}
              value={pin}
              onChange={setPin}
              data-testid="reprint-pin"
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void submit();
                }
              }}
            />
          )}
          {problem && (
            <p className="field__error" role="alert" data-testid="reprint-error">
              {t(problem)}
            </p>
          )}
        </>
      )}
    </Dialog>
  );
}
