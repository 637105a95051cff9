import type pg from 'pg';
import { z } from 'zod';
import type { Bilingual } from '../../shared/domain';
import type { FeedEntry } from '../journal/replication';
import { headOfficeError, plain } from './connection';
import { otherCompany } from './migrate';

/**
 * The till's side of head office's three functions (schema.ts): `hq.register` and `hq.ingest`.
 * Head office's answers are outside data: read through a schema, and any text in them cleaned of
 * hidden characters before a screen shows it.
 */
export interface TillIdentity {
  companyId: string;
  storeId: string;
  tillId: string;
  /** This PC's random install id (install-id.ts). */
  installId: string;
}

export interface ChainKeyRegistration {
  keyedFrom: number;
  key: Buffer;
}

export interface Head {
  entryId: number;
  hash: string;
}

/** A till head office will take nothing more from, and why (both languages). */
export interface Refusal {
  code: string;
  entryId: number | null;
  reason: Bilingual;
}

export type RegisterAnswer = { kind: 'ok'; head: Head } | { kind: 'refused'; head: Head; refusal: Refusal };

export type IngestAnswer =
  | { kind: 'ok'; added: number; head: Head }
  | { kind: 'ahead'; head: Head }
  | { kind: 'refused'; refusal: Refusal };

const HeadFields = { headId: z.number().int().nonnegative(), headHash: z.string().regex(/^[0-9a-f]{64}$/) };
const RefusalFields = {
  code: z.string().nullable().optional(),
  entryId: z.number().int().nullable().optional(),
  zh: z.string().nullable().optional(),
  en: z.string().nullable().optional(),
};

const Answer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok'), added: z.number().int().nonnegative().optional(), ...HeadFields }),
  z.object({ status: z.literal('ahead'), ...HeadFields }),
  z.object({ status: z.literal('refused'), ...RefusalFields, ...partial(HeadFields) }),
  z.object({ status: z.literal('other-company'), company: z.string().nullable() }),
  z.object({ status: z.literal('other-machine') }),
  z.object({ status: z.literal('other-store'), store: z.string().nullable().optional() }),
  z.object({ status: z.literal('unknown-till') }),
  z.object({ status: z.literal('key-missing') }),
  z.object({ status: z.literal('key-differs') }),
  z.object({ status: z.literal('bad-input') }),
]);
type Answer = z.infer<typeof Answer>;

function partial<T extends Record<string, z.ZodType>>(fields: T) {
  return Object.fromEntries(Object.entries(fields).map(([name, schema]) => [name, schema.optional()])) as {
    [K in keyof T]: z.ZodOptional<T[K]>;
  };
}

const GENESIS = '0'.repeat(64);

function readAnswer(value: unknown): Answer {
  const parsed = Answer.safeParse(value);
  if (!parsed.success) {
    throw headOfficeError(
      'internal',
      '總部資料庫的回應無法辨識',
      'Head office gave an answer this till cannot read',
    );
  }
  return parsed.data;
}

function refusalOf(answer: Extract<Answer, { status: 'refused' }>): Refusal {
  return {
    code: plain(answer.code ?? 'refused', 40),
    entryId: answer.entryId ?? null,
    reason: {
      zh: `總部已拒收此收銀機的資料：${plain(answer.zh ?? '原因未說明')}。請主管處理（hq release 或 hq restore）。`,
      en: `Head office refuses this till's entries: ${plain(answer.en ?? 'no reason given')}. A person must act (hq release or hq restore).`,
    },
  };
}

