import { COMMON_LOVE_CODES, INVOICE_KIND_LABEL, PLACEHOLDERS, type Bilingual } from '../../../shared/domain';
import { Field } from '../components/Field';
import { KeyButton } from '../components/KeyButton';
import { Segmented } from '../components/Segmented';
import { useText } from '../i18n/language-store';
import { useStatus } from '../status/status-store';
import { useCheckout } from './checkout-store';
import { CARRIER_LABEL, type InvoiceField, type InvoiceKind } from './invoice-form';

const INVOICE_KINDS: { kind: InvoiceKind; key: string; label: Bilingual; help: Bilingual }[] = [
  {
    kind: 'paper',
    key: 'F2',
    label: INVOICE_KIND_LABEL.paper,
    help: { zh: '列印電子發票證明聯', en: 'Print the e-invoice proof' },
  },
  {
    kind: 'carrier',
    key: 'F3',
    label: INVOICE_KIND_LABEL.carrier,
    help: {
      zh: '手機條碼或自然人憑證，不印證明聯',
      en: 'Mobile barcode or citizen certificate; no proof printed',
    },
  },
  {
    kind: 'donate',
    key: 'F4',
    label: INVOICE_KIND_LABEL.donate,
    help: { zh: '輸入愛心碼捐給社福團體', en: 'Give a love code to donate the invoice' },
  },
  {
    kind: 'phone',
    key: 'F5',
    label: INVOICE_KIND_LABEL.phone,
    help: { zh: '顧客掃 QR Code 自行捐贈或歸戶', en: 'The customer scans a QR code to donate or bind' },
  },
  {
    kind: 'business',
    key: 'F6',
    label: INVOICE_KIND_LABEL.business,
    help: { zh: '公司報帳：統編與抬頭', en: 'Business buyer: tax ID and title' },
  },
];

/** An invoice field checked as it is typed: the reason it is wrong, or a tick once it is right. */
function CheckedField({
  field,
  label,
  value,
  onChange,
  error,
  placeholder,
  scanner,
  testId,
  maxLength,
  inputMode,
}: {
  field: InvoiceField;
  label: string;
  value: string;
  onChange(value: string): void;
  error: Bilingual | undefined;
  placeholder?: string;
  scanner?: boolean;
  testId: string;
  maxLength: number;
  inputMode?: 'numeric' | 'text';
}) {
  const t = useText();
  const show = error && value.trim() !== '';
  return (
    <Field label={label} data-scanner={scanner ? 'input' : undefined}>
      <input
        className={`field__input${show ? ' field__input--invalid' : ''}`}
        value={value}
        name={field}
        maxLength={maxLength}
        inputMode={inputMode}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        aria-invalid={show ? true : undefined}
        data-testid={testId}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          // A scanner ends with Enter: stay in the field instead of pressing anything.
          if (e.key === 'Enter') e.preventDefault();
        }}
      />
      {show ? (
        <span className="field__error" role="alert" data-testid={`${testId}-error`}>
          {t(error)}
        </span>
      ) : (
        value.trim() !== '' &&
        !error && (
          <span className="field__ok" data-testid={`${testId}-ok`}>
            ✓ {t({ zh: '格式正確', en: 'Looks right' })}
          </span>
        )
      )}
    </Field>
  );
}

