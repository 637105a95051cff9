import type { ReconciliationState } from '../../../shared/ipc/contract/app';
import { useNavigation } from '../app/navigation-store';
import { useText } from '../i18n/language-store';
import { useReconciliation } from './reconciliation-store';
import { uploadWarning } from './report-view';

/**
 * The status bar's warning of invoices late or at risk to upload (the legal deadline: C 48 hours,
 * B 7 days): nothing when there are none, else a button to the closing screen's reconciliation.
 */
export function UploadWarning({ state, disabled }: { state: ReconciliationState; disabled: boolean }) {
  const t = useText();
  const text = uploadWarning(state);
  if (!text) return null;
  return (
    <button
      type="button"
      className="status-bar__action"
      data-testid="status-uploads"
      data-late={state.uploadsLate}
      data-at-risk={state.uploadsAtRisk}
      title={t(text)}
      disabled={disabled}
      onClick={() => {
        useReconciliation.getState().requestFocus();
        useNavigation.getState().go('closing');
      }}
    >
      <span className={state.uploadsLate > 0 ? 'badge badge--warning' : 'badge badge--caution'}>
        {t(text)}
      </span>
    </button>
  );
}
