import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatNtd, taipeiBusinessDay, type Bilingual } from '../../../shared/domain';
import type { DenominationCount, ShiftView } from '../../../shared/ipc/contract/shifts';
import { useNavigation } from '../app/navigation-store';
import { useShortcuts } from '../app/shortcuts';
import { BackButton } from '../components/BackButton';
import { CancelButton } from '../components/CancelButton';
import { Dialog } from '../components/Dialog';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { paymentLabel } from '../journal/labels';
import { useSupervisorAction } from '../settings/SupervisorAction';
import { CashMovementDialog, MOVEMENT_LABEL, type MovementKind } from './CashMovementDialog';
import { CountPanel, WholeInput } from './CountPanel';
import { useCashierName } from './cashier-name';
import { useSession } from './session-store';
import { CountList, FiguresList, OverShort, PrintNote, ReconciliationTable } from './ShiftFigures';
import {
  emptyCountForm,
  parseAmount,
  parseCountForm,
  shiftName,
  shiftOverShortSummary,
  taipeiClock,
  WHOLE_NUMBER_RULE,
  type CountForm,
} from './shift-view';
import { useShift, type ClosedShift } from './shift-store';
import { XReportDialog } from './XReportDialog';
import { callTill } from '../ipc/till-client';
import './shifts.css';

/**
 * The cashier's shift: open it by counting the float, paid-in, paid-out and cash drops, the X
 * report, and the close with a blind count (the expected figures appear only once the count is in).
 */
export function ShiftScreen() {
  const t = useText();
  const session = useSession((s) => s.session);
  const mode = useShift((s) => s.mode);
  const closed = useShift((s) => s.closed);
  useEffect(() => {
    void useSession.getState().load();
    void useSession.getState().loadCashiers();
    // A count left half done is not kept: the next visit starts from the overview.
    return () => useShift.getState().cancelCount();
  }, []);

  if (closed) return <ShiftResult shift={closed} />;
  if (!session) return <p className="placeholder">{t({ zh: '載入中…', en: 'Loading…' })}</p>;
  if (!session.shift) return <OpenShift />;
  if (mode === 'counting') return <CloseCount shift={session.shift} />;
  return <ShiftOverview shift={session.shift} />;
}

/** Main's refusal or the form's problem, beside the button that was pressed. */
function ActionError({ message, testId }: { message: Bilingual | null; testId: string }) {
  const t = useText();
  if (!message) return null;
  return (
    <p className="shift__error" role="alert" data-testid={testId}>
      {t(message)}
    </p>
  );
}

/** Focuses the screen's main button (Enter after the last count row lands there). */
const focusSubmit = (box: HTMLElement | null) =>
  box?.querySelector<HTMLButtonElement>('[data-submit]')?.focus();