/** Common love codes with their charities' names: a tap fills the field (issue 24, item 10). */
function LoveCodeList({ value, onPick }: { value: string; onPick(code: string): void }) {
  const t = useText();
  return (
    <ul
      className="love-codes"
      aria-label={t({ zh: '常用愛心碼', en: 'Common love codes' })}
      data-testid="love-codes"
    >
      {COMMON_LOVE_CODES.map((entry) => (
        <li key={entry.code}>
          <button
            type="button"
            className="quick love-codes__pick"
            aria-pressed={value.trim() === entry.code}
            data-testid={`love-code-${entry.code}`}
            onClick={() => onPick(entry.code)}
          >
            <b>{entry.code}</b> {t(entry.name)}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Why "the customer decides on the phone" is not offered with SystemLead: its documents list no
 * /Append/OrderReturnQKey and no donate/bind page (InvoiceApiList.md). Shown where the choice would be.
 */
export const NO_PHONE_CHOICE: Bilingual = {
  zh: '「手機決定」不提供：SystemLead 沒有讓客人用手機捐贈或歸戶的頁面。請在櫃台掃描手機條碼（載具）或輸入愛心碼（捐贈），或印紙本證明聯。',
  en: '"Decide on phone" is not offered: SystemLead has no page where the customer donates or binds on their phone. Scan the mobile barcode (carrier) or enter the love code (donate) at the counter, or print the proof.',
};

/** The invoice choices of provider profile §2 the provider has, and the fields each needs, validated as typed. */
export function InvoiceChoicePanel({ errors }: { errors: Partial<Record<InvoiceField, Bilingual>> }) {
  const t = useText();
  const invoice = useCheckout((s) => s.invoice);
  const setInvoice = useCheckout((s) => s.setInvoice);
  const noPhone = useStatus((s) => s.status?.providerVariant === 'systemlead');
  const kinds = noPhone ? INVOICE_KINDS.filter((option) => option.kind !== 'phone') : INVOICE_KINDS;
  return (
    <section className="panel invoice-choice" aria-label={t({ zh: '發票', en: 'Invoice' })}>
      <h2 className="panel__title">{t({ zh: '發票', en: 'Invoice' })}</h2>
      <div className="choice-grid" role="radiogroup">
        {kinds.map((option) => (
          <KeyButton
            key={option.kind}
            shortcut={option.key}
            className="choice"
            role="radio"
            aria-checked={invoice.kind === option.kind}
            data-testid={`invoice-${option.kind}`}
            onClick={() => setInvoice({ kind: option.kind })}
          >
            <b>{t(option.label)}</b>
            <small>{t(option.help)}</small>
          </KeyButton>
        ))}
      </div>
      {noPhone && (
        <p className="hint" data-testid="invoice-no-phone">
          {t(NO_PHONE_CHOICE)}
        </p>
      )}
      <div className="choice-fields" data-testid="invoice-fields">
        {invoice.kind === 'paper' && (
          <p className="hint">
            {t({
              zh: '結帳後印出電子發票證明聯交給顧客。',
              en: 'The proof prints after payment: hand it to the customer.',
            })}
          </p>
        )}
        {invoice.kind === 'phone' && (
          <p className="hint">
            {t({
              zh: '結帳後顧客畫面顯示 QR Code，顧客用手機掃描後自行選擇捐贈或歸戶。',
              en: 'After payment the customer screen shows a QR code; the customer donates or binds on their phone.',
            })}
          </p>
        )}
        {invoice.kind === 'carrier' && (
          <>
            <Segmented
              role="group"
              aria-label={t({ zh: '載具類別', en: 'Carrier type' })}
              value={invoice.carrierKind}
              onChange={(carrierKind) => setInvoice({ carrierKind })}
              options={[
                { value: 'mobile', label: t(CARRIER_LABEL.mobile), testId: 'carrier-mobile' },
                { value: 'citizen', label: t(CARRIER_LABEL.citizen), testId: 'carrier-citizen' },
              ]}
            />
            <CheckedField
              field="carrierId"
              label={
                invoice.carrierKind === 'mobile'
                  ? t({ zh: '手機條碼（掃描或輸入）', en: 'Mobile barcode (scan or type)' })
                  : t({ zh: '自然人憑證條碼', en: 'Citizen certificate number' })
              }
              placeholder={
                invoice.carrierKind === 'mobile'
                  ? PLACEHOLDERS.mobileBarcode
                  : PLACEHOLDERS.citizenCertificate
              }
              value={invoice.carrierId}
              onChange={(carrierId) => setInvoice({ carrierId })}
              error={errors.carrierId}
              scanner
              maxLength={20}
              testId="carrier-id"
            />
            <DetailsSlip />
          </>
        )}
        {invoice.kind === 'donate' && (
          <>
            <CheckedField
              field="loveCode"
              label={t({ zh: '愛心碼（3 到 7 位數字）', en: 'Love code (3 to 7 digits)' })}
              placeholder={PLACEHOLDERS.loveCode}
              inputMode="numeric"
              value={invoice.loveCode}
              onChange={(loveCode) => setInvoice({ loveCode })}
              error={errors.loveCode}
              scanner
              maxLength={7}
              testId="love-code"
            />
            <LoveCodeList value={invoice.loveCode} onPick={(loveCode) => setInvoice({ loveCode })} />
            <DetailsSlip />
          </>
        )}
        {invoice.kind === 'business' && (
          <>
            <CheckedField
              field="taxId"
              label={t({ zh: '買方統一編號', en: 'Buyer tax ID' })}
              placeholder={PLACEHOLDERS.taxId}
              inputMode="numeric"
              value={invoice.taxId}
              onChange={(taxId) => setInvoice({ taxId })}
              error={errors.taxId}
              scanner
              maxLength={8}
              testId="tax-id"
            />
            <CheckedField
              field="title"
              label={t({ zh: '買受人抬頭', en: 'Buyer title' })}
              placeholder={t({ zh: '公司名稱', en: 'Company name' })}
              value={invoice.title}
              onChange={(title) => setInvoice({ title })}
              error={errors.title}
              maxLength={60}
              testId="buyer-title"
            />
            <CheckedField
              field="businessMobile"
              label={t({
                zh: '手機條碼（選填，填了就不印證明聯）',
                en: 'Mobile barcode (optional: then no paper proof)',
              })}
              placeholder={PLACEHOLDERS.mobileBarcode}
              value={invoice.businessMobile}
              onChange={(businessMobile) => setInvoice({ businessMobile })}
              error={errors.businessMobile}
              scanner
              maxLength={20}
              testId="business-mobile"
            />
            {errors.kind && (
              <p className="field__error" role="alert" data-testid="invoice-kind-error">
                {t(errors.kind)}
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}

function DetailsSlip() {
  const t = useText();
  const wantsDetails = useCheckout((s) => s.invoice.wantsDetails);
  const setInvoice = useCheckout((s) => s.setInvoice);
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={wantsDetails}
        onChange={(e) => setInvoice({ wantsDetails: e.target.checked })}
      />
      {t({ zh: '列印交易明細（非發票證明聯）', en: 'Print a transaction details slip (not a proof)' })}
    </label>
  );
}
