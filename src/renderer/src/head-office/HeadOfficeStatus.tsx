import { Fragment, useState } from 'react';
import { createPortal } from 'react-dom';
import type { HeadOfficeState } from '../../../shared/ipc/contract/head-office';
import { Dialog } from '../components/Dialog';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { callTill } from '../ipc/till-client';
import { headOfficeDetails, headOfficeText, headOfficeTone } from './head-office-view';

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
        className="status-bar__action status-bar__plain"
        data-testid="status-head-office"
        data-state={state.state}
        data-behind={state.behind ?? ''}
        title={title}
        onClick={() => setOpen(true)}
      >
        <i className={`status-dot status-dot--${headOfficeTone(state)}`} />
        {t(text)}
      </button>
      {/* Out of the status bar's one-line layout (its nowrap would run the reason off the dialog). */}
      {open && createPortal(<HeadOfficeDetail state={state} onClose={() => setOpen(false)} />, document.body)}
    </>
  );
}

function HeadOfficeDetail({ state, onClose }: { state: HeadOfficeState; onClose(): void }) {
  const t = useText();
  const [syncing, setSyncing] = useState(false);
  const text = headOfficeText(state);
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
            onClick={() => {
              setSyncing(true);
              // The pushed status updates the bar and this view; the answer only ends the wait.
              void callTill('headOffice.sync', {}).finally(() => setSyncing(false));
            }}
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