function OpenShift() {
  const t = useText();
  const go = useNavigation((s) => s.go);
  const busy = useShift((s) => s.busy);
  const refusal = useShift((s) => (s.error?.action === 'open' ? s.error.message : null));
  const [form, setForm] = useState<CountForm>(emptyCountForm);
  const [problem, setProblem] = useState<Bilingual | null>(null);
  const box = useRef<HTMLDivElement>(null);

  // The day's last shift, when it was closed with a count: its drawer can be taken over as
  // counted, one drawer carried on rather than new money (issue 22, item 14).
  const [counted, setCounted] = useState<{ number: number; cash: number } | null>(null);
  useEffect(() => {
    let current = true;
    void callTill('shift.list', { businessDay: taipeiBusinessDay(new Date()) }).then((result) => {
      if (!current || !result.ok) return;
      const last = result.value.at(-1);
      const cash = last?.reconciliation?.find((row) => row.method === 'cash')?.counted;
      if (last && last.state === 'closed' && last.count !== null && cash !== undefined && cash !== null)
        setCounted({ number: last.number, cash });
    });
    return () => {
      current = false;
    };
  }, []);
  const takeOver = async () => {
    setProblem(null);
    if (await useShift.getState().open({}, true)) go('sell');
  };

  const submit = async () => {
    setProblem(null);
    const parsed = parseCountForm(form);
    if (!parsed.ok) return setProblem(parsed.reason);
    // Open, then sell: that is what the float was counted for.
    if (await useShift.getState().open(parsed.count)) go('sell');
  };
  useShortcuts({ F12: busy ? undefined : () => void submit(), Escape: () => go('sell') });

  return (
    <div className="shift" ref={box} data-testid="shift-screen" data-view="open">
      <header className="shift__head">
        <h2 className="shift__title">{t({ zh: '開班：點算零用金', en: 'Open a shift: count the float' })}</h2>
        <p className="hint">
          {t({
            zh: '輸入錢櫃裡每種鈔票與硬幣的數量。Enter 或 Tab 移到下一格。',
            en: 'Type how many of each note and coin is in the drawer. Enter or Tab moves down.',
          })}
        </p>
      </header>
      <CountPanel
        form={form}
        onChange={setForm}
        totalLabel={t({ zh: '零用金合計', en: 'Float total' })}
        onLast={() => focusSubmit(box.current)}
        testId="float-count"
      />
      <footer className="action-bar">
        <ActionError message={problem ?? refusal} testId="shift-error" />
        <BackButton />
        {counted && (
          <KeyButton
            disabled={busy}
            onClick={() => void takeOver()}
            data-testid="shift-take-over"
            title={t({
              zh: `第 ${counted.number} 班交班點算 ${formatNtd(counted.cash)}`,
              en: `Shift ${counted.number} counted ${formatNtd(counted.cash)} at its close`,
            })}
          >
            {t({ zh: '接手上一班的錢櫃（依點算金額）', en: 'Take over the drawer as counted' })}{' '}
            <span data-testid="shift-take-over-amount">{formatNtd(counted.cash)}</span>
          </KeyButton>
        )}
        <KeyButton
          tone="go"
          size="large"
          shortcut="F12"
          disabled={busy}
          data-submit=""
          data-testid="shift-open"
          onClick={() => void submit()}
        >
          {t({ zh: '開班', en: 'Open the shift' })}
        </KeyButton>
      </footer>
    </div>
  );
}