/** Statuses that are not this batch's business: the till's configuration is wrong. */
function problemOf(answer: Answer, identity: TillIdentity): never {
  switch (answer.status) {
    case 'other-company':
      throw otherCompany(plain(answer.company ?? '?', 20), identity.companyId);
    case 'other-machine':
      throw headOfficeError(
        'other-machine',
        `收銀機代號 ${identity.tillId} 已由另一台電腦傳送資料；兩台電腦不能使用同一代號（不會合併）。請改用其他代號，或由總部以 hq restore 移轉。未變更任何資料。`,
        `Till id ${identity.tillId} is already fed by another PC; two PCs cannot share one till id (they are never merged). Use another till id, or move it with hq restore. Nothing was changed.`,
      );
    case 'other-store': {
      const registered = plain(answer.store ?? '?', 32);
      throw headOfficeError(
        'other-store',
        `收銀機 ${identity.tillId} 在總部登記於門市 ${registered}，不是設定中的 ${identity.storeId}：收銀機不能自行移到其他門市，須由總部以 hq move 移轉（或改回設定）。未變更任何資料。`,
        `Till ${identity.tillId} is registered at head office in store ${registered}, not ${identity.storeId} as set: a till cannot move itself to another store; head office moves it with hq move (or set the store back). Nothing was changed.`,
      );
    }
    case 'unknown-till':
      throw headOfficeError(
        'internal',
        `總部沒有收銀機 ${identity.tillId} 的登記`,
        `Head office has no record of till ${identity.tillId}`,
      );
    case 'key-missing':
      throw headOfficeError(
        'chain-key',
        '總部已登記此收銀機的日誌金鑰，但本機沒有金鑰（金鑰遺失）：請以 hq restore 還原。未變更任何資料。',
        'Head office holds this till’s journal key but this PC has none (the key was lost): restore with hq restore. Nothing was changed.',
      );
    case 'key-differs':
      throw headOfficeError(
        'chain-key',
        '本機的日誌金鑰與總部登記的不同（日誌或金鑰被換過）。未變更任何資料。',
        'This PC’s journal key is not the one head office registered (the journal or the key was replaced). Nothing was changed.',
      );
    case 'bad-input':
      throw headOfficeError(
        'internal',
        '總部拒絕了格式不正確的資料（收銀機代號、門市代號或安裝編號）',
        'Head office refused malformed data (till id, store id or install id)',
      );
    default:
      throw headOfficeError(
        'internal',
        '總部資料庫的回應無法辨識',
        'Head office gave an answer this till cannot read',
      );
  }
}

const headOf = (answer: { headId?: number | undefined; headHash?: string | undefined }): Head => ({
  entryId: answer.headId ?? 0,
  hash: answer.headHash ?? GENESIS,
});

/** This journal's last entry, which head office keeps with a refused claim (hq.claims). */
export interface JournalHead {
  entryId: number;
  hash: string;
  at: string | null;
}

export async function register(
  client: pg.ClientBase,
  identity: TillIdentity,
  key: ChainKeyRegistration | null,
  journalHead: JournalHead | null = null,
): Promise<RegisterAnswer> {
  const result = await client.query<{ answer: unknown }>(
    'SELECT hq.register($1, $2, $3, $4, $5, $6, $7::jsonb) AS answer',
    [
      identity.companyId,
      identity.storeId,
      identity.tillId,
      identity.installId,
      key?.keyedFrom ?? null,
      key?.key ?? null,
      journalHead
        ? JSON.stringify({ id: journalHead.entryId, hash: journalHead.hash, at: journalHead.at })
        : null,
    ],
  );
  const answer = readAnswer(result.rows[0]?.answer);
  if (answer.status === 'ok') return { kind: 'ok', head: headOf(answer) };
  if (answer.status === 'refused')
    return { kind: 'refused', head: headOf(answer), refusal: refusalOf(answer) };
  return problemOf(answer, identity);
}

/** One batch; the caller runs it inside its transaction (one batch, one transaction). */
export async function ingest(
  client: pg.ClientBase,
  identity: TillIdentity,
  entries: readonly FeedEntry[],
): Promise<IngestAnswer> {
  const result = await client.query<{ answer: unknown }>(
    'SELECT hq.ingest($1, $2, $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[]) AS answer',
    [
      identity.tillId,
      identity.installId,
      entries.map((e) => e.id),
      entries.map((e) => e.at),
      entries.map((e) => e.kind),
      entries.map((e) => e.orderNo),
      entries.map((e) => e.payload),
      entries.map((e) => e.prevHash),
      entries.map((e) => e.hash),
    ],
  );
  const answer = readAnswer(result.rows[0]?.answer);
  switch (answer.status) {
    case 'ok':
      return { kind: 'ok', added: answer.added ?? 0, head: headOf(answer) };
    case 'ahead':
      return { kind: 'ahead', head: headOf(answer) };
    case 'refused':
      return { kind: 'refused', refusal: refusalOf(answer) };
    default:
      return problemOf(answer, identity);
  }
}
