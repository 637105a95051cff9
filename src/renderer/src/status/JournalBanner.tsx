import { useState } from 'react';
import { PinDialog } from '../components/PinDialog';
import { callTill } from '../ipc/till-client';
import { useText } from '../i18n/language-store';
import { useStatus } from './status-store';

/**
 * The journal's check found it broken (an entry rewritten or removed, a wrong key): the till
 * does not sell until a supervisor acknowledges it with the PIN, so the banner says so in both
 * languages, Chinese first, whatever the screen language, for whoever is called to the till.
 * Acknowledged, it stays as a reminder to have the journal looked at.
 */
export function JournalBanner() {
  const t = useText();
  const journal = useStatus((s) => s.status?.journal);
  const refresh = useStatus((s) => s.refresh);
  const [asking, setAsking] = useState(false);
  if (!journal || journal.ok) return null;
  const reason = journal.reason ?? { zh: '日誌檢查未通過', en: 'The journal check failed' };
  return (
    <div
      className={journal.acknowledged ? 'journal-banner journal-banner--acknowledged' : 'journal-banner'}
      role="alert"
      data-testid="journal-banner"
      data-acknowledged={journal.acknowledged ? 'yes' : 'no'}
    >
      <div className="journal-banner__text">
        <strong lang="zh-Hant-TW">
          {journal.acknowledged
            ? '日誌異常（主管已確認，請盡快檢查日誌）'
            : '日誌異常：已停止結帳，請主管確認'}
        </strong>
        <span lang="zh-Hant-TW">{reason.zh}</span>
        <strong lang="en">
          {journal.acknowledged
            ? 'Journal problem (acknowledged by a supervisor: have the journal checked)'
            : 'Journal problem: sales are stopped until a supervisor acknowledges it'}
        </strong>
        <span lang="en">{reason.en}</span>
      </div>
      {!journal.acknowledged && (
        <button
          type="button"
          className="key-button key-button--danger"
          data-testid="journal-acknowledge"
          onClick={() => setAsking(true)}
        >
          主管確認 / Supervisor acknowledges
        </button>
      )}
      {asking && (
        <PinDialog
          title={t({ zh: '確認日誌異常', en: 'Acknowledge the journal problem' })}
          hint={t({
            zh: '確認後可繼續結帳；此確認會記錄在日誌中。',
            en: 'Sales go on after this; the acknowledgement is recorded in the journal.',
          })}
          onClose={() => setAsking(false)}
          onSubmit={async (pin) => {
            const result = await callTill('journal.acknowledgeBroken', { pin });
            if (!result.ok) return result.error.message;
            setAsking(false);
            await refresh();
            return null;
          }}
        />
      )}
    </div>
  );
}
