import { formatNtd } from '../../../shared/domain';
import { CancelButton } from '../components/CancelButton';
import { Dialog } from '../components/Dialog';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { taipeiTime } from '../journal/labels';
import { useHeldCarts } from './held-carts';
import './held-carts.css';

/** The held carts, oldest first, each with its time, item count and total; Enter recalls the focused one. */
export function HeldCartsDialog({ onRecall, onClose }: { onRecall(id: string): void; onClose(): void }) {
  const t = useText();
  const carts = useHeldCarts((s) => s.carts);
  return (
    <Dialog
      title={t({ zh: '取單（掛起的購物清單）', en: 'Recall a held cart' })}
      onClose={onClose}
      testId="held-carts-dialog"
      footer={<CancelButton onClick={onClose} />}
    >
      {carts.length === 0 ? (
        <p className="empty">{t({ zh: '沒有掛起的購物清單', en: 'No carts are held' })}</p>
      ) : (
        <ol className="held-carts" data-testid="held-carts">
          {carts.map((cart, index) => (
            <li key={cart.id}>
              <button
                type="button"
                className="held-cart"
                data-testid="held-cart"
                data-autofocus={index === 0 ? true : undefined}
                onClick={() => onRecall(cart.id)}
                onKeyDown={(event) => {
                  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
                  event.preventDefault();
                  event.stopPropagation();
                  const item = event.currentTarget.closest('li');
                  const next =
                    event.key === 'ArrowDown' ? item?.nextElementSibling : item?.previousElementSibling;
                  next?.querySelector('button')?.focus();
                }}
              >
                <span className="held-cart__time">{taipeiTime(cart.heldAt)}</span>
                <span className="held-cart__items">
                  {t({
                    zh: `${cart.itemCount} 件`,
                    en: `${cart.itemCount} ${cart.itemCount === 1 ? 'item' : 'items'}`,
                  })}
                </span>
                <span className="held-cart__names">
                  {cart.lines
                    .filter((l) => !l.voided)
                    .map((l) => l.name)
                    .join('、')}
                </span>
                <b className="held-cart__total" data-testid="held-cart-total">
                  {formatNtd(cart.total)}
                </b>
              </button>
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}

/** Asks before the whole cart goes: Enter (the focused button) confirms, Esc keeps it. */
export function CancelCartDialog({ onConfirm, onClose }: { onConfirm(): void; onClose(): void }) {
  const t = useText();
  return (
    <Dialog
      title={t({ zh: '整筆取消？', en: 'Cancel the whole cart?' })}
      onClose={onClose}
      testId="cancel-cart-dialog"
      footer={
        <>
          <CancelButton onClick={onClose} />
          <KeyButton tone="danger" onClick={onConfirm} data-autofocus data-testid="cancel-cart-confirm">
            {t({ zh: '確定取消整筆', en: 'Cancel the cart' })}
          </KeyButton>
        </>
      }
    >
      <p>
        {t({
          zh: '購物清單上的商品都會移除，尚未開立任何發票。',
          en: 'Every line is taken off the cart. No invoice has been issued.',
        })}
      </p>
    </Dialog>
  );
}
