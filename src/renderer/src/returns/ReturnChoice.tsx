import { formatNtd } from '../../../shared/domain';
import type { ReturnSale } from '../../../shared/ipc/contract/returns';
import { TextField } from '../components/Field';
import { KeyButton } from '../components/KeyButton';
import { Segmented } from '../components/Segmented';
import { useText } from '../i18n/language-store';
import { paymentLabel } from '../journal/labels';
import { TAX_LABEL } from '../sell/tax-labels';
import { REASON_MAX, REASONS, useReturns, type ReasonCode } from './returns-store';

/** The whole sale in its period, not voided, with no allowance standing: 改開 is possible. */
export function canReissue(sale: ReturnSale): boolean {
  return (
    sale.withinVoidWindow &&
    sale.voidState === 'none' &&
    !sale.returns.some(
      (r) => r.kind === 'allowance' && !r.voided && r.state !== 'rejected' && r.state !== 'not-done',
    )
  );
}

/** What comes back (all, or lines by quantity or amount), why, who, and what the till will do. */
export function ReturnChoice({ sale }: { sale: ReturnSale }) {
  const t = useText();
  const returns = useReturns();
  return (
    <>
      <section className="panel returns__lines">
        <Segmented
          role="group"
          aria-label={t({ zh: '退貨範圍', en: 'What comes back' })}
          value={returns.whole ? 'whole' : 'part'}
          onChange={(v) => returns.setWhole(v === 'whole')}
          options={[
            { value: 'whole', label: t({ zh: '整筆退貨 F3', en: 'Whole sale F3' }), testId: 'returns-whole' },
            { value: 'part', label: t({ zh: '部分退貨', en: 'Some lines' }), testId: 'returns-part' },
          ]}
        />
        <table className="table returns__table" data-testid="returns-lines">
          <thead>
            <tr>
              <th>{t({ zh: '品名', en: 'Item' })}</th>
              <th className="num">{t({ zh: '售出', en: 'Sold' })}</th>
              <th className="num">{t({ zh: '已退', en: 'Returned' })}</th>
              <th className="num">{t({ zh: '可退', en: 'Left' })}</th>
              <th>{t({ zh: '本次退', en: 'Return now' })}</th>
            </tr>
          </thead>
          <tbody>
            {sale.lines.map((line) => {
              const pick = returns.picks[line.sequence];
              const mode = pick?.mode ?? 'quantity';
              const nothingLeft = line.remainingAmount <= 0;
              return (
                <tr key={line.sequence} data-testid="returns-line" data-sequence={line.sequence}>
                  <td>
                    {line.name}
                    {line.taxType !== 'taxable' && (
                      <span className="hint"> {t(TAX_LABEL[line.taxType])}</span>
                    )}
                    <div className="hint">
                      {line.quantity} × {line.unitPrice} = {formatNtd(line.subTotal)}
                    </div>
                  </td>
                  <td className="num">{line.quantity}</td>
                  <td className="num" data-testid="returns-line-returned">
                    {line.returnedQuantity > 0 && line.returnedQuantity}
                    {line.returnedAmount > 0 && <div className="hint">{formatNtd(line.returnedAmount)}</div>}
                  </td>
                  <td className="num">
                    {line.remainingQuantity}
                    <div className="hint">{formatNtd(line.remainingAmount)}</div>
                  </td>
                  <td>
                    <span className="returns__pick">
                      <input
                        className="field__input returns__pick-input"
                        inputMode={mode === 'quantity' ? 'decimal' : 'numeric'}
                        autoComplete="off"
                        disabled={nothingLeft}
                        aria-label={t({ zh: `${line.name} 本次退`, en: `${line.name}: return now` })}
                        value={returns.whole ? '' : (pick?.value ?? '')}
                        placeholder={returns.whole ? t({ zh: '全部', en: 'all' }) : '0'}
                        data-testid="returns-line-value"
                        onChange={(e) => {
                          const value = e.target.value;
                          if (!/^\d{0,8}(\.\d{0,3})?$/.test(value)) return;
                          returns.setPick(line.sequence, value === '' ? null : { mode, value });
                        }}
                      />
                      <Segmented
                        className="segmented segmented--compact"
                        role="group"
                        aria-label={t({ zh: '數量或金額', en: 'Quantity or amount' })}
                        value={mode}
                        onChange={(m) =>
                          returns.setPick(line.sequence, { mode: m, value: pick?.value ?? '' })
                        }
                        options={[
                          {
                            value: 'quantity',
                            label: t({ zh: '件', en: 'qty' }),
                            testId: 'returns-line-qty',
                          },
                          {
                            value: 'amount',
                            label: t({ zh: '元', en: 'NT$' }),
                            testId: 'returns-line-amount',
                          },
                        ]}
                      />
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      <section className="panel returns__side">
        <ReasonPicker />
        <TextField
          label={t({ zh: '經手人', en: 'Handled by' })}
          value={returns.by}
          maxLength={40}
          onChange={(e) => returns.setBy(e.target.value)}
          data-testid="returns-by"
        />
        <PlanView />
      </section>
    </>
  );
}

export function ReasonPicker() {
  const t = useText();
  const reason = useReturns((s) => s.reason);
  const reasonText = useReturns((s) => s.reasonText);
  const setReason = useReturns((s) => s.setReason);
  const setReasonText = useReturns((s) => s.setReasonText);
  return (
    <div className="returns__reason" role="radiogroup" aria-label={t({ zh: '原因', en: 'Reason' })}>
      <span className="field__label">{t({ zh: '原因', en: 'Reason' })}</span>
      <div className="returns__reasons">
        {REASONS.map((r) => (
          <KeyButton
            key={r.code}
            role="radio"
            aria-checked={reason === r.code}
            tone={reason === r.code ? 'primary' : 'neutral'}
            onClick={() => setReason(r.code as ReasonCode)}
            data-testid={`returns-reason-${r.code}`}
          >
            {t(r.label)}
          </KeyButton>
        ))}
      </div>
      {reason === 'other' && (
        <TextField
          label={t({ zh: `說明（最多 ${REASON_MAX} 字）`, en: `Say why (at most ${REASON_MAX} characters)` })}
          value={reasonText}
          maxLength={REASON_MAX}
          autoFocus
          onChange={(e) => setReasonText(e.target.value)}
          data-testid="returns-reason-text"
        />
      )}
    </div>
  );
}

/** What main says it will do with this choice: void or allowance, why, and the refund by method. */
function PlanView() {
  const t = useText();
  const plan = useReturns((s) => s.plan);
  const planError = useReturns((s) => s.planError);
  const planning = useReturns((s) => s.planning);
  const proofPrinted = useReturns((s) => s.sale?.proofPrinted === true);
  if (planError)
    return (
      <p className="notice notice--error" role="alert" data-testid="returns-plan-error">
        {t(planError.message)}
      </p>
    );
  if (!plan)
    return (
      <p className="hint" data-testid="returns-plan-empty">
        {planning
          ? t({ zh: '計算中…', en: 'Working it out…' })
          : t({ zh: '請選擇要退的項目與數量或金額', en: 'Pick the lines and a quantity or an amount' })}
      </p>
    );
  return (
    <div className="returns__plan" data-testid="returns-plan" data-kind={plan.kind}>
      <p className="returns__plan-kind">
        <b data-testid="returns-plan-kind">
          {plan.kind === 'void'
            ? t({ zh: '作廢整張發票', en: 'Void the whole invoice' })
            : t({ zh: '開立折讓', en: 'Issue an allowance' })}
        </b>
        <span className="hint"> {t(plan.why)}</span>
      </p>
      <dl className="facts">
        {plan.refunds.map((refund) => (
          <div key={refund.method} className="returns__refund">
            <dt>
              {t({ zh: '退款', en: 'Refund' })} · {t(paymentLabel(refund.method))}
            </dt>
            <dd data-testid={`returns-refund-${refund.method}`}>{formatNtd(refund.amount)}</dd>
          </div>
        ))}
        <dt>{t({ zh: '退款合計', en: 'Refund total' })}</dt>
        <dd className="returns__total" data-testid="returns-plan-total">
          {formatNtd(plan.totalAmount)}
        </dd>
      </dl>
      {plan.kind === 'void' && proofPrinted && (
        // Before the F12: a voided invoice's paper proof must not stay with the customer (it could
        // still win the receipt lottery), so the cashier takes it back first.
        <p className="notice notice--warning" role="status" data-testid="returns-take-proof">
          {t({
            zh: '此發票已列印紙本證明聯：作廢前請向顧客收回證明聯。',
            en: 'A paper proof of this invoice was printed: take it back from the customer before the void.',
          })}
        </p>
      )}
      {plan.refunds.some((r) => r.method === 'cash' && r.amount > 0) && (
        <p className="hint">
          {t({
            zh: '現金由錢櫃退還，關帳時會扣除。',
            en: 'Cash comes out of the drawer; the closing counts it.',
          })}
        </p>
      )}
    </div>
  );
}
