import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { callTill } from '../ipc/till-client';
import { PrintResult, usePrintWithPreview } from '../printing/PrintResult';
import { useClosing } from './closing-store';

/**
 * The summary slip (日結單) on the receipt printer, with its preview.
 */
export function SummaryPrint() {
  const t = useText();
  const businessDay = useClosing((s) => s.businessDay);
  const slip = usePrintWithPreview({ previewUnprinted: true });

  return (
    <div className="summary-print">
      <KeyButton
        onClick={() => void slip.print(() => callTill('printing.printSummary', { businessDay }))}
        disabled={slip.busy}
        data-testid="print-summary"
      >
        {t({ zh: '列印日結單', en: 'Print the day summary' })}
      </KeyButton>
      <PrintResult
        state={slip}
        printedText={{ zh: '日結單已印出', en: 'The summary printed' }}
        previewAlt={{ zh: '日結單預覽', en: 'Summary preview' }}
        testIds={{ result: 'summary-print-result', error: 'summary-print-error', preview: 'summary-preview' }}
      />
    </div>
  );
}
