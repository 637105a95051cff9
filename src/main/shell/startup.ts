import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Start-up failures (issue 23): whatever fails before the till's window is up (the data folder,
 * the log file, the journal, the renderer) must end in a dialog that says what to do and where
 * the log is, and must release the single-instance lock, or every later launch quits at once and
 * the cashier sees nothing at all.
 */

/** Where the log goes when the data folder itself cannot hold it. */
export function fallbackLogDir(): string {
  return join(tmpdir(), 'till-logs');
}

const DATA_FOLDER_CODES = new Set(['EACCES', 'EPERM', 'ENOTDIR', 'EROFS', 'ENOSPC', 'EEXIST', 'EISDIR']);

/** The dialog for a till that cannot start, by what went wrong. */
export function startupFailureMessage(
  error: unknown,
  logFile: string,
  dataDir: string | null,
): { title: string; body: string } {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const dataFolder = typeof code === 'string' && DATA_FOLDER_CODES.has(code);
  const zh = dataFolder
    ? `收銀台的資料資料夾無法寫入（${dataDir ?? '未知'}：${code}${code === 'ENOSPC' ? '，磁碟已滿' : ''}）。請通知店長或系統管理員檢查該資料夾的權限與磁碟空間，再重新開啟收銀台。`
    : '收銀台啟動時發生錯誤。請關閉後重新開啟一次；若仍無法啟動，請通知店長。';
  const en = dataFolder
    ? `The till's data folder cannot be written (${dataDir ?? 'unknown'}: ${code}${code === 'ENOSPC' ? ', the disk is full' : ''}). Ask the manager or the administrator to check the folder's permissions and free disk space, then start the till again.`
    : 'The till hit an error while starting. Close it and start it once more; if it still does not start, tell the manager.';
  return {
    title: '收銀台無法啟動 / Till cannot start',
    body: `${zh}\n詳細記錄在 ${logFile}\n\n${en}\nDetails are in ${logFile}`,
  };
}
