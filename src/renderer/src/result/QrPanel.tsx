import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** Only an https link as the service returned it becomes a QR code (spec POS rule 2); never one built by us. */
export function isUsableQrLink(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The customer-facing panel of the phone path: a large QR code of `QrCodeUrl` and what to do
 * with it, in both languages at once (the customer's language is not the cashier's setting).
 * Showing it does not mean the customer finished: the cashier is told so.
 */
export function QrPanel({ url }: { url: string }) {
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, {
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 400,
      color: { dark: '#000000', light: '#ffffff' },
    })
      .then((dataUrl) => live && setImage(dataUrl))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <section className="customer-panel" aria-label="顧客畫面 Customer screen" data-testid="qr-panel">
      <div className="customer-panel__qr">
        {image && (
          <img src={image} alt="QR Code" width={320} height={320} data-testid="qr-image" data-url={url} />
        )}
        {failed && <p className="field__error">QR Code 產生失敗 / The QR code could not be drawn</p>}
      </div>
      <div className="customer-panel__text">
        <h2>請用手機掃描 QR Code</h2>
        <p>開啟頁面後，選擇「捐贈」給社福團體，或「歸戶」到您的手機條碼載具。</p>
        <h2 lang="en">Scan the QR code with your phone</h2>
        <p lang="en">
          On the page that opens, donate the invoice to a charity or bind it to your mobile barcode carrier.
        </p>
      </div>
    </section>
  );
}
