import type {
  ReconciliationFinding,
  ReconciliationReport,
  ReconciliationSuggestion,
} from '../../../shared/ipc/contract/reconciliation';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import {
  amountsText,
  deadlineText,
  FINDING_LABEL,
  groupFindings,
  invoiceText,
  isPastDeadline,
  namesTills,
  SUGGESTION_ACTION,
  SUGGESTIONS_TITLE,
  suggestionText,
} from './report-view';

/** How urgent a row looks: past a deadline or a mismatch is red, an upload at risk amber. */
function tone(finding: ReconciliationFinding, now: Date): 'bad' | 'warn' {
  if (finding.kind === 'upload-at-risk') return 'warn';
  if (finding.kind === 'upload-suspended') return isPastDeadline(finding, now) ? 'bad' : 'warn';
  return 'bad';
}

/** The facts a person matches with a receipt: till, order number, invoice number. */
function Identity({
  tillId,
  orderNo,
  invoiceNumber,
  showTill,
}: {
  tillId: string;
  orderNo: string | null;
  invoiceNumber: string | null;
  showTill: boolean;
}) {
  const t = useText();
  return (
    <>
      {showTill && (
        <span className="finding__fact">
          {t({ zh: '收銀機', en: 'Till' })} <b>{tillId}</b>
        </span>
      )}
      <span className="finding__fact">
        {t({ zh: '訂單', en: 'Order' })} <b data-testid="finding-order">{orderNo ?? '—'}</b>
      </span>
      <span className="finding__fact">
        {t({ zh: '發票', en: 'Invoice' })} <b data-testid="finding-invoice">{invoiceText(invoiceNumber)}</b>
      </span>
    </>
  );
}

/** What the provider answered, in its own codes: for whoever calls the provider. */
function Codes({ append, process }: { append: string | null; process: string | null }) {
  if (!append && !process) return null;
  return (
    <p className="finding__codes">
      {append && <code>AppendStatus {append}</code>}
      {process && <code>ProcessStatus {process}</code>}
    </p>
  );
}

function FindingRow({
  finding,
  now,
  showTill,
}: {
  finding: ReconciliationFinding;
  now: Date;
  showTill: boolean;
}) {
  const t = useText();
  const amounts = amountsText(finding.journalAmount, finding.providerAmount);
  return (
    <li
      className={`finding finding--${tone(finding, now)}`}
      data-testid="finding"
      data-kind={finding.kind}
      data-order={finding.orderNo ?? ''}
      data-invoice={finding.invoiceNumber ?? ''}
    >
      <div className="finding__head">
        <span className="finding__tag">{t(FINDING_LABEL[finding.kind])}</span>
        <Identity
          tillId={finding.tillId}
          orderNo={finding.orderNo}
          invoiceNumber={finding.invoiceNumber}
          showTill={showTill}
        />
        {amounts && <span className="finding__fact">{t(amounts)}</span>}
        {finding.deadline && (
          <span className="finding__fact finding__deadline" data-testid="finding-deadline">
            {t(deadlineText(finding.deadline, now))}
          </span>
        )}
      </div>
      <p className="finding__action" data-testid="finding-action">
        {t(finding.action)}
      </p>
      {/* What was seen, with the e-invoice service's codes: the detail view, where technical text belongs. */}
      <details className="finding__detail">
        <summary>{t({ zh: '詳細', en: 'Details' })}</summary>
        <p data-testid="finding-detail">{t(finding.detail)}</p>
        <Codes append={finding.appendStatus} process={finding.processStatus} />
      </details>
    </li>
  );
}

function SuggestionRow({
  suggestion,
  showTill,
  onAccept,
  busy,
}: {
  suggestion: ReconciliationSuggestion;
  showTill: boolean;
  onAccept(suggestion: ReconciliationSuggestion): void;
  busy: boolean;
}) {
  const t = useText();
  const amounts = amountsText(suggestion.journalAmount, suggestion.providerAmount);
  return (
    <li
      className="finding finding--suggestion"
      data-testid="suggestion"
      data-order={suggestion.orderNo}
      data-outcome={suggestion.outcome}
    >
      <div className="finding__row">
        <div className="finding__main">
          <div className="finding__head">
            <span className="finding__tag">{t({ zh: '待確認', en: 'Needs verification' })}</span>
            <Identity
              tillId={suggestion.tillId}
              orderNo={suggestion.orderNo}
              invoiceNumber={suggestion.invoiceNumber}
              showTill={showTill}
            />
            {amounts && <span className="finding__fact">{t(amounts)}</span>}
          </div>
          <p className="finding__suggested" data-testid="suggestion-outcome">
            {t(suggestionText(suggestion))}
          </p>
          <p className="finding__action" data-testid="finding-action">
            {t(SUGGESTION_ACTION)}
          </p>
        </div>
        <KeyButton
          tone="primary"
          disabled={busy}
          onClick={() => onAccept(suggestion)}
          data-testid="suggestion-accept"
          aria-label={t({
            zh: `接受訂單 ${suggestion.orderNo} 的建議`,
            en: `Accept the suggestion for order ${suggestion.orderNo}`,
          })}
        >
          {t({ zh: '接受', en: 'Accept' })}
        </KeyButton>
      </div>
      <details className="finding__detail">
        <summary>{t({ zh: '證據', en: 'Evidence' })}</summary>
        <p data-testid="suggestion-evidence">{t(suggestion.evidence)}</p>
        {suggestion.invoiceDateTime && (
          <p>
            {t({ zh: '開立時間', en: 'Issued at' })} {suggestion.invoiceDateTime.replace('T', ' ')}
          </p>
        )}
        <Codes append={null} process={suggestion.processStatus} />
      </details>
    </li>
  );
}

/**
 * A report's findings in their groups (mismatches, uploads, unknown numbers) and its suggestions,
 * each row naming the order and the invoice and the action to take.
 */
export function FindingGroups({
  report,
  now,
  onAccept,
  busy,
  testIdPrefix = 'findings',
}: {
  report: ReconciliationReport;
  now: Date;
  onAccept(suggestion: ReconciliationSuggestion): void;
  busy: boolean;
  testIdPrefix?: string;
}) {
  const t = useText();
  const showTill = namesTills(report);
  return (
    <>
      {groupFindings(report, now).map((group) => (
        <section key={group.id} className="finding-group" data-testid={`${testIdPrefix}-${group.id}`}>
          <h3 className="finding-group__title">
            {t(group.title)} <span className="finding-group__count">{group.findings.length}</span>
          </h3>
          <ul className="finding-list">
            {group.findings.map((finding, i) => (
              <FindingRow
                key={`${finding.kind}-${finding.invoiceNumber ?? finding.orderNo ?? i}-${i}`}
                finding={finding}
                now={now}
                showTill={showTill}
              />
            ))}
          </ul>
        </section>
      ))}
      {report.suggestions.length > 0 && (
        <section className="finding-group" data-testid={`${testIdPrefix}-suggestions`}>
          <h3 className="finding-group__title">
            {t(SUGGESTIONS_TITLE)} <span className="finding-group__count">{report.suggestions.length}</span>
          </h3>
          <ul className="finding-list">
            {report.suggestions.map((suggestion) => (
              <SuggestionRow
                key={suggestion.orderNo}
                suggestion={suggestion}
                showTill={showTill}
                onAccept={onAccept}
                busy={busy}
              />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
