import { useEffect } from 'react';
import {
  FIGURE_PART_LABEL,
  FIGURE_PARTS,
  formatNtd,
  plural,
  type Bilingual,
  type FigurePart,
} from '../../../shared/domain';
import type { JournalSummary } from '../../../shared/ipc/contract/journal';
import { useNavigation } from '../app/navigation-store';
import { useShortcuts } from '../app/shortcuts';
import { BackButton } from '../components/BackButton';
import { BusinessDayField } from '../components/BusinessDayField';
import { TextField } from '../components/Field';
import { KeyButton } from '../components/KeyButton';
import { Segmented } from '../components/Segmented';
import { StoreView } from '../head-office/StoreView';
import { useText } from '../i18n/language-store';
import { labelOf, OPERATION_LABEL, paymentLabel, STATE_LABEL } from '../journal/labels';
import { ReconciliationSection } from '../reconciliation/ReconciliationSection';
import { OwedReissues } from '../returns/OwedReissues';
import { useSupervisorAction } from '../settings/SupervisorAction';
import { DayShifts } from '../shifts/DayShifts';
import { SummaryPrint } from './SummaryPrint';
import { useClosing } from './closing-store';

/** The export's files by table, as the list under the export names them. */
const TABLE_LABEL: Readonly<Record<'transactions' | 'lines' | 'cash' | 'prices' | 'summary', Bilingual>> = {
  transactions: { zh: '交易', en: 'Transactions' },
  lines: { zh: '品項', en: 'Line items' },
  cash: { zh: '現金', en: 'Cash' },
  prices: { zh: '售價變更', en: 'Price changes' },
  summary: { zh: '日結', en: 'Summary' },
};

