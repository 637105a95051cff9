import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { formatNtd } from '../../../shared/domain';
import type { DisplayState } from '../../../shared/ipc/contract/display';
import { onTillEvent } from '../ipc/till-client';
import './customer-display.css';

/**
 * The customer display (issue 15): the second screen facing the customer. Read only: it calls
 * nothing, it shows what main pushes (`display.changed`): the store's name, the cart, the total,
 * the change and the donate/bind QR code. Both languages at once (the customer's language is not
 * the cashier's setting).
 */
export function CustomerDisplay() {
  const [state, setState] = useState<DisplayState | null>(null);
  useEffect(() => onTillEvent('display.changed', setState), []);
  const qr = useQrImage(state?.qrUrl ?? null);

  const phase = state?.phase ?? 'idle';
  return (
    <main className="customer-display" data-testid="customer-display" data-phase={phase}>
      <header className="customer-display__header">
        <h1 data-testid="customer-store">{state?.sellerName || '歡迎光臨 Welcome'}</h1>
      </header>
      {phase === 'idle' ? (
        <p className="customer-display__welcome">歡迎光臨 · Welcome</p>
      ) : (
        <div className="customer-display__body">
          <ol className="customer-display__lines" data-testid="customer-lines">
            {state!.lines.map((line, index) => (
              <li key={index} data-testid="customer-line">
                <span className="customer-display__name">{line.name}</span>
                <span className="customer-display__qty">× {line.quantity}</span>
                <span className="customer-display__amount">{formatNtd(line.amount)}</span>
              </li>
            ))}
          </ol>
          <dl className="customer-display__totals">
            <dt>總計 Total</dt>
            <dd data-testid="customer-total">{formatNtd(state!.total)}</dd>
            {state!.paid !== null && (
              <>
                <dt>收款 Paid</dt>
                <dd data-testid="customer-paid">{formatNtd(state!.paid)}</dd>
              </>
            )}
            {state!.change !== null && (
              <>
                <dt>找零 Change</dt>
                <dd className="customer-display__change" data-testid="customer-change">
                  {formatNtd(state!.change)}
                </dd>
              </>
            )}
          </dl>
          {phase === 'done' && <p className="customer-display__thanks">謝謝光臨 · Thank you</p>}
          {qr && (
            <figure className="customer-display__qr" data-testid="customer-qr">
              <img src={qr} alt="QR Code" width={280} height={280} data-url={state!.qrUrl ?? ''} />
              <figcaption>
                請用手機掃描，選擇「捐贈」或「歸戶」
                <br />
                <span lang="en">Scan to donate the invoice or bind it to your carrier</span>
              </figcaption>
            </figure>
          )}
        </div>
      )}
    </main>
  );
}

function useQrImage(url: string | null): string | null {
  const [drawn, setDrawn] = useState<{ url: string; image: string } | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 400 })
      .then((image) => live && setDrawn({ url, image }))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [url]);
  // A QR code of an earlier sale is never shown for this one.
  return url && drawn?.url === url ? drawn.image : null;
}
