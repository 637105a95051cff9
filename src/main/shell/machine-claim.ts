import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * One till per PC (issue 23). Electron keeps an app's data per OS account, and the secrets in it
 * are encrypted by the OS for that account only (DPAPI's user scope, the user's keyring), so a
 * data folder shared by every account would leave the next account unable to read the journal's
 * key. The till therefore keeps its journal, settings and secrets in the data folder of ONE
 * account, and says so machine-wide: the first account to start the till writes a claim file in
 * a folder every account can read; a till started from another account finds the claim, names
 * the account that runs this PC's till, and stops before it makes a second journal (which would
 * start over in training mode as T01 beside the real T01).
 *
 * Where the claim lives: Windows `%ProgramData%\Till` (the installer creates it for all users),
 * Linux `/var/lib/till` (the deb's after-install script creates it), macOS `/Users/Shared/Till`;
 * `TILL_MACHINE_CLAIM` names another file (support, a portable or AppImage install). Moving the
 * till to another account is an administrator's act: copy the data folder, delete the claim
 * (docs/electron-first-run.md).
 */
export interface MachineClaim {
  account: string;
  dataDir: string;
  claimedAt: string;
}

export type ClaimResult =
  | { kind: 'ours'; file: string }
  | { kind: 'claimed'; file: string }
  | { kind: 'other-account'; file: string; owner: MachineClaim }
  | { kind: 'damaged'; file: string }
  /** No machine-wide folder can be written here: the till runs, the log says so. */
  | { kind: 'unavailable'; file: string; reason: string };

export function machineClaimFile(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string {
  if (env.TILL_MACHINE_CLAIM) return resolve(env.TILL_MACHINE_CLAIM);
  if (platform === 'win32')
    return join(env.ProgramData ?? env.ALLUSERSPROFILE ?? 'C:\\ProgramData', 'Till', 'till-owner.json');
  if (platform === 'darwin') return '/Users/Shared/Till/till-owner.json';
  return '/var/lib/till/till-owner.json';
}

const isClaim = (value: unknown): value is MachineClaim =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as MachineClaim).account === 'string' &&
  typeof (value as MachineClaim).dataDir === 'string' &&
  typeof (value as MachineClaim).claimedAt === 'string';

function readClaim(file: string): MachineClaim | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return isClaim(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Claims this PC's till for `dataDir`, or finds who has it. Created with O_EXCL: two starts never both win. */
export function claimMachine(options: {
  file: string;
  dataDir: string;
  account: string;
  now?: Date;
}): ClaimResult {
  const { file } = options;
  const dataDir = resolve(options.dataDir);
  const claim: MachineClaim = {
    account: options.account,
    dataDir,
    claimedAt: (options.now ?? new Date()).toISOString(),
  };
  try {
    mkdirSync(dirname(file), { recursive: true });
  } catch (error) {
    return { kind: 'unavailable', file, reason: (error as Error).message };
  }
  try {
    const fd = openSync(file, 'wx', 0o644);
    try {
      writeSync(fd, JSON.stringify(claim, null, 2) + '\n');
    } finally {
      closeSync(fd);
    }
    return { kind: 'claimed', file };
  } catch (error) {
    // Only "it is there already" means somebody claimed it; anything else means no record here.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
      return { kind: 'unavailable', file, reason: (error as Error).message };
  }
  const owner = readClaim(file);
  if (!owner) return { kind: 'damaged', file };
  if (resolve(owner.dataDir) === dataDir) return { kind: 'ours', file };
  return { kind: 'other-account', file, owner };
}

/** The dialog for a till started from an account that does not run this PC's till. */
export function claimRefusal(result: Extract<ClaimResult, { kind: 'other-account' | 'damaged' }>): {
  title: string;
  body: string;
} {
  const title = '這台電腦的收銀台在另一個帳號 / This PC’s till runs under another account';
  if (result.kind === 'damaged')
    return {
      title,
      body: [
        `無法讀取收銀台的帳號紀錄（${result.file}），為避免同一台電腦出現兩份日誌，收銀台不會啟動。請系統管理員檢查或刪除該檔案後再開啟。`,
        `The till's account record (${result.file}) cannot be read. So that one PC never keeps two journals, the till does not start. Ask the administrator to check or delete that file, then start again.`,
      ].join('\n\n'),
    };
  const { owner } = result;
  return {
    title,
    body: [
      `這台電腦的收銀台由帳號「${owner.account}」使用（資料：${owner.dataDir}）。一台電腦只有一份收銀日誌：請改用該帳號登入 Windows 再開啟收銀台；收銀員在收銀台內以自己的 PIN 登入。若要把收銀台移到這個帳號，請由系統管理員依說明搬移資料並刪除 ${result.file}。`,
      `This PC's till runs under the account "${owner.account}" (data: ${owner.dataDir}). One PC keeps one till journal: sign in to the OS as that account to open the till; cashiers sign in inside the till with their own PINs. To move the till to this account, an administrator moves the data and deletes ${result.file} as documented.`,
    ].join('\n\n'),
  };
}
