import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { formatInvoiceNumber, formatNtd, type Bilingual } from '../../../shared/domain';
import type { PendingReturn, ReturnResult } from '../../../shared/ipc/contract/returns';
import type { z } from 'zod';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { callTill } from '../ipc/till-client';
import { taipeiTime } from '../journal/labels';
import { isPinError, useSupervisorAction } from '../settings/SupervisorAction';
import { labelFor, RETURN_KIND_LABEL, RETURN_STATE_LABEL } from './labels';

type Pending = z.infer<typeof PendingReturn>;

/** The returns waiting for a status query, as main last listed them (the journal counts them too). */
export const usePendingReturns = create<{ items: Pending[]; load(): Promise<void> }>((set) => ({
  items: [],
  async load() {
    const answer = await callTill('returns.pending', {});
    // Not ready (an older main) or unreachable: the list stays as it was; the sales still show.
    if (answer.ok) set({ items: answer.value.items });
  },
}));

/**
 * Returns whose outcome is unknown (or that did not reach the service), and 改開 voids whose new
 * invoice is still owed (checking one issues its reissue once the void stands), in the journal's
 * "to verify" tab. "Check status" asks the provider (GetInvoicesStatus) before anything is sent again;
 * only an answer that shows the return does not stand offers to send it again (same prefix).
 */
export function PendingReturns() {
  const t = useText();
  const supervisor = useSupervisorAction();
  const items = usePendingReturns((s) => s.items);
  const [answers, setAnswers] = useState<Record<number, ReturnResult>>({});
  const [problem, setProblem] = useState<Bilingual | null>(null);
  const load = usePendingReturns((s) => s.load);
  useEffect(() => {
    void usePendingReturns.getState().load();
  }, []);

  const check = (item: Pending, resend: boolean) =>
    supervisor.ask(
      resend
        ? { zh: '再送一次（同一折讓字軌）', en: 'Send again (same prefix)' }
        : { zh: '查詢狀態', en: 'Check status' },
      async (input) => {
        const answer = await callTill('returns.status', { returnId: item.returnId, resend, ...input });
        if (!answer.ok) {
          if (!isPinError(answer.error)) setProblem(answer.error.message);
          return answer.error;
        }
        setProblem(null);
        setAnswers((a) => ({ ...a, [item.returnId]: answer.value }));
        await load();
        return null;
      },
    );

  const settled = Object.values(answers).filter((a) => !items.some((i) => i.returnId === a.returnId));
  if (items.length === 0 && settled.length === 0) return null;
  return (
    <section className="panel" data-testid="pending-returns">
      <h3 className="panel__title">{t({ zh: '退貨待確認', en: 'Returns to verify' })}</h3>
      {problem && (
        <p className="notice notice--error" role="alert" data-testid="pending-returns-error">
          {t(problem)}
        </p>
      )}
      <ul className="verify-list">
        {items.map((item) => {
          const answer = answers[item.returnId];
          return (
            <li
              key={item.returnId}
              className="verify-item"
              data-testid="pending-return"
              data-return={item.returnId}
            >
              <div className="verify-item__facts">
                <b>{t(labelFor(RETURN_KIND_LABEL, item.kind))}</b> · {formatInvoiceNumber(item.invoiceNumber)}
                {item.allowanceNumber && ` · ${item.allowanceNumber}`} · {formatNtd(item.totalAmount)} ·{' '}
                {taipeiTime(item.createdAt)} · {t(labelFor(RETURN_STATE_LABEL, item.state))}
                {item.reissueOwed && (
                  <b data-testid="pending-return-reissue"> · {t({ zh: '改開待開立', en: 'Reissue owed' })}</b>
                )}
                {item.lastMessage && <span className="hint"> · {item.lastMessage}</span>}
              </div>
              {answer && (
                <p className="notice notice--warning" data-testid="pending-return-answer">
                  {t(answer.message)}
                </p>
              )}
              <div className="verify-item__actions">
                {answer?.state === 'not-done' && (
                  <KeyButton onClick={() => check(item, true)} data-testid="pending-return-resend">
                    {t({ zh: '再送一次', en: 'Send again' })}
                  </KeyButton>
                )}
                <KeyButton
                  tone="primary"
                  onClick={() => check(item, false)}
                  data-testid="pending-return-check"
                >
                  {t({ zh: '查詢狀態', en: 'Check status' })}
                </KeyButton>
              </div>
            </li>
          );
        })}
        {settled.map((answer) => (
          <li key={answer.returnId} className="verify-item" data-testid="settled-return">
            <p className={answer.state === 'done' ? 'notice notice--ok' : 'notice notice--warning'}>
              {formatInvoiceNumber(answer.invoiceNumber)} · {t(labelFor(RETURN_STATE_LABEL, answer.state))} ·{' '}
              {t(answer.message)}
            </p>
          </li>
        ))}
      </ul>
      {supervisor.dialog}
    </section>
  );
}
