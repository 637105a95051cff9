import { randomBytes } from 'node:crypto';
import type { Bilingual } from '../../shared/domain';
import type { JournalHealth } from '../../shared/ipc/contract/app';
import { TillError } from '../core/errors';
import type { Logger } from '../core/logger';
import type { SecretName, SecretStore } from '../settings/secret-store';
import { CHAIN_KEY_BYTES } from './chain';
import { Journal } from './journal';
import type { TransactionRecord } from './types';

/**
 * The journal as the till opens it: with its chain key (HMAC, chain.ts), checked before the first
 * sale (the chain's last entries and the rows of their orders: milliseconds, whatever the size),
 * then checked whole in the background. A broken journal is shown, and no sale is taken until a
 * supervisor acknowledges it with the PIN (a journal record of who and when): selling on silently
 * over a rewritten journal would add sales to a record nobody can trust.
 */

/** Where the chain key lives in the secret store: 32 random bytes as hex, made on first use. */
export const CHAIN_KEY_SECRET: SecretName = 'journalChainKey';

export interface ChainKeyLoad {
  key: Buffer | null;
  /** Made by this start (the first with keyed journals): the journal records its keyed start now. */
  created: boolean;
  /** Why there is no key although there should be one (the store cannot decrypt it). */
  problem: Bilingual | null;
}

export function loadChainKey(secrets: SecretStore, logger: Logger): ChainKeyLoad {
  let stored: string | null;
  try {
    stored = secrets.get(CHAIN_KEY_SECRET);
  } catch (error) {
    logger.error('journal: the chain key cannot be read', { error: (error as Error).message });
    return {
      key: null,
      created: false,
      problem: {
        zh: '無法讀取日誌金鑰（安全儲存無法解密），日誌無法核對也無法寫入',
        en: 'The journal key cannot be read (secure storage cannot decrypt it): the journal can be neither checked nor written',
      },
    };
  }
  if (stored !== null) {
    if (/^[0-9a-f]{64}$/.test(stored))
      return { key: Buffer.from(stored, 'hex'), created: false, problem: null };
    return {
      key: null,
      created: false,
      problem: { zh: '儲存的日誌金鑰已損毀', en: 'The stored journal key is damaged' },
    };
  }
  if (secrets.backend === 'unavailable') {
    // No place to keep a key: the journal stays plain SHA-256 (as before), and the log says so.
    logger.warn('journal: no secure storage, the chain stays plain SHA-256 (not keyed)');
    return { key: null, created: false, problem: null };
  }
  const key = randomBytes(CHAIN_KEY_BYTES);
  secrets.set(CHAIN_KEY_SECRET, key.toString('hex'));
  return { key, created: true, problem: null };
}

export interface SupervisorCheck {
  (
    request: { pin?: string | undefined; by?: string | undefined },
    messages: { required: Bilingual; wrong: Bilingual },
  ): Promise<void>;
}

export interface GuardedJournalOptions {
  path: string;
  secrets: SecretStore;
  logger: Logger;
  /** The supervisor PIN check (throws when refused). */
  checkSupervisor: SupervisorCheck;
  /** The health changed (a break found in the background, an acknowledgement): push the status. */
  onChanged: () => void;
  /** How many entries the start-up check covers (chain.ts TAIL_ENTRIES). */
  tailEntries?: number;
  /**
   * The key as loaded (and made) beforehand, when the caller had to wait for a new key to reach
   * the disk before the journal is keyed with it (safeStorage writes asynchronously).
   */
  keyLoad?: ChainKeyLoad;
}

export interface GuardedJournal {
  journal: Journal;
  /** Sales a crash left in flight, now needs-verification. */
  recovered: TransactionRecord[];
  health(): JournalHealth;
  /** Throws the bilingual `journal-broken` TillError while the journal is broken and unacknowledged. */
  assertCanSell(): void;
  acknowledge(request: { pin?: string | undefined; by?: string | undefined }): Promise<JournalHealth>;
  /** The whole chain, on a snapshot in slices; a break found is shown like one found at start. */
  startFullCheck(): void;
  /** Stops the full check and closes the journal. */
  close(): Promise<void>;
}

