import { useEffect } from 'react';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { LABEL_COLON, PRINTER_STATE_TEXT } from '../printing/printer-state-text';
import { PrintResult } from '../printing/PrintResult';
import { usePrinterTest } from './printer-test-store';

/**
 * Asks the saved printer how it is and prints the test slip (its preview too, on the virtual
 * printer). `printer` identifies the printer setting on screen (saved and as typed): when it
 * changes, the answers about the previous setting are cleared.
 */
export function PrinterTest({ printer: current }: { printer: string }) {
  const t = useText();
  const printer = usePrinterTest();
  const { showFor, reset } = printer;
  useEffect(() => showFor(current), [showFor, current]);
  useEffect(() => reset, [reset]);
  // Until the effect has run, answers about another printer are not shown either.
  const status = printer.printer === current ? printer.status : null;
  const shown = printer.printer === current ? printer : { outcome: null, error: null, preview: null };

  return (
    <div className="printer-test">
      <div className="form-row">
        <KeyButton onClick={() => void printer.check()} disabled={printer.busy} data-testid="printer-check">
          {t({ zh: '檢查印表機', en: 'Check the printer' })}
        </KeyButton>
        <KeyButton
          onClick={() => void printer.testPrint()}
          disabled={printer.busy}
          data-testid="printer-test"
        >
          {t({ zh: '列印測試頁', en: 'Print a test page' })}
        </KeyButton>
      </div>
      <p className="hint">
        {t({ zh: '檢查與測試使用已儲存的設定。', en: 'The check and the test use the saved settings.' })}
      </p>
      {status && (
        <p
          className={status.state === 'online' ? 'notice notice--ok' : 'notice notice--warning'}
          data-testid="printer-state"
        >
          {t({ zh: '印表機', en: 'Printer' })} {status.printer}
          {t(LABEL_COLON)}
          {t(PRINTER_STATE_TEXT[status.state])}
          {status.paperNearEnd && ` · ${t({ zh: '紙將用完', en: 'paper low' })}`}
        </p>
      )}
      <PrintResult
        state={shown}
        printedText={{ zh: '測試頁已印出', en: 'The test page printed' }}
        previewAlt={{ zh: '測試頁預覽', en: 'Test page preview' }}
        testIds={{ result: 'printer-test-result', preview: 'printer-test-preview' }}
      />
    </div>
  );
}
