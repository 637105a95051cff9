import { Dialog } from '../components/Dialog';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { useAgeCheck } from './age-check';

/**
 * The age check of a 菸酒 product: the confirm button has the focus, so Enter confirms; Esc (or
 * the other button) and the product is not sold. Both buttons are large for a finger.
 */
export function AgeCheckDialog() {
  const t = useText();
  const product = useAgeCheck((s) => s.pending);
  const answer = useAgeCheck((s) => s.answer);
  if (!product) return null;
  return (
    <Dialog
      title={t({ zh: '年齡確認（菸酒）', en: 'Age check (tobacco and alcohol)' })}
      onClose={() => answer(false)}
      testId="age-check-dialog"
      footer={
        <>
          <KeyButton
            shortcut="Escape"
            size="large"
            onClick={() => answer(false)}
            data-testid="age-check-refuse"
          >
            {t({ zh: '不販售', en: 'Do not sell' })}
          </KeyButton>
          <KeyButton
            tone="go"
            size="large"
            shortcut="Enter"
            onClick={() => answer(true)}
            data-autofocus
            data-testid="age-check-confirm"
          >
            {t({ zh: '已確認年滿18歲', en: 'Confirmed: 18 or over' })}
          </KeyButton>
        </>
      }
    >
      <p className="age-check__product" data-testid="age-check-product">
        {product.name}
      </p>
      <p>
        {t({
          zh: '菸酒商品：請確認顧客已年滿 18 歲（必要時查看證件）。',
          en: 'Tobacco or alcohol: confirm the customer is 18 or over (check an ID if in doubt).',
        })}
      </p>
    </Dialog>
  );
}
