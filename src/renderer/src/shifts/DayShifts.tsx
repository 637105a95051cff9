import { useEffect, useRef, useState } from 'react';
import { formatNtd, plural, type Bilingual } from '../../../shared/domain';
import type { MethodOutput } from '../../../shared/ipc/contract';
import type { ShiftView } from '../../../shared/ipc/contract/shifts';
import { Dialog } from '../components/Dialog';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { callTill } from '../ipc/till-client';
import { isBusinessDay } from '../journal/journal-store';
import { paymentLabel } from '../journal/labels';
import { isPinError, useSupervisorAction } from '../settings/SupervisorAction';
import { useCashierName } from './cashier-name';
import { FiguresList, PrintNote, ReconciliationTable } from './ShiftFigures';
import { shiftName, shiftOverShortSummary, taipeiClock, zNumber } from './shift-view';
import './shifts.css';

type ZResult = MethodOutput<'day.zReport'>;

/**
 * The closing screen's shifts: each shift of the day with its over/short, and the Z report that
 * ends the day (supervisor PIN; main refuses a second one, and a copy prints as 副本).
 */
export function DayShifts({ businessDay }: { businessDay: string }) {
  const t = useText();
  const cashierName = useCashierName();
  const supervisor = useSupervisorAction();
  const [shifts, setShifts] = useState<ShiftView[] | null>(null);
  const [loadError, setLoadError] = useState<Bilingual | null>(null);
  // Main's refusal of a Z report, for the day it was asked for (another day shows none).
  const [refused, setRefused] = useState<{ day: string; message: Bilingual } | null>(null);
  const refusal = refused?.day === businessDay ? refused.message : null;
  const refusalLine = useRef<HTMLParagraphElement>(null);
  // The refusal appears low on a long screen: bring it into view where the button is.
  useEffect(() => {
    // (Braces: newer browsers answer scrollIntoView with a promise, which is no effect cleanup.)
    refusalLine.current?.scrollIntoView({ block: 'nearest' });
  }, [refused]);
  const [report, setReport] = useState<{ z: ZResult; copy: boolean } | null>(null);

  useEffect(() => {
    if (!isBusinessDay(businessDay)) return;
    let current = true;
    void callTill('shift.list', { businessDay }).then((result) => {
      if (!current) return;
      setShifts(result.ok ? result.value : null);
      setLoadError(result.ok ? null : result.error.message);
    });
    return () => {
      current = false;
    };
  }, [businessDay, report]);

  const askZ = (copy: boolean) => {
    setRefused(null);
    supervisor.ask(
      copy
        ? { zh: 'Z 報表副本', en: 'Z report copy' }
        : { zh: 'Z 報表（日結）', en: 'Z report (end of day)' },
      async (input) => {
        const result = await callTill(copy ? 'day.zReportCopy' : 'day.zReport', { businessDay, ...input });
        if (result.ok) {
          setReport({ z: result.value, copy });
          return null;
        }
        // Main's refusal (a shift still open, the day already has one) goes beside the button.
        if (!isPinError(result.error)) setRefused({ day: businessDay, message: result.error.message });
        return result.error;
      },
      // The Z names the supervisor who approved it (a copy approves nothing new).
      { approver: !copy },
    );
  };

  const open = shifts?.filter((s) => s.state === 'open').length ?? 0;
  return (
    <section className="panel day-shifts" data-testid="day-shifts" aria-labelledby="day-shifts-title">
      <div className="day-shifts__head">
        <h2 id="day-shifts-title" className="panel__title">
          {t({ zh: '班別與日結', en: 'Shifts and end of day' })}
        </h2>
        {shifts && (
          <span className="tag" data-testid="day-shifts-count">
            {t({
              zh: `${shifts.length} 班${open > 0 ? `，${open} 班未關` : ''}`,
              en: `${plural(shifts.length, 'shift')}${open > 0 ? `, ${open} open` : ''}`,
            })}
          </span>
        )}
      </div>
      {loadError && (
        <p className="notice notice--error" role="alert">
          {t(loadError)}
        </p>
      )}
      {shifts && shifts.length === 0 && (
        <p className="empty" data-testid="day-shifts-empty">
          {t({ zh: '這一天沒有班別', en: 'No shifts on this day' })}
        </p>
      )}
      {shifts && shifts.length > 0 && (
        <table className="table shift-table" data-testid="day-shifts-table">
          <thead>
            <tr>
              <th scope="col">{t({ zh: '班別', en: 'Shift' })}</th>
              <th scope="col">{t({ zh: '收銀員', en: 'Cashier' })}</th>
              <th scope="col">{t({ zh: '時間', en: 'Time' })}</th>
              <th scope="col" className="num">
                {t({ zh: '現金點算', en: 'Cash counted' })}
              </th>
              <th scope="col">{t({ zh: '溢收／短少', en: 'Over / short' })}</th>
            </tr>
          </thead>
          <tbody>
            {shifts.map((shift) => {
              const summary = shiftOverShortSummary(shift.reconciliation, paymentLabel);
              const cash = shift.reconciliation?.find((row) => row.method === 'cash');
              return (
                <tr key={shift.shiftId} data-testid="day-shift" data-state={shift.state}>
                  <th scope="row">{t(shiftName(shift.number))}</th>
                  <td>{cashierName(shift.openedBy)}</td>
                  <td className="day-shifts__time">
                    {taipeiClock(shift.openedAt, shift.businessDay)}–
                    {shift.closedAt ? taipeiClock(shift.closedAt, shift.businessDay) : ''}
                  </td>
                  <td className="num">{cash?.counted == null ? '—' : formatNtd(cash.counted)}</td>
                  <td data-testid="day-shift-over-short">
                    {summary ? (
                      <span className={`over-short over-short--${summary.tone}`} data-tone={summary.tone}>
                        {t(summary.text)}
                      </span>
                    ) : (
                      <span className="tag tag--warn">{t({ zh: '進行中', en: 'Open' })}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <div className="form-row day-shifts__z">
        <KeyButton tone="primary" data-testid="z-report" onClick={() => askZ(false)}>
          {t({ zh: 'Z 報表（日結）', en: 'Z report (end of day)' })}
        </KeyButton>
        <KeyButton data-testid="z-report-copy" onClick={() => askZ(true)}>
          {t({ zh: 'Z 報表副本', en: 'Z report copy' })}
        </KeyButton>
        {refusal && (
          <p ref={refusalLine} className="shift__error" role="alert" data-testid="z-error">
            {t(refusal)}
          </p>
        )}
      </div>
      <p className="hint">
        {t({
          zh: 'Z 報表結束營業日：編號連續、只印一次正本，之後只能印副本。',
          en: 'The Z report ends the business day: numbered, printed once as the original, afterwards only as a copy.',
        })}
      </p>
      {supervisor.dialog}
      {report && <ZReportDialog report={report.z} copy={report.copy} onClose={() => setReport(null)} />}
    </section>
  );
}

function ZReportDialog({ report, copy, onClose }: { report: ZResult; copy: boolean; onClose(): void }) {
  const t = useText();
  const cashierName = useCashierName();
  return (
    <Dialog
      title={t({
        zh: `Z 報表 ${zNumber(report.number)}${copy ? '（副本）' : ''}`,
        en: `Z report ${zNumber(report.number)}${copy ? ' (copy)' : ''}`,
      })}
      onClose={onClose}
      testId="z-report-view"
      wide
      footer={
        <KeyButton shortcut="Escape" tone="primary" onClick={onClose} data-testid="z-report-close">
          {t({ zh: '關閉', en: 'Close' })}
        </KeyButton>
      }
    >
      <p className="hint" data-testid="z-report-facts">
        {t({
          zh: `${report.tillId}・營業日 ${report.businessDay}・${taipeiClock(report.madeAt)} 由 ${cashierName(report.madeBy)} 製作${report.approvedBy ? `・${report.approvedBy} 核准` : ''}${report.training ? '・練習模式' : ''}`,
          en: `${report.tillId} · business day ${report.businessDay} · made ${taipeiClock(report.madeAt)} by ${cashierName(report.madeBy)}${report.approvedBy ? ` · approved by ${report.approvedBy}` : ''}${report.training ? ' · training' : ''}`,
        })}
      </p>
      <PrintNote
        print={report.print}
        what={copy ? { zh: 'Z 報表副本', en: 'The Z report copy' } : { zh: 'Z 報表', en: 'The Z report' }}
        testId="z-report-printed"
      />
      <div className="z-report__columns">
        <FiguresList figures={report.figures} testId="z-report-figures" />
        <div>
          <ReconciliationTable rows={report.reconciliation} testId="z-report-reconciliation" />
          {report.invoices.length > 0 && (
            <table className="table table--compact shift-table" data-testid="z-report-invoices">
              <caption>{t({ zh: '發票（有效者）', en: 'Invoices that stand' })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t({ zh: '種類', en: 'Kind' })}</th>
                  <th scope="col" className="num">
                    {t({ zh: '張數', en: 'Count' })}
                  </th>
                  <th scope="col" className="num">
                    {t({ zh: '金額', en: 'Amount' })}
                  </th>
                  <th scope="col" className="num">
                    {t({ zh: '稅額', en: 'Tax' })}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.invoices.map((row) => (
                  <tr key={row.kind}>
                    <th scope="row">{t(row.label)}</th>
                    <td className="num">{row.count}</td>
                    <td className="num">{formatNtd(row.amount)}</td>
                    <td className="num">{formatNtd(row.tax)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
      <p className="hint">
        {t({ zh: '日誌鏈結（當下最後一筆）', en: "The journal's chain head" })}:{' '}
        <code className="z-report__chain" title={report.chainHead}>
          {report.chainHead}
        </code>
      </p>
    </Dialog>
  );
}
