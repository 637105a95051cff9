import { TERMS, UPLOAD_STATE_LABEL } from '../../../shared/domain';
import type { OfflineUpload } from '../../../shared/ipc/contract/journal';
import { useText } from '../i18n/language-store';

const TONE: Record<OfflineUpload['uploadState'], string> = {
  waiting: 'badge badge--caution',
  uploaded: 'badge',
  rejected: 'badge badge--warning',
};

/**
 * A sale issued offline (invoice mode, issue 27), in the journal's row and detail: 離線開立 and its
 * upload (待上傳, 已上傳, 上傳被拒) in the glossary's words; nothing for any other sale.
 */
export function OfflineUploadBadge({ offline }: { offline: OfflineUpload | null | undefined }) {
  const t = useText();
  if (!offline) return null;
  return (
    <span className={TONE[offline.uploadState]} data-testid="offline-upload" data-state={offline.uploadState}>
      {t({ zh: TERMS.issuedOffline.zh, en: TERMS.issuedOffline.en })} ·{' '}
      {t(UPLOAD_STATE_LABEL[offline.uploadState])}
    </span>
  );
}
