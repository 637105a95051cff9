import type { AppStatus } from '../../../shared/ipc/contract/app';
import { isBusyScreen, useNavigation } from '../app/navigation-store';
import { useText } from '../i18n/language-store';
import { useSession } from './session-store';

/**
 * The status bar's cashier: who is signed in, and a finger-sized button that signs them out
 * (the till locks). Nothing at all while no cashiers are set up (main says: nobody signed in,
 * not locked): the till works as before.
 */
export function CashierStatus({ cashier, locked }: Pick<AppStatus, 'cashier' | 'locked'>) {
  const t = useText();
  // A sale or the setup in the middle: signing out waits until it is done.
  const busy = useNavigation((s) => isBusyScreen(s.screen));
  if (!cashier && !locked) return null;
  if (!cashier || locked) {
    return (
      <span className="status-cashier" data-testid="status-cashier" data-state="locked">
        {t({ zh: '未登入', en: 'Not signed in' })}
      </span>
    );
  }
  return (
    <>
      <span
        className="status-cashier"
        data-testid="status-cashier"
        data-state="signed-in"
        title={cashier.name}
      >
        {cashier.name}
      </span>
      <button
        type="button"
        className="status-bar__action"
        data-testid="status-sign-out"
        disabled={busy}
        onClick={() => void useSession.getState().signOut()}
      >
        <span className="badge badge--lock">{t({ zh: '登出', en: 'Sign out' })}</span>
      </button>
    </>
  );
}
