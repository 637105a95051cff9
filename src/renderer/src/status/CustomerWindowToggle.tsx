import { useEffect, useState } from 'react';
import type { CustomerWindowState } from '../../../shared/ipc/contract/display';
import { useText } from '../i18n/language-store';
import { callTill, onTillEvent } from '../ipc/till-client';

/**
 * The customer display's window from the till (issue 23): shown only where there is one to
 * switch (Electron with a second screen). The cashier closes it, for instance when the customer
 * screen shows over something it should not, and opens it again; a window the OS would not put
 * on the second screen is said so instead of left over the till.
 */
export function CustomerWindowToggle() {
  const t = useText();
  const [state, setState] = useState<CustomerWindowState>('unavailable');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void callTill('display.window', {}).then((result) => {
      if (live && result.ok) setState(result.value.state);
    });
    const stop = onTillEvent('display.window-changed', ({ state: next }) => setState(next));
    return () => {
      live = false;
      stop();
    };
  }, []);
  if (state === 'unavailable' || state === 'no-screen') return null;
  const open = state === 'open';
  const label = open
    ? { zh: '關閉顧客畫面', en: 'Close customer display' }
    : state === 'misplaced'
      ? {
          zh: '顧客畫面無法放到第二螢幕，重試',
          en: 'Customer display could not go to the second screen: retry',
        }
      : { zh: '開啟顧客畫面', en: 'Open customer display' };
  return (
    <button
      type="button"
      data-testid="status-customer-window"
      data-state={state}
      className="status-bar__action"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void callTill('display.window', { open: !open })
          .then((result) => {
            if (result.ok) setState(result.value.state);
          })
          .finally(() => setBusy(false));
      }}
    >
      {t(label)}
    </button>
  );
}