function ShiftOverview({ shift }: { shift: ShiftView }) {
  const t = useText();
  const go = useNavigation((s) => s.go);
  const cashierName = useCashierName();
  const supervisor = useSupervisorAction();
  const { busy, notice, xReport } = useShift();
  const xRefusal = useShift((s) => (s.error?.action === 'x-report' && !s.xReport ? s.error.message : null));
  const [movement, setMovement] = useState<MovementKind | null>(null);
  const name = shiftName(shift.number);

  const askX = () =>
    supervisor.ask({ zh: 'X 報表', en: 'X report' }, (input) =>
      useShift.getState().showXReport(input, false),
    );
  const idle = movement === null && xReport === null && !busy;
  useShortcuts({
    F5: idle ? () => setMovement('cash-drop') : undefined,
    F6: idle ? () => setMovement('paid-in') : undefined,
    F7: idle ? () => setMovement('paid-out') : undefined,
    F8: idle ? askX : undefined,
    F9: idle ? () => useShift.getState().startCount() : undefined,
    Escape: () => go('sell'),
  });

  return (
    <div className="shift" data-testid="shift-screen" data-view="overview">
      <section className="panel shift__state">
        <h2 className="shift__title" data-testid="shift-title">
          {t({ zh: `${name.zh}進行中`, en: `${name.en} is open` })}
        </h2>
        <p className="shift__facts">
          {t({
            zh: `${taipeiClock(shift.openedAt, shift.businessDay)} 由 ${cashierName(shift.openedBy)} 開班・營業日 ${shift.businessDay}・收銀機 ${shift.tillId}`,
            en: `Opened ${taipeiClock(shift.openedAt, shift.businessDay)} by ${cashierName(shift.openedBy)} · business day ${shift.businessDay} · till ${shift.tillId}`,
          })}
        </p>
      </section>
      {notice && (
        <p
          className={notice.drawerOpened ? 'notice notice--ok' : 'notice notice--warning'}
          role="status"
          data-testid="shift-notice"
        >
          {t(notice.message)}
          {!notice.drawerOpened &&
            t({
              zh: '（錢櫃沒有打開：請檢查印表機，或由主管開錢櫃）',
              en: ' (the drawer did not open: check the printer, or a supervisor opens it)',
            })}
        </p>
      )}
      <section className="shift__actions" aria-label={t({ zh: '班別操作', en: 'Shift actions' })}>
        <ActionTile
          shortcut="F5"
          title={t(MOVEMENT_LABEL['cash-drop'])}
          hint={t({
            zh: '大鈔收到保險箱・主管 PIN',
            en: 'Large notes to the safe · supervisor PIN',
          })}
          testId="shift-cash-drop"
          disabled={!idle}
          onClick={() => setMovement('cash-drop')}
        />
        <ActionTile
          shortcut="F6"
          title={t(MOVEMENT_LABEL['paid-in'])}
          hint={t({
            zh: '放入錢櫃（找零補充）・主管 PIN',
            en: 'Into the drawer (change delivered) · supervisor PIN',
          })}
          testId="shift-paid-in"
          disabled={!idle}
          onClick={() => setMovement('paid-in')}
        />
        <ActionTile
          shortcut="F7"
          title={t(MOVEMENT_LABEL['paid-out'])}
          hint={t({
            zh: '從錢櫃取出（零用金）・主管 PIN',
            en: 'Out of the drawer (petty cash) · supervisor PIN',
          })}
          testId="shift-paid-out"
          disabled={!idle}
          onClick={() => setMovement('paid-out')}
        />
        <ActionTile
          shortcut="F8"
          title={t({ zh: 'X 報表', en: 'X report' })}
          hint={t({
            zh: '目前為止的數字，不歸零・主管 PIN',
            en: 'The figures so far, nothing reset · supervisor PIN',
          })}
          testId="shift-x-report"
          disabled={!idle}
          onClick={askX}
        >
          <ActionError message={xRefusal} testId="x-report-refused" />
        </ActionTile>
        <ActionTile
          shortcut="F9"
          title={t({ zh: '關班點算', en: 'Close the shift' })}
          hint={t({
            zh: '先點算錢櫃，送出後才顯示應有金額',
            en: 'Count the drawer first; the expected amounts show after',
          })}
          testId="shift-close"
          tone="primary"
          disabled={!idle}
          onClick={() => useShift.getState().startCount()}
        />
      </section>
      <footer className="action-bar">
        <BackButton />
      </footer>
      {movement && <CashMovementDialog kind={movement} onClose={() => setMovement(null)} />}
      {xReport && (
        <XReportDialog
          report={xReport.report}
          supervisor={xReport.supervisor}
          onClose={() => useShift.getState().closeXReport()}
        />
      )}
      {supervisor.dialog}
    </div>
  );
}

/** A big button with what it does underneath, and room for its error. */
function ActionTile({
  shortcut,
  title,
  hint,
  testId,
  tone = 'neutral',
  disabled,
  onClick,
  children,
}: {
  shortcut: string;
  title: string;
  hint: string;
  testId: string;
  tone?: 'neutral' | 'primary';
  disabled: boolean;
  onClick(): void;
  children?: ReactNode;
}) {
  return (
    <div className="shift__tile">
      <KeyButton
        shortcut={shortcut}
        tone={tone}
        size="large"
        className="shift__tile-button"
        disabled={disabled}
        data-testid={testId}
        onClick={onClick}
      >
        {title}
      </KeyButton>
      <p className="hint">{hint}</p>
      {children}
    </div>
  );
}

