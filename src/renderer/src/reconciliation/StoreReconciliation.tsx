import { formatNtd, plural } from '../../../shared/domain';
import type { ReconciliationReport, TillFigures } from '../../../shared/ipc/contract/reconciliation';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { paymentLabel } from '../journal/labels';
import type { useSupervisorAction } from '../settings/SupervisorAction';
import { FindingGroups } from './FindingList';
import { useReconciliation } from './reconciliation-store';
import { checkedText, completenessText, isClean, netOf, paymentColumns } from './report-view';

const kib = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-US')} KB`;

/** Count and amount in one cell: `3 · NT$152`. */
function CountAmount({ figure }: { figure: { count: number; amount: number } }) {
  return (
    <>
      <span className="store-table__count">{figure.count} ·</span> {formatNtd(figure.amount)}
    </>
  );
}

/** Per till and for the store: sales, returns, net per payment method, invoices checked, findings. */
function StoreTable({ report }: { report: ReconciliationReport }) {
  const t = useText();
  const methods = paymentColumns(report);
  const sourceOf = (till: TillFigures) =>
    till.source === 'journal' ? t({ zh: '本機日誌', en: 'This till' }) : (till.file ?? '—');
  return (
    <div className="store-table__wrap">
      <table className="table table--compact store-table" data-testid="store-table">
        <caption>
          {t({
            zh: `全店對帳 ${report.businessDays.join('、')}`,
            en: `Store reconciliation ${report.businessDays.join(', ')}`,
          })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t({ zh: '收銀機', en: 'Till' })}</th>
            <th scope="col">{t({ zh: '來源', en: 'Source' })}</th>
            <th scope="col" className="num">
              {t({ zh: '銷售', en: 'Sales' })}
            </th>
            <th scope="col" className="num">
              {t({ zh: '退貨', en: 'Returns' })}
            </th>
            {methods.map((method) => (
              <th key={method} scope="col" className="num">
                {t({ zh: `淨額 ${paymentLabel(method).zh}`, en: `Net ${paymentLabel(method).en}` })}
              </th>
            ))}
            <th scope="col" className="num">
              {t({ zh: '發現', en: 'Findings' })}
            </th>
          </tr>
        </thead>
        <tbody>
          {report.tills.map((till) => (
            <tr key={`${till.tillId}-${till.file ?? ''}`} data-testid="store-till" data-till={till.tillId}>
              <th scope="row">{till.tillId}</th>
              <td className="store-table__source">{sourceOf(till)}</td>
              <td className="num">
                <CountAmount figure={till.sales} />
              </td>
              <td className="num">
                <CountAmount figure={till.returns} />
              </td>
              {methods.map((method) => (
                <td key={method} className="num">
                  {formatNtd(netOf(till.net, method))}
                </td>
              ))}
              <td className="num">{till.findings}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="store-total">
            <th scope="row" colSpan={2}>
              {t({ zh: '全店', en: 'Store' })}
            </th>
            <td className="num">
              <CountAmount figure={report.store.sales} />
            </td>
            <td className="num">
              <CountAmount figure={report.store.returns} />
            </td>
            {methods.map((method) => (
              <td key={method} className="num">
                {formatNtd(netOf(report.store.net, method))}
              </td>
            ))}
            <td className="num">{report.tills.reduce((sum, till) => sum + till.findings, 0)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * Each other till's export signing key by its fingerprint (issue 22, item 11): the key a till's
 * first imported export came with is pinned with the supervisor PIN; the supervisor compares the
 * fingerprint with the one that till's export shows, and a later export signed with another key
 * is refused by name.
 */
function TillKeys({ report }: { report: ReconciliationReport }) {
  const t = useText();
  const keyed = report.tills.filter((till) => till.keyFingerprint);
  if (keyed.length === 0) return null;
  return (
    <ul className="store-keys" data-testid="store-keys">
      {keyed.map((till) => (
        <li key={till.tillId} data-testid="store-key" data-till={till.tillId}>
          {t(
            till.keyPinnedNow
              ? {
                  zh: `收銀機 ${till.tillId} 的匯出簽署金鑰指紋 ${till.keyFingerprint}：本次首次登錄，請與該收銀機匯出檔的指紋核對。`,
                  en: `Till ${till.tillId}'s export key fingerprint ${till.keyFingerprint}: pinned now, at its first import; compare it with the fingerprint in that till's export.`,
                }
              : {
                  zh: `收銀機 ${till.tillId} 的匯出簽署金鑰指紋 ${till.keyFingerprint}：與登錄的相符。`,
                  en: `Till ${till.tillId}'s export key fingerprint ${till.keyFingerprint}: matches the pinned one.`,
                },
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * 全店對帳: other tills' JSON exports (a USB stick, a shared folder) picked here and read as text,
 * then this till's journal with them, with the supervisor PIN. A refused export (another company,
 * a journal whose chain does not verify) is shown with main's reason; nothing is kept from it.
 */
export function StoreReconciliation({
  businessDay,
  now,
  supervisor,
}: {
  businessDay: string;
  now: Date;
  supervisor: ReturnType<typeof useSupervisorAction>;
}) {
  const t = useText();
  const rec = useReconciliation();
  const report = rec.storeReport;
  return (
    <section className="store-reconciliation" data-testid="store-reconciliation">
      <h3 className="finding-group__title">
        {t({ zh: '全店對帳（多台收銀機）', en: 'Store reconciliation (several tills)' })}
      </h3>
      <p className="hint">
        {t({
          zh: '選擇其他收銀機同一營業日的 JSON 匯出檔（關帳畫面的「JSON」匯出），與本機日誌一起核對。',
          en: "Pick the other tills' JSON exports of the same business day (the closing screen's JSON export) to reconcile them with this till's journal.",
        })}
      </p>
      <div className="form-row">
        {/* Our own words on the picker (the browser's "Choose Files" is in the OS language), and
            the input itself still takes the focus and the keyboard. */}
        <label className="key-button key-button--neutral file-button">
          <input
            type="file"
            multiple
            accept=".json,application/json"
            className="file-button__input"
            data-testid="store-files"
            disabled={rec.storeBusy}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              // Cleared so that picking the same file again (corrected) is a change too.
              e.target.value = '';
              if (files.length > 0) void rec.pickFiles(files);
            }}
          />
          <span className="key-button__label">
            {rec.files.length === 0
              ? t({ zh: '選擇匯出檔…', en: 'Pick export files…' })
              : t({
                  zh: `加入匯出檔…（已選 ${rec.files.length} 個）`,
                  en: `Add export files… (${plural(rec.files.length, 'file')} picked)`,
                })}
          </span>
        </label>
        <KeyButton
          tone="primary"
          disabled={rec.storeBusy || rec.files.length === 0}
          onClick={() =>
            supervisor.ask({ zh: '全店對帳', en: 'Store reconciliation' }, (input) =>
              rec.runStore(businessDay, input),
            )
          }
          data-testid="store-run"
        >
          {t({ zh: '全店對帳', en: 'Reconcile the store' })}
        </KeyButton>
        {rec.files.length > 0 && (
          <KeyButton onClick={rec.clearFiles} disabled={rec.storeBusy} data-testid="store-clear">
            {t({ zh: '清除檔案', en: 'Clear files' })}
          </KeyButton>
        )}
      </div>
      {rec.files.length > 0 && (
        <ul className="store-files" data-testid="store-file-list">
          {rec.files.map((file) => (
            <li key={file.name}>
              <code>{file.name}</code> <span className="hint">{kib(file.size)}</span>
            </li>
          ))}
        </ul>
      )}
      {rec.fileProblem && (
        <p className="notice notice--error" role="alert" data-testid="store-file-problem">
          {t(rec.fileProblem)}
        </p>
      )}
      {rec.storeBusy && (
        <p className="notice notice--info" role="status" data-testid="store-progress">
          {t({
            zh: `正在核對 ${rec.files.length} 個匯出檔與本機日誌…`,
            en: `Reconciling ${plural(rec.files.length, 'export')} with this till's journal…`,
          })}
        </p>
      )}
      {rec.storeError && (
        <p className="notice notice--error" role="alert" data-testid="store-error">
          {t(rec.storeError.message)}
        </p>
      )}
      {report && (
        <div data-testid="store-report">
          <p className="reconciliation__summary">
            <span>{t(checkedText(report.checked))}</span>
            <span className={report.complete ? 'tag tag--ok' : 'tag tag--warn'}>
              {t(completenessText(report))}
            </span>
          </p>
          <StoreTable report={report} />
          <TillKeys report={report} />
          {isClean(report) ? (
            <p className="notice notice--ok" data-testid="store-clean">
              {t({ zh: '各收銀機都沒有需要處理的項目', en: 'Nothing to act on at any till' })}
            </p>
          ) : (
            <FindingGroups
              report={report}
              now={now}
              busy={rec.running || rec.storeBusy}
              testIdPrefix="store-findings"
              onAccept={(suggestion) =>
                supervisor.ask(
                  { zh: `接受建議：訂單 ${suggestion.orderNo}`, en: `Accept: order ${suggestion.orderNo}` },
                  (input) => rec.accept(suggestion.orderNo, input),
                )
              }
            />
          )}
        </div>
      )}
    </section>
  );
}
