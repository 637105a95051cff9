import { useState } from 'react';
import {
  buildScaleBarcode,
  DEFAULT_SCALE_BARCODE,
  isScaleBarcodeConfig,
  SCALE_EXAMPLE_CODE,
  scaleExampleAmount,
  type ScaleBarcodeConfig,
} from '../../../shared/domain';
import { Field } from '../components/Field';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { useSettings } from './settings-store';

/**
 * Scale labels (秤重／計價條碼): which prefixes a scale prints, how long the product code is, and
 * whether the rest is a price or a weight, with its decimals. An example label shows the layout.
 */
export function ScaleBarcodeSettings() {
  const t = useText();
  const saved = useSettings((s) => s.view?.settings.scaleBarcode) ?? DEFAULT_SCALE_BARCODE;
  const saving = useSettings((s) => s.saving);
  const [form, setForm] = useState<ScaleBarcodeConfig>(saved);
  const [message, setMessage] = useState<string | null>(null);
  const change = (patch: Partial<ScaleBarcodeConfig>) => {
    setMessage(null);
    setForm((current) => {
      const next = { ...current, ...patch };
      if (next.value === 'price' && next.decimals > 2) next.decimals = 2;
      return next;
    });
  };
  const valid = isScaleBarcodeConfig(form);
  // The example's amount is one the decimals carry exactly, written with just those decimals:
  // what the label says is what a scan of it adds.
  const amount = scaleExampleAmount(form);
  const amountText = amount.toFixed(Math.min(form.decimals, 3));
  const example = valid
    ? buildScaleBarcode(
        form.prefixFrom,
        SCALE_EXAMPLE_CODE.padStart(form.codeLength, '0').slice(-form.codeLength),
        amount,
        form,
      )
    : '';
  const save = async () => {
    if (await useSettings.getState().save({ scaleBarcode: form }))
      setMessage(t({ zh: '已儲存', en: 'Saved' }));
  };

  return (
    <section className="panel" data-testid="settings-scale-barcode">
      <h2 className="panel__title">{t({ zh: '秤重／計價條碼', en: 'Scale labels' })}</h2>
      <label className="check">
        <input
          type="checkbox"
          checked={form.enabled}
          onChange={(e) => change({ enabled: e.target.checked })}
          data-testid="scale-enabled"
        />
        {t({
          zh: '讀取秤重機印的店內碼（EAN-13，前綴 20-29）',
          en: 'Read in-store labels from a scale (EAN-13, prefix 20-29)',
        })}
      </label>
      <div className="form-row">
        <NumberSelect
          label={t({ zh: '前綴從', en: 'Prefix from' })}
          value={form.prefixFrom}
          from={20}
          to={29}
          onChange={(prefixFrom) => change({ prefixFrom })}
          testId="scale-prefix-from"
        />
        <NumberSelect
          label={t({ zh: '到', en: 'to' })}
          value={form.prefixTo}
          from={20}
          to={29}
          onChange={(prefixTo) => change({ prefixTo })}
          testId="scale-prefix-to"
        />
        <NumberSelect
          label={t({ zh: '品號位數', en: 'Code digits' })}
          value={form.codeLength}
          from={4}
          to={6}
          onChange={(codeLength) => change({ codeLength })}
          testId="scale-code-length"
        />
        <Field label={t({ zh: '其後為', en: 'Then' })}>
          <select
            className="field__input"
            value={form.value}
            onChange={(e) => change({ value: e.target.value as 'price' | 'weight' })}
            data-testid="scale-value"
          >
            <option value="price">{t({ zh: '金額（元）', en: 'Price (NT$)' })}</option>
            <option value="weight">{t({ zh: '重量（公斤）', en: 'Weight (kg)' })}</option>
          </select>
        </Field>
        <NumberSelect
          label={t({ zh: '小數位數', en: 'Decimals' })}
          value={form.decimals}
          from={0}
          to={form.value === 'price' ? 2 : 3}
          onChange={(decimals) => change({ decimals })}
          testId="scale-decimals"
        />
      </div>
      {valid ? (
        <p className="hint" data-testid="scale-example">
          {t({
            zh: `例：${example} = 品號 ${example.slice(2, 2 + form.codeLength)}，${form.value === 'price' ? `金額 ${amountText} 元` : `重量 ${amountText} 公斤（重量 × 商品單價／公斤）`}`,
            en: `Example: ${example} = code ${example.slice(2, 2 + form.codeLength)}, ${form.value === 'price' ? `price NT$${amountText}` : `weight ${amountText} kg (× the product’s price per kg)`}`,
          })}
        </p>
      ) : (
        <p className="field__error" role="alert">
          {t({ zh: '前綴範圍必須由小到大', en: 'The prefix range must run upwards' })}
        </p>
      )}
      <div className="form-row">
        <KeyButton
          tone="primary"
          onClick={() => void save()}
          disabled={!valid || saving}
          data-testid="scale-save"
        >
          {t({ zh: '儲存條碼設定', en: 'Save label settings' })}
        </KeyButton>
        {message && (
          <span className="field__ok" role="status" data-testid="scale-saved">
            {message}
          </span>
        )}
      </div>
    </section>
  );
}

const digits = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A choice of the whole numbers `from`…`to` (prefixes, digit counts, decimals). */
function NumberSelect(props: {
  label: string;
  value: number;
  from: number;
  to: number;
  onChange: (value: number) => void;
  testId: string;
}) {
  return (
    <Field label={props.label}>
      <select
        className="field__input"
        value={props.value}
        onChange={(e) => props.onChange(Number(e.target.value))}
        data-testid={props.testId}
      >
        {digits(props.from, props.to).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </Field>
  );
}