type Other = { method: 'card' | 'other'; amount: number };

function CloseCount({ shift }: { shift: ShiftView }) {
  const t = useText();
  const busy = useShift((s) => s.busy);
  const refusal = useShift((s) => (s.error?.action === 'close' ? s.error.message : null));
  const [form, setForm] = useState<CountForm>(emptyCountForm);
  const [card, setCard] = useState('');
  const [other, setOther] = useState('');
  const [problem, setProblem] = useState<Bilingual | null>(null);
  const [confirming, setConfirming] = useState<{
    count: DenominationCount;
    total: number;
    others: Other[];
  } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const name = shiftName(shift.number);

  const review = () => {
    setProblem(null);
    useShift.getState().clearError();
    const parsed = parseCountForm(form);
    if (!parsed.ok) return setProblem(parsed.reason);
    const others: Other[] = [];
    for (const [method, text] of [
      ['card', card],
      ['other', other],
    ] as const) {
      if (text.trim() === '') continue; // left out: main takes the till's own figure
      const amount = parseAmount(text);
      if (amount === null) return setProblem(WHOLE_NUMBER_RULE);
      others.push({ method, amount });
    }
    setConfirming({ count: parsed.count, total: parsed.total, others });
  };
  const submit = async () => {
    if (!confirming) return;
    const { count, others } = confirming;
    setConfirming(null);
    await useShift.getState().close(count, others);
  };
  useShortcuts({
    F12: busy || confirming ? undefined : review,
    Escape: () => useShift.getState().cancelCount(),
  });

  const otherField = (label: string, value: string, set: (text: string) => void, testId: string) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <WholeInput
        value={value}
        label={label}
        testId={testId}
        onChange={set}
        onRefused={() => setProblem(WHOLE_NUMBER_RULE)}
      />
    </label>
  );

  return (
    <div className="shift" ref={box} data-testid="shift-screen" data-view="count">
      <header className="shift__head">
        <h2 className="shift__title">
          {t({ zh: `關班點算：${name.zh}`, en: `Close ${name.en}: count the drawer` })}
        </h2>
        <p className="hint" data-testid="blind-hint">
          {t({
            zh: '盲點：請照實點算，送出後才會顯示收銀機的應有金額與差額。',
            en: "Blind count: count what is there; the till's expected amounts and the difference show after you submit.",
          })}
        </p>
      </header>
      <CountPanel
        form={form}
        onChange={setForm}
        totalLabel={t({ zh: '現金合計', en: 'Cash counted' })}
        onLast={() => focusSubmit(box.current)}
        testId="close-count"
        side={
          <div className="count__others">
            {otherField(
              t({ zh: '信用卡簽單合計（NT$）', en: 'Card slips total (NT$)' }),
              card,
              setCard,
              'count-card',
            )}
            {otherField(
              t({ zh: '其他付款合計（NT$）', en: 'Other payments total (NT$)' }),
              other,
              setOther,
              'count-other',
            )}
            <p className="hint">
              {t({ zh: '留空：以收銀機的金額為準。', en: "Left empty: the till's own figure is taken." })}
            </p>
          </div>
        }
      />
      <footer className="action-bar">
        <ActionError message={problem ?? refusal} testId="shift-error" />
        <KeyButton shortcut="Escape" onClick={() => useShift.getState().cancelCount()}>
          {t({ zh: '取消', en: 'Cancel' })}
        </KeyButton>
        <KeyButton
          tone="go"
          size="large"
          shortcut="F12"
          disabled={busy}
          data-submit=""
          data-testid="count-submit"
          onClick={review}
        >
          {t({ zh: '送出點算', en: 'Submit the count' })}
        </KeyButton>
      </footer>
      {confirming && (
        <Dialog
          title={t({ zh: `送出點算並關閉${name.zh}？`, en: `Submit the count and close ${name.en}?` })}
          onClose={() => setConfirming(null)}
          testId="count-confirm"
          footer={
            <>
              <CancelButton onClick={() => setConfirming(null)} />
              <KeyButton
                tone="go"
                shortcut="Enter"
                data-autofocus=""
                data-testid="count-confirm-ok"
                onClick={() => void submit()}
              >
                {t({ zh: '送出並關班', en: 'Submit and close' })}
              </KeyButton>
            </>
          }
        >
          <dl className="summary-figures">
            <dt>{t({ zh: '現金', en: 'Cash' })}</dt>
            <dd data-testid="confirm-cash">{formatNtd(confirming.total)}</dd>
            {confirming.others.map((o) => (
              <Fact key={o.method} label={t(paymentLabel(o.method))} value={formatNtd(o.amount)} />
            ))}
          </dl>
          <p className="hint">
            {t({
              zh: '送出後班別即關閉，點算不能再修改。',
              en: 'Once submitted the shift is closed and the count cannot be changed.',
            })}
          </p>
        </Dialog>
      )}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

function ShiftResult({ shift }: { shift: ClosedShift }) {
  const t = useText();
  const go = useNavigation((s) => s.go);
  const cashierName = useCashierName();
  const name = shiftName(shift.number);
  const summary = shiftOverShortSummary(shift.reconciliation, paymentLabel);
  const done = () => {
    useShift.getState().dismissClosed();
    go('sell');
  };
  useShortcuts({ F12: done, F9: () => useShift.getState().dismissClosed(), Escape: done });

  return (
    <div className="shift" data-testid="shift-screen" data-view="result">
      <div className="shift__result">
        <section className="panel shift__result-main">
          <div className="shift__result-head">
            <h2 className="shift__title" data-testid="shift-title">
              {t({ zh: `${name.zh}已關班`, en: `${name.en} closed` })}
            </h2>
            {summary && (
              <p
                className={`shift__verdict over-short--${summary.tone}`}
                data-testid="shift-verdict"
                data-tone={summary.tone}
              >
                {t(summary.text)}
              </p>
            )}
          </div>
          <p className="shift__facts">
            {t({
              zh: `${taipeiClock(shift.openedAt, shift.businessDay)}–${taipeiClock(shift.closedAt, shift.businessDay)}・開班 ${cashierName(shift.openedBy)}・關班 ${cashierName(shift.closedBy ?? '—')}`,
              en: `${taipeiClock(shift.openedAt, shift.businessDay)}–${taipeiClock(shift.closedAt, shift.businessDay)} · opened by ${cashierName(shift.openedBy)} · closed by ${cashierName(shift.closedBy ?? '—')}`,
            })}
          </p>
          {shift.reconciliation ? (
            <ReconciliationTable rows={shift.reconciliation} testId="shift-reconciliation" />
          ) : (
            <OverShort value={null} />
          )}
          <PrintNote
            print={shift.print}
            what={{ zh: '關班單', en: 'The shift slip' }}
            testId="shift-printed"
          />
        </section>
        {shift.figures && (
          <section className="panel shift__result-figures">
            <h3 className="panel__title">{t({ zh: '班別數字', en: 'Shift figures' })}</h3>
            <FiguresList figures={shift.figures} testId="shift-figures" />
          </section>
        )}
        {shift.count && (
          <section className="panel shift__result-count">
            <CountList count={shift.count} testId="shift-count" />
          </section>
        )}
      </div>
      <footer className="action-bar">
        <KeyButton shortcut="F9" data-testid="shift-next" onClick={() => useShift.getState().dismissClosed()}>
          {t({ zh: '開下一班', en: 'Open the next shift' })}
        </KeyButton>
        <KeyButton tone="go" size="large" shortcut="F12" data-testid="shift-done" onClick={done}>
          {t({ zh: '完成', en: 'Done' })}
        </KeyButton>
      </footer>
    </div>
  );
}
