import { DRAWER_PART_LABEL, formatNtd, plural, type Bilingual } from '../../../shared/domain';
import type { MethodOutput } from '../../../shared/ipc/contract';
import type { PrintOutcome } from '../../../shared/ipc/contract/printing';
import type { DenominationCount } from '../../../shared/ipc/contract/shifts';
import { DENOMINATIONS } from '../../../shared/ipc/contract/shifts';
import { useText } from '../i18n/language-store';
import { paymentLabel } from '../journal/labels';
import { countTotal, denominationKey, denominationLabel, overShortText } from './shift-view';

type Figures = MethodOutput<'shift.xReport'>['figures'];
type Reconciliation = NonNullable<MethodOutput<'shift.close'>['reconciliation']>;

/** Over or short with its word and a sign beside the colour, so it reads without colour too. */
export function OverShort({ value, testId }: { value: number | null; testId?: string }) {
  const t = useText();
  const { tone, text } = overShortText(value);
  const mark = { over: '▲', short: '▼', even: '＝', uncounted: '·' }[tone];
  return (
    <span className={`over-short over-short--${tone}`} data-tone={tone} data-testid={testId}>
      <span aria-hidden="true">{mark}</span> {t(text)}
    </span>
  );
}

/** Expected vs counted per payment method, and the over/short of each. */
export function ReconciliationTable({ rows, testId }: { rows: Reconciliation; testId: string }) {
  const t = useText();
  return (
    <table className="table shift-table" data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">{t({ zh: '付款方式', en: 'Method' })}</th>
          <th scope="col" className="num">
            {t({ zh: '應有', en: 'Expected' })}
          </th>
          <th scope="col" className="num">
            {t({ zh: '點算', en: 'Counted' })}
          </th>
          <th scope="col">{t({ zh: '溢收／短少', en: 'Over / short' })}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.method} data-testid="reconciliation-row" data-method={row.method}>
            <th scope="row">{t(paymentLabel(row.method))}</th>
            <td className="num" data-testid="expected">
              {formatNtd(row.expected)}
            </td>
            <td className="num" data-testid="counted">
              {row.counted === null ? '—' : formatNtd(row.counted)}
            </td>
            <td>
              <OverShort value={row.overShort} testId="over-short" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A shift's (or a day's) figures: float, sales, returns, net per method, paid-in/out, cash drops, expected cash. */
export function FiguresList({ figures, testId }: { figures: Figures; testId: string }) {
  const t = useText();
  return (
    <>
      <dl className="summary-figures shift-figures" data-testid={testId}>
        <dt>{t({ zh: '零用金（開班）', en: 'Float (opening)' })}</dt>
        <dd data-testid="figure-float">{formatNtd(figures.float)}</dd>
        <dt>
          {t({
            zh: `銷售 ${figures.sales.count} 筆`,
            en: `Sales (${plural(figures.sales.count, 'sale')})`,
          })}
        </dt>
        <dd>{formatNtd(figures.sales.amount)}</dd>
        <dt>
          {t({
            zh: `退款 ${figures.returns.count} 筆`,
            en: `Refunds (${plural(figures.returns.count, 'return')})`,
          })}
        </dt>
        <dd>{formatNtd(-figures.returns.amount)}</dd>
        {figures.net.map((row) => (
          <FigureRow
            key={row.method}
            label={t({
              zh: `淨額：${t(paymentLabel(row.method))}`,
              en: `Net ${t(paymentLabel(row.method))}`,
            })}
            amount={row.amount}
          />
        ))}
        <dt>{t({ zh: '收入（找零補充等）', en: 'Paid in' })}</dt>
        <dd>{formatNtd(figures.paidIn)}</dd>
        <dt>{t({ zh: '支出（零用金等）', en: 'Paid out' })}</dt>
        <dd>{formatNtd(-figures.paidOut)}</dd>
        <dt>{t(DRAWER_PART_LABEL.cashDrops)}</dt>
        <dd data-testid="figure-cash-drops">{formatNtd(-figures.cashDrops)}</dd>
        <dt className="shift-figures__key">{t({ zh: '錢櫃應有現金', en: 'Cash expected in the drawer' })}</dt>
        <dd className="summary-figures__big" data-testid="figure-expected-cash">
          {formatNtd(figures.expectedCash)}
        </dd>
      </dl>
      {figures.pending > 0 && (
        <p className="notice notice--warning" data-testid="figure-pending">
          {t({
            zh: `${figures.pending} 筆交易待確認：金額已當作收款計入。`,
            en: `${plural(figures.pending, 'sale')} to verify: counted as paid.`,
          })}
        </p>
      )}
    </>
  );
}

function FigureRow({ label, amount }: { label: string; amount: number }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{formatNtd(amount)}</dd>
    </>
  );
}

/** The notes and coins as counted (only those there were), with the total. */
export function CountList({ count, testId }: { count: DenominationCount; testId: string }) {
  const t = useText();
  const rows = DENOMINATIONS.filter((d) => (count[denominationKey(d)] ?? 0) > 0);
  return (
    <table className="table table--compact shift-table" data-testid={testId}>
      <caption>{t({ zh: '點算明細', en: 'As counted' })}</caption>
      <tbody>
        {rows.map((d) => {
          const pieces = count[denominationKey(d)] ?? 0;
          const { amount, kind } = denominationLabel(d);
          return (
            <tr key={d}>
              <th scope="row">
                {amount} <span className="count__kind">{t(kind)}</span>
              </th>
              <td className="num">× {pieces}</td>
              <td className="num">{formatNtd(pieces * d)}</td>
            </tr>
          );
        })}
        <tr className="shift-table__total">
          <th scope="row" colSpan={2}>
            {t({ zh: '現金合計', en: 'Cash total' })}
          </th>
          <td className="num">{formatNtd(countTotal(count))}</td>
        </tr>
      </tbody>
    </table>
  );
}

/**
 * How a report's slip went: printed, or main's reason it did not (the slip waits as a print job;
 * the report is made either way). Nothing when no slip was asked for.
 */
export function PrintNote({
  print,
  what,
  testId,
}: {
  print: PrintOutcome | null | undefined;
  what: Bilingual;
  testId: string;
}) {
  const t = useText();
  if (!print) return null;
  if (print.printed) {
    // Quiet when it went well: one line, not a box that pushes the figures down.
    return (
      <p className="hint print-note" role="status" data-testid={testId} data-printed="true">
        ✓ {t({ zh: `${what.zh}已列印`, en: `${what.en} printed` })}
      </p>
    );
  }
  return (
    <p className="notice notice--warning" role="status" data-testid={testId} data-printed="false">
      {t({ zh: `${what.zh}未印出：`, en: `${what.en} did not print: ` })}
      {print.message ? t(print.message) : ''}
    </p>
  );
}