/** Count and amount per method, kind or state; a key without a label shows as itself. */
function FigureTable({
  caption,
  figures,
  labels,
  hideEmpty = false,
}: {
  caption: string;
  figures: Record<string, { count: number; amount: number }>;
  labels: Readonly<Record<string, Bilingual>>;
  hideEmpty?: boolean;
}) {
  const t = useText();
  return (
    <table className="table table--compact">
      <caption>{caption}</caption>
      <tbody>
        {Object.entries(figures)
          .filter(([, figure]) => !hideEmpty || figure.count > 0)
          .map(([key, figure]) => (
            <tr key={key}>
              <td>{t(labelOf(labels, key))}</td>
              <td className="num">{figure.count}</td>
              <td className="num">{formatNtd(figure.amount)}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}

/**
 * The day's one set of figures (issue 22, item 15; shared/domain/sales-figures.ts): per payment
 * method the invoices issued (gross), the voids and allowances taken off, and the net, then the
 * totals: the same numbers as the summary slip, the Z report and the export.
 */
function SalesFiguresTable({
  figures,
  testId,
}: {
  figures: JournalSummary['sales']['figures'];
  testId: string;
}) {
  const t = useText();
  const cells = (row: Record<FigurePart, number>, rowId: string) =>
    FIGURE_PARTS.map((part) => (
      <td key={part} className="num" data-testid={`${rowId}-${part}`}>
        {formatNtd(part === 'voids' || part === 'allowances' ? -row[part] : row[part])}
      </td>
    ));
  return (
    <table className="table table--compact sales-figures" data-testid={`${testId}-figures`}>
      <caption>
        {t({ zh: '開立、作廢、折讓、淨額（依付款方式）', en: 'Gross, voids, allowances, net by method' })}
      </caption>
      <thead>
        <tr>
          <th>{t({ zh: '付款方式', en: 'Method' })}</th>
          {FIGURE_PARTS.map((part) => (
            <th key={part} className="num">
              {t(FIGURE_PART_LABEL[part])}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {figures.byMethod.map((row) => (
          <tr key={row.method} data-testid={`${testId}-figures-row`}>
            <td>{t(paymentLabel(row.method))}</td>
            {cells(row, `${testId}-figures-${row.method}`)}
          </tr>
        ))}
        <tr className="sales-figures__total">
          <td>{t({ zh: '合計', en: 'Total' })}</td>
          {cells(figures.total, `${testId}-figures-total`)}
        </tr>
      </tbody>
    </table>
  );
}

const STATE_AND_VOIDED_LABEL: Readonly<Record<string, Bilingual>> = {
  ...STATE_LABEL,
  voided: { zh: '已作廢', en: 'Voided' },
};

/** The states with the voided invoices apart from 已開立: it counts only invoices that stand. */
function statesApart(block: JournalSummary['sales']): Record<string, { count: number; amount: number }> {
  const states: Record<string, { count: number; amount: number }> = Object.assign(Object.create(null), {
    ...block.byState,
  });
  const issued = block.byState.issued;
  const voided = block.invoices.voided;
  if (issued && voided.count > 0) {
    states.issued = { count: issued.count - voided.count, amount: issued.amount - voided.amount };
    states.voided = voided;
  }
  return states;
}

function SummaryBlock({
  title,
  block,
  testId,
}: {
  title: string;
  block: JournalSummary['sales'];
  testId: string;
}) {
  const t = useText();
  if (block.count === 0) {
    return (
      <section className="panel summary-block" data-testid={testId}>
        <h2 className="panel__title">{title}</h2>
        <p className="empty" data-testid={`${testId}-empty`}>
          {t({ zh: '這一天沒有交易', en: 'No sales on this day' })}
        </p>
      </section>
    );
  }
  return (
    <section className="panel summary-block" data-testid={testId}>
      <h2 className="panel__title">{title}</h2>
      {/* The invoices as the return counts them: only those that stand; voided ones apart. */}
      <dl className="summary-figures">
        <dt>{t({ zh: '有效發票', en: 'Invoices standing' })}</dt>
        <dd data-testid={`${testId}-invoices-count`}>{block.invoices.standing.count}</dd>
        <dt>{t({ zh: '發票金額', en: 'Invoice amount' })}</dt>
        <dd className="summary-figures__big" data-testid={`${testId}-invoices-amount`}>
          {formatNtd(block.invoices.standing.amount)}
        </dd>
        <dt>{t({ zh: '稅額', en: 'Tax' })}</dt>
        <dd data-testid={`${testId}-tax`}>{formatNtd(block.invoices.tax.total)}</dd>
        <dt>{t({ zh: '淨額（開立−作廢−折讓）', en: 'Net (gross − voids − allowances)' })}</dt>
        <dd data-testid={`${testId}-net`}>{formatNtd(block.figures.total.net)}</dd>
        {block.invoices.voided.count > 0 && (
          <>
            <dt>{t({ zh: '已作廢（不計入）', en: 'Voided (not counted)' })}</dt>
            <dd data-testid={`${testId}-voided`}>
              {block.invoices.voided.count} · {formatNtd(block.invoices.voided.amount)}
            </dd>
          </>
        )}
        <dt>{t({ zh: '交易筆數（全部狀態）', en: 'Sales (any state)' })}</dt>
        <dd>{block.count}</dd>
      </dl>
      {/* Gross and net apart, per method: no total here mixes voided invoices into the takings. */}
      <SalesFiguresTable figures={block.figures} testId={testId} />
      <div className="summary-columns">
        <FigureTable
          caption={t({ zh: '發票方式', en: 'Invoice kind' })}
          figures={block.byOperation}
          labels={OPERATION_LABEL}
          hideEmpty
        />
        <FigureTable
          caption={t({ zh: '狀態', en: 'State' })}
          figures={statesApart(block)}
          labels={STATE_AND_VOIDED_LABEL}
          hideEmpty
        />
      </div>
    </section>
  );
}

/**
 * The day's summary, its reconciliation with the provider, its export to a folder (CSV or JSON),
 * the summary slip and the journal check.
 */
export function ClosingScreen() {
  const t = useText();
  const go = useNavigation((s) => s.go);
  const closing = useClosing();
  const supervisor = useSupervisorAction();
  useEffect(() => {
    void useClosing.getState().load();
  }, []);
  useShortcuts({ Escape: () => go('sell'), F5: () => void closing.load() });

  const summary = closing.summary;
  return (
    <div className="closing" data-testid="closing-screen">
      <div className="filters">
        <BusinessDayField value={closing.businessDay} onChange={closing.setDay} testId="closing-day" />
      </div>
      {closing.error && (
        <p className="notice notice--error" role="alert" data-testid="closing-error">
          {t(closing.error.message)}
        </p>
      )}
      {/* 改開 still owing the new invoice: the day is not closed on a customer without one. */}
      <OwedReissues />
      {summary && (
        <div className="closing__blocks">
          <SummaryBlock title={t({ zh: '營業', en: 'Sales' })} block={summary.sales} testId="summary-sales" />
          {summary.training.count > 0 && (
            <SummaryBlock
              title={t({ zh: '練習模式（不計入營業）', en: 'Training (not sales)' })}
              block={summary.training}
              testId="summary-training"
            />
          )}
        </div>
      )}
      {/* Ready once the summary above has its height: the status bar's warning scrolls to it. */}
      <ReconciliationSection
        businessDay={closing.businessDay}
        layoutReady={summary !== null || closing.error !== null}
      />
      {/* Below the reconciliation: its place on the page stays put while the shifts load. */}
      <DayShifts businessDay={closing.businessDay} />
      <section className="panel" data-testid="export-panel">
        <h2 className="panel__title">{t({ zh: '匯出', en: 'Export' })}</h2>
        <div className="form-row">
          <TextField
            label={t({
              zh: '匯出到資料夾（這台電腦上的路徑）',
              en: 'Export to folder (a path on this computer)',
            })}
            variant="grow"
            value={closing.folder}
            spellCheck={false}
            placeholder="/home/shop/exports"
            data-scanner="input"
            onChange={(e) => closing.setFolder(e.target.value)}
            data-testid="export-folder"
          />
          {/* XLSX first: what a person opens (typed cells: zeros kept, NT$, Taipei times); CSV for scripts. */}
          {(['xlsx', 'csv', 'json'] as const).map((format) => (
            <KeyButton
              key={format}
              tone={format === 'xlsx' ? 'primary' : 'neutral'}
              disabled={closing.busy || closing.folder.trim() === ''}
              onClick={() =>
                supervisor.ask(
                  { zh: `匯出 ${format.toUpperCase()}`, en: `Export ${format.toUpperCase()}` },
                  (input) => closing.exportDay(format, input),
                )
              }
              data-testid={`export-${format}`}
            >
              {format.toUpperCase()}
            </KeyButton>
          ))}
        </div>
        {/* XLSX and CSV: words for people and accountants, or the codes scripts read. */}
        <fieldset className="field">
          <legend className="field__label">{t({ zh: 'XLSX / CSV 欄名', en: 'XLSX / CSV headers' })}</legend>
          <Segmented
            value={closing.headers}
            onChange={closing.setHeaders}
            options={[
              { value: 'zh', label: '中文', testId: 'export-headers-zh' },
              { value: 'en', label: 'English', testId: 'export-headers-en' },
              { value: 'codes', label: t({ zh: '代碼', en: 'Codes' }), testId: 'export-headers-codes' },
            ]}
          />
        </fieldset>
        {closing.exported.map((result) => (
          <div key={result.file} className="notice notice--ok" data-testid="export-done">
            <p>
              {t({ zh: `已匯出 ${result.rows} 筆：`, en: `Exported ${plural(result.rows, 'row')}: ` })}
              <code>{result.file}</code>
            </p>
            {result.files.length > 1 && (
              <ul className="export-files" data-testid="export-files">
                {result.files
                  .filter((written) => written.file !== result.file)
                  .map((written) => (
                    <li key={written.file}>
                      {t(TABLE_LABEL[written.table])} <code>{written.file}</code>
                    </li>
                  ))}
              </ul>
            )}
          </div>
        ))}
      </section>
      <section className="panel" data-testid="drawer-panel">
        <div className="form-row">
          <KeyButton
            onClick={() =>
              supervisor.ask(
                { zh: '開錢櫃', en: 'Open the cash drawer' },
                (input) => closing.openDrawer(input),
                { approver: true },
              )
            }
            data-testid="open-drawer"
          >
            {t({ zh: '開錢櫃', en: 'Open drawer' })}
          </KeyButton>
          {closing.drawerOpened && (
            <span className="notice notice--ok" data-testid="drawer-opened">
              {t({ zh: '錢櫃已開啟（已記入日誌）', en: 'The drawer was opened (recorded in the journal)' })}
            </span>
          )}
        </div>
      </section>
      {supervisor.dialog}
      <section className="panel">
        <div className="form-row">
          <SummaryPrint />
          <KeyButton onClick={() => void closing.verify()} data-testid="verify-chain">
            {t({ zh: '檢查日誌完整性', en: 'Check the journal' })}
          </KeyButton>
        </div>
        {closing.verification && (
          <p
            className={closing.verification.ok ? 'notice notice--ok' : 'notice notice--error'}
            data-testid="chain-result"
          >
            {closing.verification.ok
              ? t({
                  zh: `日誌完整：${closing.verification.entries} 筆紀錄`,
                  en: `The journal is intact: ${plural(closing.verification.entries, 'entry', 'entries')}`,
                })
              : t(closing.verification.reason)}
          </p>
        )}
      </section>
      {/* Below everything this till knows by itself: the store as head office has it. */}
      <StoreView businessDay={closing.businessDay} reload={closing.loads} />
      <footer className="action-bar">
        <BackButton />
        <KeyButton shortcut="F5" onClick={() => void closing.load()}>
          {t({ zh: '重新整理', en: 'Refresh' })}
        </KeyButton>
      </footer>
    </div>
  );
}
