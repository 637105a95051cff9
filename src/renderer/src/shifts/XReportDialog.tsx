import { useShortcuts } from '../app/shortcuts';
import { Dialog } from '../components/Dialog';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { FiguresList, PrintNote } from './ShiftFigures';
import { shiftName, taipeiClock } from './shift-view';
import { useShift, type XReport } from './shift-store';
import type { SupervisorInput } from '../settings/SupervisorAction';

/**
 * The X report on screen: the open shift's figures so far, nothing reset. It shows the expected
 * cash, so it is the supervisor's (asked with the PIN), and printing it uses the same PIN again
 * while the report is open; closing the report forgets it.
 */
export function XReportDialog({
  report,
  supervisor,
  onClose,
}: {
  report: XReport;
  supervisor: SupervisorInput;
  onClose(): void;
}) {
  const t = useText();
  const busy = useShift((s) => s.busy);
  const refusal = useShift((s) => (s.error?.action === 'x-report' ? s.error.message : null));
  const { shift, figures } = report;
  const name = shiftName(shift.number);
  const print = () => useShift.getState().showXReport(supervisor, true);
  // Not modal: Esc goes on to the dialog's own layer below this one.
  useShortcuts({ F8: busy ? undefined : () => void print() });
  return (
    <Dialog
      title={t({ zh: `X 報表（${name.zh}，未歸零）`, en: `X report (${name.en}, nothing reset)` })}
      onClose={onClose}
      testId="x-report"
      wide
      footer={
        <>
          <KeyButton shortcut="F8" disabled={busy} data-testid="x-report-print" onClick={() => void print()}>
            {t({ zh: '列印', en: 'Print' })}
          </KeyButton>
          <KeyButton shortcut="Escape" tone="primary" onClick={onClose} data-testid="x-report-close">
            {t({ zh: '關閉', en: 'Close' })}
          </KeyButton>
        </>
      }
    >
      <p className="hint">
        {t({
          zh: `${shift.tillId}，營業日 ${shift.businessDay}，${taipeiClock(shift.openedAt, shift.businessDay)} 開班（${shift.openedBy}）`,
          en: `${shift.tillId}, business day ${shift.businessDay}, opened ${taipeiClock(shift.openedAt, shift.businessDay)} by ${shift.openedBy}`,
        })}
      </p>
      <FiguresList figures={figures} testId="x-report-figures" />
      <PrintNote print={report.print} what={{ zh: 'X 報表', en: 'The X report' }} testId="x-report-printed" />
      {refusal && (
        <p className="field__error" role="alert" data-testid="x-report-error">
          {t(refusal)}
        </p>
      )}
    </Dialog>
  );
}