export function openGuardedJournal(options: GuardedJournalOptions): GuardedJournal {
  const { logger } = options;
  const keyLoad = options.keyLoad ?? loadChainKey(options.secrets, logger);
  const journal = Journal.open(options.path, keyLoad.key ? { chainKey: keyLoad.key } : {});
  const keying = journal.chainKeying();

  let reason: Bilingual | null = null;
  let acknowledged = false;
  let checkedEntries = 0;
  let fullCheckDone = false;
  const breakFound = (found: Bilingual) => {
    if (reason !== null) return; // the first break is the one to look at
    reason = found;
    logger.error('journal: integrity check failed', { reason: found.en });
  };

  if (keying.keyedFrom !== null && keyLoad.problem) {
    breakFound(keyLoad.problem);
  } else if (keying.keyedFrom !== null && !keying.keyOk) {
    breakFound({
      zh: '此電腦的日誌金鑰不是這份日誌的金鑰（日誌檔被換過，或金鑰被換過）',
      en: 'This till’s journal key is not the key of this journal (the file or the key was replaced)',
    });
  } else if (keying.recordedNow && !keyLoad.created && keying.keyedFrom !== null && keying.keyedFrom > 1) {
    // The key is older than this start, so the journal's keyed start was recorded before: a
    // journal with entries but no start record was replaced by an older copy or stripped of it
    // (to re-hash everything with plain SHA-256).
    breakFound({
      zh: '日誌的金鑰保護紀錄不見了：日誌檔可能被換成舊檔或遭修改',
      en: 'The journal’s keyed-chain record is missing: the file may have been replaced by an older copy or altered',
    });
  }
  // Checked as found, before this start writes anything.
  const tail = journal.verifyChainTail(options.tailEntries);
  checkedEntries = tail.entries;
  if (!tail.ok) breakFound(tail.reason);

  let recovered: TransactionRecord[] = [];
  try {
    recovered = journal.recoverInFlight();
  } catch (error) {
    // A journal this till cannot write (its key is missing) is already shown as broken.
    if (reason === null) throw error;
    logger.error('journal: in-flight sales could not be recovered', { error: (error as Error).message });
  }

  const health = (): JournalHealth => ({
    ok: reason === null,
    acknowledged,
    reason,
    checkedEntries,
    fullCheckDone,
  });

  const stop = new AbortController();
  let fullCheck: Promise<void> | null = null;

  return {
    journal,
    recovered,
    health,
    assertCanSell() {
      if (reason === null || acknowledged) return;
      throw new TillError('journal-broken', {
        zh: `日誌檢查發現異常，請主管確認後才能結帳（${reason.zh}）。此筆未送出。`,
        en: `The journal check found a problem; a supervisor must acknowledge it before sales go on (${reason.en}). Nothing was sent.`,
      });
    },
    async acknowledge(request) {
      if (reason === null) return health();
      await options.checkSupervisor(request, {
        required: {
          zh: '確認日誌異常需要主管 PIN。',
          en: 'Acknowledging the journal problem needs the supervisor PIN.',
        },
        wrong: {
          zh: '主管 PIN 不正確，仍不能結帳。',
          en: 'Wrong supervisor PIN: sales stay stopped.',
        },
      });
      // Recorded only if this till can still write its journal; either way the person decided.
      try {
        journal.recordSupervisorAction({
          action: 'journal.chain-broken-acknowledged',
          by: request.by?.trim() || 'supervisor',
          detail: { reason: reason.en, checkedEntries, fullCheckDone },
        });
      } catch (error) {
        logger.error('journal: the acknowledgement could not be recorded', {
          error: (error as Error).message,
        });
      }
      acknowledged = true;
      logger.warn('journal: broken journal acknowledged by a supervisor', { by: request.by ?? null });
      options.onChanged();
      return health();
    },
    startFullCheck() {
      if (fullCheck) return;
      fullCheck = journal.verifyChainInBackground({ signal: stop.signal }).then(
        (result) => {
          fullCheckDone = true;
          checkedEntries = Math.max(checkedEntries, result.entries);
          if (!result.ok) breakFound(result.reason);
          options.onChanged();
        },
        (error: unknown) => {
          if (!stop.signal.aborted) {
            logger.error('journal: the full chain check failed to run', { error: (error as Error).message });
          }
        },
      );
    },
    async close() {
      stop.abort();
      await fullCheck;
      journal.close();
    },
  };
}
