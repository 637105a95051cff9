import { useState } from 'react';
import type { Bilingual } from '../../../shared/domain';
import type { PrintOutcome } from '../../../shared/ipc/contract/printing';
import type { IpcError, IpcResult } from '../../../shared/ipc/result';
import { useText } from '../i18n/language-store';
import { callTill } from '../ipc/till-client';

export interface PrintWithPreview {
  busy: boolean;
  error: IpcError | null;
  outcome: PrintOutcome | null;
  /** The slip as an image (data URL), once main has drawn it. */
  preview: string | null;
  /** Any call of the panel: one at a time, its failure kept as the panel's error. */
  call<T>(request: () => Promise<IpcResult<T>>): Promise<T | null>;
  /** Prints a slip, shows whether it printed, then fetches its preview. */
  print(request: () => Promise<IpcResult<PrintOutcome>>): Promise<void>;
}

/**
 * A slip printed from a screen (the printer test page, the day summary) and its preview.
 * `previewUnprinted`: fetch the preview even when the printer did not print the slip.
 */
export function usePrintWithPreview({ previewUnprinted = false } = {}): PrintWithPreview {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const [outcome, setOutcome] = useState<PrintOutcome | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  const call = async <T,>(request: () => Promise<IpcResult<T>>): Promise<T | null> => {
    setBusy(true);
    setError(null);
    const answer = await request();
    setBusy(false);
    if (answer.ok) return answer.value;
    setError(answer.error);
    return null;
  };
  const print = async (request: () => Promise<IpcResult<PrintOutcome>>) => {
    setPreview(null);
    const printed = await call(request);
    if (!printed) return;
    setOutcome(printed);
    if (!printed.printed && !previewUnprinted) return;
    const image = await callTill('printing.preview', { jobId: printed.jobId });
    if (image.ok) setPreview(image.value.dataUrl);
  };
  return { busy, error, outcome, preview, call, print };
}

/** Under the print button: whether the slip printed (or why not), the call's error, the preview. */
export function PrintResult({
  state,
  printedText,
  previewAlt,
  testIds,
}: {
  state: Pick<PrintWithPreview, 'outcome' | 'error' | 'preview'>;
  printedText: Bilingual;
  previewAlt: Bilingual;
  testIds: { result: string; error?: string; preview: string };
}) {
  const t = useText();
  const { outcome, error, preview } = state;
  return (
    <>
      {outcome && (
        <p
          className={outcome.printed ? 'notice notice--ok' : 'notice notice--error'}
          data-testid={testIds.result}
        >
          {outcome.printed ? t(printedText) : t(outcome.message ?? { zh: '列印失敗', en: 'Printing failed' })}
        </p>
      )}
      {error && (
        <p className="notice notice--error" data-testid={testIds.error}>
          {t(error.message)}
        </p>
      )}
      {preview && (
        <img className="print-preview" src={preview} alt={t(previewAlt)} data-testid={testIds.preview} />
      )}
    </>
  );
}
