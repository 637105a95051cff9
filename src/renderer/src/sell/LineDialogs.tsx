import { useState } from 'react';
import { formatNtd, roundNtd } from '../../../shared/domain';
import { NumberDialog } from '../components/NumberDialog';
import { Segmented } from '../components/Segmented';
import { useText } from '../i18n/language-store';
import { grossOf, netOf, unitPriceOf, type CartLine } from './cart-math';
import { useCart } from './cart-store';

export type LineDialog = 'quantity' | 'price' | 'line-discount' | 'order-discount' | null;

const PERCENT_RULE = {
  zh: '百分比必須是 0 到 100 的整數',
  en: 'The percent is a whole number from 0 to 100',
};

function DiscountModes({ percent, onChange }: { percent: boolean; onChange(percent: boolean): void }) {
  const t = useText();
  return (
    <Segmented
      role="group"
      aria-label={t({ zh: '折扣方式', en: 'Discount type' })}
      value={percent ? 'percent' : 'amount'}
      onChange={(mode) => onChange(mode === 'percent')}
      options={[
        { value: 'amount', label: t({ zh: '金額', en: 'Amount' }), testId: 'discount-amount' },
        { value: 'percent', label: t({ zh: '百分比', en: 'Percent' }), testId: 'discount-percent' },
      ]}
    />
  );
}

/** The number dialogs of the sell screen; each checks through the cart store and shows its refusal. */
export function LineDialogs({
  dialog,
  line,
  onClose,
}: {
  dialog: LineDialog;
  line: CartLine | null;
  onClose(): void;
}) {
  const t = useText();
  const cart = useCart();
  const [percent, setPercent] = useState(false);
  const error = cart.notice?.tone === 'error' ? t(cart.notice.text) : null;
  const close = () => {
    cart.setNotice(null);
    setPercent(false);
    onClose();
  };

  if (dialog === 'order-discount') {
    const subtotal = cart.lines.filter((l) => !l.voided).reduce((sum, l) => sum + netOf(l), 0);
    const current = cart.orderDiscount;
    return (
      <NumberDialog
        key={`order-${percent}`}
        testId="order-discount-dialog"
        title={t({ zh: '整筆折扣', en: 'Order discount' })}
        label={
          percent
            ? t({ zh: '折扣百分比', en: 'Discount percent' })
            : t({ zh: '折扣金額（元）', en: 'Discount amount (NT$)' })
        }
        initial={current && (current.kind === 'percent') === percent ? String(current.value) : ''}
        suffix={percent ? '%' : 'NT$'}
        extra={<DiscountModes percent={percent} onChange={setPercent} />}
        hint={t({
          zh: `折扣前 ${formatNtd(subtotal)}；依各項金額比例分攤到每一項（含稅別）。輸入 0 取消折扣。`,
          en: `Before the discount ${formatNtd(subtotal)}; shared over the lines in proportion (per tax type). 0 removes it.`,
        })}
        error={error}
        onConfirm={(value) => {
          if (!Number.isInteger(value) || (percent && value > 100) || (!percent && value > subtotal)) {
            cart.setNotice({
              tone: 'error',
              text: percent
                ? PERCENT_RULE
                : {
                    zh: `折扣不可超過 ${formatNtd(subtotal)}`,
                    en: `The discount cannot exceed ${formatNtd(subtotal)}`,
                  },
            });
            return false;
          }
          cart.setOrderDiscount(
            value === 0 ? null : percent ? { kind: 'percent', value } : { kind: 'amount', value },
          );
          return true;
        }}
        onClose={close}
      />
    );
  }
  if (!line || !dialog) return null;

  if (dialog === 'quantity') {
    return (
      <NumberDialog
        testId="quantity-dialog"
        title={t({ zh: `數量：${line.name}`, en: `Quantity: ${line.name}` })}
        label={t({ zh: '數量', en: 'Quantity' })}
        initial={String(line.quantity)}
        error={error}
        onConfirm={(value) => cart.setQuantity(line.id, value)}
        onClose={close}
      />
    );
  }
  if (dialog === 'price') {
    return (
      <NumberDialog
        testId="price-dialog"
        title={t({ zh: `改價：${line.name}`, en: `Price: ${line.name}` })}
        label={t({ zh: '含稅單價（元）', en: 'Unit price incl. tax (NT$)' })}
        initial={String(unitPriceOf(line))}
        decimals={2}
        suffix="NT$"
        hint={t({
          zh: `原價 ${formatNtd(line.listPrice)}`,
          en: `Catalog price ${formatNtd(line.listPrice)}`,
        })}
        error={error}
        onConfirm={(value) => cart.setPrice(line.id, value)}
        onClose={close}
      />
    );
  }
  const gross = grossOf(line);
  return (
    <NumberDialog
      key={`line-${percent}`}
      testId="line-discount-dialog"
      title={t({ zh: `單品折扣：${line.name}`, en: `Line discount: ${line.name}` })}
      label={
        percent
          ? t({ zh: '折扣百分比', en: 'Discount percent' })
          : t({ zh: '折扣金額（元）', en: 'Discount amount (NT$)' })
      }
      initial={!percent && line.discount > 0 ? String(line.discount) : ''}
      suffix={percent ? '%' : 'NT$'}
      extra={<DiscountModes percent={percent} onChange={setPercent} />}
      hint={t({ zh: `這項金額 ${formatNtd(gross)}`, en: `This line: ${formatNtd(gross)}` })}
      error={error}
      onConfirm={(value) => {
        if (percent && (!Number.isInteger(value) || value > 100)) {
          cart.setNotice({ tone: 'error', text: PERCENT_RULE });
          return false;
        }
        return cart.setLineDiscount(line.id, percent ? roundNtd((gross * value) / 100) : value);
      }}
      onClose={close}
    />
  );
}
