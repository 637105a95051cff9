import { useEffect, useState } from 'react';
import { useText } from '../i18n/language-store';
import './issuing.css';

/** After this long the cashier is told the service is slow (the status bar says so too). */
export const SLOW_AFTER_SECONDS = 4;

/**
 * While an invoice is being issued: a moving bar and the seconds waited; after a few seconds,
 * that the service is slow and that the sale is not lost (do not check out again).
 */
export function IssuingProgress() {
  const t = useText();
  const [started] = useState(() => Date.now());
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 250);
    return () => clearInterval(timer);
  }, [started]);
  const slow = seconds >= SLOW_AFTER_SECONDS;
  return (
    <div
      className={`notice ${slow ? 'notice--warning' : 'notice--info'} issuing`}
      role="status"
      aria-live="polite"
      data-testid="issuing-progress"
      data-slow={slow}
    >
      <progress className="issuing__bar" aria-label={t({ zh: '開立中', en: 'Issuing' })} />
      <span data-testid="issuing-waited">
        {t({ zh: `開立發票中…已等 ${seconds} 秒`, en: `Issuing the invoice… ${seconds} s so far` })}
      </span>
      {slow && (
        <span className="issuing__slow" data-testid="issuing-slow">
          {t({
            zh: '發票服務回應較慢，請稍候；這筆交易已記錄，不要重新結帳。',
            en: 'The e-invoice service is slow. Please wait: this sale is recorded, do not check it out again.',
          })}
        </span>
      )}
    </div>
  );
}
