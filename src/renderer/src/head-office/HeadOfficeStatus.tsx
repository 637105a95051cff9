import { Fragment, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Bilingual } from '../../../shared/domain';
import type { HeadOfficeState } from '../../../shared/ipc/contract/head-office';
import { taipeiText } from '../reconciliation/report-view';
import { Dialog } from '../components/Dialog';
import { KeyButton } from '../components/KeyButton';
import { PinDialog } from '../components/PinDialog';
import { useText } from '../i18n/language-store';
import { callTill } from '../ipc/till-client';
import { headOfficeDetails, headOfficeText, headOfficeTone, syncOutcomeText } from './head-office-view';

/**
 * The status bar's head office (issue 17): synced, behind by N, unreachable or refused, nothing
 * when no head office is set. A finger-sized button: the reason (why unreachable, why refused)
 * is in its tooltip and in the detail view it opens, with a sync on demand. The till sells on
 * whatever this says.
 */
export function HeadOfficeStatus({ state }: { state: HeadOfficeState }) {
  const t = useText();
  const [open, setOpen] = useState(false);
  const text = headOfficeText(state);
  if (!text) return null;
  const title = state.reason ? `${t(text)}: ${t(state.reason)}` : t(text);
  return (
    <>
      <button
        type="button"
        className="status-bar__action status-bar__plain status-bar__shrinks"
        data-testid="status-head-office"
        data-state={state.state}
        data-behind={state.behind ?? ''}
        title={title}
        onClick={() => setOpen(true)}
      >
        <i className={`status-dot status-dot--${headOfficeTone(state)}`} />
        {/* Gives way with an ellipsis when the bar is full (the whole text is in the title). */}
        <span className="status-bar__text">{t(text)}</span>
      </button>
      {/* Out of the status bar's one-line layout (its nowrap would run the reason off the dialog). */}
      {open && createPortal(<HeadOfficeDetail state={state} onClose={() => setOpen(false)} />, document.body)}
    </>
  );
}

function HeadOfficeDetail({ state, onClose }: { state: HeadOfficeState; onClose(): void }) {
  const t = useText();
  const [syncing, setSyncing] = useState(false);
  // What the last 立即同步 came to, in words (with the time: a second press says it again).
  const [outcome, setOutcome] = useState<{ text: Bilingual; ok: boolean; at: string } | null>(null);
  const text = headOfficeText(state);
  const sync = async () => {
    setSyncing(true);
    setOutcome(null);
    // The pushed status updates the bar and this view; the answer says how this sync went.
    const result = await callTill('headOffice.sync', {});
    const at = taipeiText(new Date().toISOString());
    setOutcome(
      result.ok
        ? {
            text: syncOutcomeText(result.value),
            ok: result.value.state === 'synced' && !result.value.stopped,
            at,
          }
        : {
            text: {
              zh: `同步未完成：${result.error.message.zh}`,
              en: `Not synced: ${result.error.message.en}`,
            },
            ok: false,
            at,
          },
    );
    setSyncing(false);
  };
  return (
    <Dialog
      title={t({ zh: '總部', en: 'Head office' })}
      onClose={onClose}
      testId="head-office-detail"
      wide
      footer={
        <>
          <KeyButton
            disabled={syncing}
            aria-busy={syncing}
            onClick={() => void sync()}
            data-testid="head-office-sync"
          >
            {syncing ? t({ zh: '同步中…', en: 'Syncing…' }) : t({ zh: '立即同步', en: 'Sync now' })}
          </KeyButton>
          <KeyButton tone="primary" onClick={onClose} data-autofocus>
            {t({ zh: '關閉', en: 'Close' })}
          </KeyButton>
        </>
      }
    >
      {text && (
        <p
          className={state.reason ? 'notice notice--warning' : 'notice notice--info'}
          data-testid="head-office-state"
        >
          {t(text)}
        </p>
      )}
      {state.reason && (
        <p className="notice notice--error" role="alert" data-testid="head-office-reason">
          {t(state.reason)}
        </p>
      )}
      {(syncing || outcome) && (
        <p
          className={`notice ${syncing ? 'notice--info' : outcome!.ok ? 'notice--ok' : 'notice--error'}`}
          role="status"
          data-testid="head-office-sync-result"
          data-state={syncing ? 'busy' : outcome!.ok ? 'ok' : 'failed'}
        >
          {syncing
            ? t({ zh: '正在與總部同步…', en: 'Syncing with head office…' })
            : `${t(outcome!.text)} (${outcome!.at})`}
        </p>
      )}
      {state.stopped && <ClaimStopped stopped={state.stopped} />}
      <dl className="facts facts--wrap">
        {headOfficeDetails(state).map(([label, value]) => (
          <Fragment key={label.en}>
            <dt>{t(label)}</dt>
            <dd>{t(value)}</dd>
          </Fragment>
        ))}
      </dl>
      <p className="hint">
        {t({
          zh: '收銀機照常營業；連上總部後會自動補傳。',
          en: 'The till sells on either way; it catches up by itself once head office answers.',
        })}
      </p>
    </Dialog>
  );
}

/**
 * Sales stopped under a till id head office refuses this PC (issue 22): what to do, and the
 * supervisor's resolution with a note and the PIN (recorded in the journal by main).
 */
function ClaimStopped({ stopped }: { stopped: NonNullable<HeadOfficeState['stopped']> }) {
  const t = useText();
  const [note, setNote] = useState('');
  const [asking, setAsking] = useState(false);
  return (
    <div className="notice notice--error" data-testid="head-office-stopped">
      <p>
        {t({
          zh: `已暫停以收銀機代號 ${stopped.tillId} 結帳：另一台電腦使用此代號。請在「設定」改用本機自己的代號，或請總部移轉後再處理。`,
          en: `Sales under till id ${stopped.tillId} are stopped: another PC uses this id. Give this PC its own till id in Settings, or have head office move it, then resolve.`,
        })}
      </p>
      <label>
        {t({ zh: '處理說明', en: 'How it was resolved' })}
        <input
          value={note}
          maxLength={200}
          onChange={(event) => setNote(event.target.value)}
          data-testid="head-office-stopped-note"
        />
      </label>
      <KeyButton
        tone="danger"
        disabled={note.trim() === ''}
        onClick={() => setAsking(true)}
        data-testid="head-office-stopped-resolve"
      >
        {t({ zh: '主管處理', en: 'Supervisor resolves' })}
      </KeyButton>
      {asking && (
        <PinDialog
          title={t({ zh: '恢復結帳', en: 'Sell again' })}
          hint={t({
            zh: '此處理會記錄在日誌中；總部仍拒絕此代號時，下次同步會再暫停。',
            en: 'This is recorded in the journal; while head office still refuses this id, the next sync stops sales again.',
          })}
          onClose={() => setAsking(false)}
          onSubmit={async (pin) => {
            const result = await callTill('headOffice.resolveClaim', { pin, note: note.trim() });
            if (!result.ok) return result.error.message;
            setAsking(false);
            return null;
          }}
        />
      )}
    </div>
  );
}
