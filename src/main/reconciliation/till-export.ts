import { createHash } from 'node:crypto';
import {
  describeHiddenCharacter,
  findHiddenCharacter,
  replaceHiddenCharacters,
  type Bilingual,
} from '../../shared/domain';
import { INVOICE_NUMBER_PATTERN } from '../../provider/pos-profile';
import { verifyExportSignature } from '../exports';
import { isAcceptableOrderNo, TILL_ID_PATTERN } from '../journal/order-numbers';
import { RETURN_STATES, TX_STATES, type ChainHmac } from '../journal/types';
import { JSON_EXPORT_FORMAT, JSON_EXPORT_VERSION } from '../exports';

/**
 * A store's reconciliation reads the JSON exports of the store's other tills (a USB stick, a
 * shared folder; `journal.export` or `npm run journal -- export --format json`, version 2; see
 * src/main/journal/export.ts). This module reads ONE such file, as text, and either returns what
 * it says or refuses it with the reason, naming the file: bad input changes nothing.
 *
 * Refused: not JSON; not a till journal export; version 1 (it states neither the company nor the
 * chain); an unknown version; edited after export (the digest over every byte before it does not
 * match); unsigned, or a signature that is not the till key's over that digest (a forger who
 * recomputes the digest cannot sign it; one who signs with a key of his own is refused by the
 * key pinned for that till, `checkTillKeys`); a damaged head; another company; another business day; training mixed with production
 * (either way); this till's own export (its journal is already in); a chain that did not verify at
 * export time; any row that breaks the shape. What is read is plain data built field by field
 * (no parsed object is passed on), every text checked with the plain-text rule, every amount a
 * safe integer, payment methods values in arrays (never keys): a method named `__proto__` is just
 * a name.
 *
 * Pure (no files, no clock): the caller reads the files; two files of the same till given
 * together are its check (`duplicateTills`).
 */

export type TillExportRecordKind = 'sale' | 'void' | 'allowance' | 'allowance-void';

export interface TillExportPayment {
  /** Any text the till's journal recorded (`cash`, `card`, …): aggregate with a `Map`. */
  method: string;
  /** Signed as in the export: a void's or an allowance's refunds negative. */
  amount: number;
}

/** One row of the export: a sale, or a void, allowance or allowance void (amounts signed). */
export interface TillExportRecord {
  orderNo: string;
  tillId: string;
  businessDay: string;
  record: TillExportRecordKind;
  /** A sale's state (`issued`, `needs-verification`, …) or a return's (`done`, …). */
  state: string;
  training: boolean;
  invoiceNumber: string | null;
  invoiceDateTime: string | null;
  /** A sale's invoice kind; null on a return row. */
  invoiceKind: string | null;
  totalAmount: number;
  salesAmount: number;
  taxAmount: number;
  payments: TillExportPayment[];
  buyerTaxId: string | null;
  allowanceNumber: string | null;
  /** ISO instant. */
  createdAt: string;
  /** The resolution's outcome (`issued`, `not-issued`, `done`, …), or null. */
  resolution: string | null;
  /** The return's id in its till's journal (with `tillId`, a return's identity); null on a sale. */
  returnId: number | null;
}

/** The chain check the export states; only a verified one is accepted. */
export interface TillExportChain {
  verified: true;
  entries: number;
  head: { entryId: number; hash: string };
  /** `not-checked`: exported without the till's key (the CLI): links and ids checked, HMACs not. */
  hmac: ChainHmac;
  problem: null;
}

export interface TillExport {
  /** The name the file was given as (for messages and the report). */
  file: string;
  version: 2;
  companyId: string;
  /** The export's till filter (`--till`), or null for the whole journal. */
  tillId: string | null;
  /** The tills of the rows, sorted; empty when the day has no rows. */
  tillIds: string[];
  businessDay: string;
  training: boolean;
  /** The check code of the journal's head at export (`#id:` + 16 hex digits; `verify --expect-head`). */
  chainHead: string;
  chain: TillExportChain;
  records: TillExportRecord[];
  /** The exporting till's own day summary, as written (JSON, unchecked): figures come from `records`. */
  summary: unknown;
  /** SHA-256 (hex) of every byte of the file before the digest. */
  digest: string;
  /** The key that signed the digest (checked): a store reconciliation pins it per till. */
  signer: { publicKey: string; fingerprint: string };
}

export interface TillExportExpectation {
  /** This till's seller tax ID. */
  companyId: string;
  businessDay: string;
  /** Whether this till runs in training mode: exports of the other mode are refused. */
  training: boolean;
  thisTillId: string;
}

export type TillExportRead = { ok: true; export: TillExport } | { ok: false; reason: Bilingual };

export function readTillExport(file: string, text: string, expect: TillExportExpectation): TillExportRead {
  const name = displayName(file);
  const refuse = (zh: string, en: string): TillExportRead => ({
    ok: false,
    reason: { zh: `${name} ${zh}，未採用。`, en: `${name} ${en}: not used.` },
  });

  // A BOM added by an editor that saved without changing anything is not an edit: the digest is
  // over the bytes after it, as written.
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  // A lone surrogate is not text a till writes (JSON.stringify escapes them) and would encode
  // like U+FFFD, so two different texts could share one digest.
  if (LONE_SURROGATE.test(body)) {
    return refuse(
      '不是有效的文字檔（含無法編碼的字元）',
      'is not a valid text file (it holds unencodable characters)',
    );
  }
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    return refuse('不是 JSON 檔', 'is not a JSON file');
  }
  if (!isObject(doc) || own(doc, 'format') !== JSON_EXPORT_FORMAT) {
    return refuse(
      '不是收銀機的日誌匯出檔（請在收銀機的日結畫面以 JSON 匯出）',
      'is not a till journal export (export the day as JSON on the till’s closing screen)',
    );
  }
  const version = own(doc, 'version');
  if (version === 1) {
    return refuse(
      '是舊版（第 1 版）匯出，沒有統一編號與日誌鏈驗證結果：請在該收銀機更新後重新匯出',
      'is an export of version 1, which states neither the seller nor the chain check: update that till and export the day again',
    );
  }
  if (version !== JSON_EXPORT_VERSION) {
    const shown = typeof version === 'number' && Number.isSafeInteger(version) ? String(version) : '?';
    return typeof version === 'number' && version > JSON_EXPORT_VERSION
      ? refuse(
          `是較新版本（第 ${shown} 版）的匯出，此收銀機無法讀取：請先更新此收銀機`,
          `is an export of a newer version (${shown}) than this till reads: update this till first`,
        )
      : refuse(`的版本（${shown}）無法辨識`, `has an unknown version (${shown})`);
  }

  const members = topLevelMembers(body);
  if (members === null) return refuse('無法解析', 'cannot be parsed');
  const keys = new Set<string>();
  for (const member of members) {
    if (keys.has(member.key)) {
      return refuse(
        `的欄位「${visible(member.key)}」出現兩次`,
        `has the field "${visible(member.key)}" twice`,
      );
    }
    keys.add(member.key);
  }
  // The till's signature is last, after the digest it signs (export-signature.ts).
  const signed = members[members.length - 1]?.key === 'signature';
  const last = members[members.length - (signed ? 2 : 1)];
  const digest = own(doc, 'digest');
  if (last === undefined || last.key !== 'digest' || typeof digest !== 'string' || !HEX64.test(digest)) {
    return refuse(
      '沒有完整性摘要（digest），可能不完整或匯出後被修改',
      'has no digest: it may be incomplete or edited after export',
    );
  }
  const comma = skipWhitespaceBack(body, last.keyStart - 1);
  if (body[comma] !== ',') return refuse('無法解析', 'cannot be parsed');
  const actual = createHash('sha256').update(body.slice(0, comma), 'utf8').digest('hex');
  if (actual !== digest) {
    return refuse(
      '的內容與匯出時的摘要不符：匯出後被修改過。請在該收銀機重新匯出',
      'does not match the digest it was exported with: it was edited after export. Export the day again on that till',
    );
  }
  // The digest anyone can recompute after an edit; the signature only the till's key makes.
  if (!signed) {
    return refuse(
      '沒有收銀機的簽章，無法確認是該收銀機匯出且未經修改：請在該收銀機（更新後）重新匯出',
      'is not signed by a till, so nothing shows that till wrote it unedited: export the day again on that till (updated)',
    );
  }
  const signature = verifyExportSignature(own(doc, 'signature'), digest);
  if (signature === null) {
    return refuse(
      '的簽章不符：匯出後被修改過，或不是收銀機簽署的。請在該收銀機重新匯出',
      'has a signature that does not match: it was edited after export, or not signed by a till. Export the day again on that till',
    );
  }

  // The head, checked field by field before anything is compared with it.
  const damaged = (field: string, zh: string, en: string) =>
    refuse(`已損毀：「${field}」${zh}`, `is damaged: "${field}" ${en}`);
  const companyId = own(doc, 'companyId');
  if (companyId === null) {
    return refuse(
      '沒有註明統一編號（當天沒有交易，且匯出時未提供統一編號）',
      'does not state the seller tax ID (no sales that day, and none was given at export)',
    );
  }
  if (typeof companyId !== 'string' || !COMPANY_ID.test(companyId)) {
    return damaged('companyId', '不是 8 位數的統一編號', 'is not an 8-digit tax ID');
  }
  const businessDay = own(doc, 'businessDay');
  if (typeof businessDay !== 'string' || !BUSINESS_DAY.test(businessDay)) {
    return damaged('businessDay', '不是日期', 'is not a date');
  }
  const tillFilter = own(doc, 'tillId');
  if (tillFilter !== null && !(typeof tillFilter === 'string' && TILL_ID_PATTERN.test(tillFilter))) {
    return damaged('tillId', '不是收銀機編號', 'is not a till id');
  }
  const tillIds = own(doc, 'tillIds');
  if (
    !Array.isArray(tillIds) ||
    !tillIds.every((id): id is string => typeof id === 'string' && TILL_ID_PATTERN.test(id)) ||
    new Set(tillIds).size !== tillIds.length
  ) {
    return damaged('tillIds', '不是收銀機編號的清單', 'is not a list of till ids');
  }
  const training = own(doc, 'training');
  if (typeof training !== 'boolean') return damaged('training', '不是是或否', 'is not true or false');
  const chainHead = readHead(own(doc, 'chainHead'));
  if (chainHead === null) return damaged('chainHead', '不是日誌鏈頭', 'is not a chain head');
  const chain = readChain(own(doc, 'chain'));
  if (chain === null) return damaged('chain', '不是日誌鏈驗證結果', 'is not a chain check');
  const transactions = own(doc, 'transactions');
  if (!Array.isArray(transactions)) return damaged('transactions', '不是清單', 'is not a list');
  if (!keys.has('summary')) return damaged('summary', '缺少', 'is missing');

  // What this till accepts.
  if (companyId !== expect.companyId) {
    return refuse(
      `是另一家公司（統一編號 ${companyId}）的匯出`,
      `is an export of another company (tax ID ${companyId})`,
    );
  }
  if (businessDay !== expect.businessDay) {
    return refuse(
      `是營業日 ${businessDay} 的匯出，不是 ${expect.businessDay}`,
      `is an export of business day ${businessDay}, not ${expect.businessDay}`,
    );
  }
  if (training !== expect.training) {
    return training
      ? refuse(
          '含有練習模式的交易，不能與正式交易一起對帳',
          'holds training-mode sales, which are never reconciled with production ones',
        )
      : refuse(
          '是正式交易的匯出，此收銀機在練習模式，不能一起對帳',
          'is an export of production sales; this till is in training mode: they are never reconciled together',
        );
  }
  if (tillFilter === expect.thisTillId || tillIds.includes(expect.thisTillId)) {
    return refuse(
      `含有本收銀機（${expect.thisTillId}）的交易，本機的日誌已經列入`,
      `holds this till’s (${expect.thisTillId}) own sales, which its journal already gives`,
    );
  }
  if (!chain.verified) {
    const problem = chain.problem ?? { zh: '未說明原因', en: 'no reason given' };
    return refuse(
      `匯出時日誌鏈未通過驗證（${visible(problem.zh)}），該收銀機的日誌可能遭竄改或損毀`,
      `was exported from a journal whose chain did not verify (${visible(problem.en)}): that till’s journal may have been altered or damaged`,
    );
  }
  // Both were written from one snapshot: a difference is a file not written by a till.
  if (chain.head.entryId !== chainHead.entryId || chain.head.hash !== chainHead.hash) {
    return damaged('chain', '與 chainHead 不符', 'does not match chainHead');
  }
  if (chain.entries !== chain.head.entryId) {
    return damaged('chain', '的筆數與鏈頭不符', 'counts other entries than its head');
  }

  const records: TillExportRecord[] = [];
  for (const [index, raw] of transactions.entries()) {
    const read = readRecord(raw);
    const row = { zh: `第 ${index + 1} 筆交易`, en: `row ${index + 1}` };
    if (!read.ok) {
      return refuse(
        `${row.zh}的「${read.field}」${read.problem.zh}`,
        `${row.en}: "${read.field}" ${read.problem.en}`,
      );
    }
    const record = read.record;
    const at = { zh: `${row.zh}（${record.orderNo}）`, en: `${row.en} (${record.orderNo})` };
    if (record.businessDay !== businessDay) {
      return refuse(
        `${at.zh}屬於營業日 ${record.businessDay}，不是 ${businessDay}`,
        `${at.en} is of business day ${record.businessDay}, not ${businessDay}`,
      );
    }
    if (!tillIds.includes(record.tillId) || (tillFilter !== null && record.tillId !== tillFilter)) {
      return damaged(
        'tillIds',
        `未列出${at.zh}的收銀機 ${record.tillId}`,
        `does not name ${record.tillId} of ${at.en}`,
      );
    }
    records.push(record);
  }
  const rowTills = new Set(records.map((r) => r.tillId));
  if (rowTills.size !== tillIds.length) {
    return damaged('tillIds', '列出沒有交易的收銀機', 'names a till without rows');
  }
  if (records.some((r) => r.training) !== training) {
    return damaged('training', '與交易的練習模式標記不符', 'does not match the rows’ training flags');
  }

  return {
    ok: true,
    export: {
      file,
      version: JSON_EXPORT_VERSION,
      companyId,
      tillId: tillFilter,
      tillIds: [...tillIds].sort(),
      businessDay,
      training,
      chainHead: `#${chainHead.entryId}:${chainHead.hash.slice(0, 16)}`,
      chain: { verified: true, entries: chain.entries, head: chain.head, hmac: chain.hmac, problem: null },
      records,
      summary: own(doc, 'summary'),
      digest,
      signer: { publicKey: signature.publicKey, fingerprint: signature.fingerprint },
    },
  };
}

/** A till given in more than one of the accepted exports, with the files that hold it. */
export interface DuplicateTill {
  tillId: string;
  files: string[];
}

/**
 * Tills that appear in more than one export (the same file twice, or two exports of one till):
 * their sales would count twice. The caller refuses them, naming them (`duplicateTillsReason`).
 */
export function duplicateTills(exports: readonly TillExport[]): DuplicateTill[] {
  const files = new Map<string, string[]>();
  for (const read of exports) {
    for (const tillId of read.tillIds) {
      const list = files.get(tillId) ?? [];
      list.push(read.file);
      files.set(tillId, list);
    }
  }
  return [...files]
    .filter(([, list]) => list.length > 1)
    .map(([tillId, list]) => ({ tillId, files: list }))
    .sort((a, b) => (a.tillId < b.tillId ? -1 : a.tillId > b.tillId ? 1 : 0));
}

/** `T02 出現在 2 個匯出檔（a.json、b.json）…` / `T02 is in 2 exports (a.json, b.json)…`; null when none. */
export function duplicateTillsReason(duplicates: readonly DuplicateTill[]): Bilingual | null {
  if (duplicates.length === 0) return null;
  const zh = duplicates
    .map((d) => `${d.tillId} 出現在 ${d.files.length} 個匯出檔（${d.files.map(displayName).join('、')}）`)
    .join('；');
  const en = duplicates
    .map((d) => `${d.tillId} is in ${d.files.length} exports (${d.files.map(displayName).join(', ')})`)
    .join('; ');
  return {
    zh: `${zh}：同一台收銀機只能採用一份匯出，未對帳。`,
    en: `${en}: one export per till, nothing was reconciled.`,
  };
}

/** A till's export key as pinned in this till's journal (the first one recorded counts). */
export interface PinnedTillKey {
  tillId: string;
  publicKey: string;
  fingerprint: string;
}

export type TillKeysCheck =
  { ok: true; newPins: Array<PinnedTillKey & { file: string }> } | { ok: false; reason: Bilingual };

/**
 * The keys of accepted exports against the keys pinned for their tills: a till's export signed
 * with another key than its pinned one is refused, naming the file, the till and both
 * fingerprints (an edited file re-signed with a key of the editor's, or another PC claiming that
 * till); a till seen for the first time is pinned with the key it came with (the caller records
 * it under the supervisor PIN, showing the fingerprint).
 */
export function checkTillKeys(exports: readonly TillExport[], pins: readonly PinnedTillKey[]): TillKeysCheck {
  const pinned = new Map<string, PinnedTillKey>();
  for (const pin of pins) if (!pinned.has(pin.tillId)) pinned.set(pin.tillId, pin);
  const newPins: Array<PinnedTillKey & { file: string }> = [];
  for (const data of exports) {
    const tills = new Set([...data.tillIds, ...(data.tillId ? [data.tillId] : [])]);
    for (const tillId of [...tills].sort()) {
      const pin = pinned.get(tillId);
      if (pin && pin.publicKey !== data.signer.publicKey) {
        const name = displayName(data.file);
        return {
          ok: false,
          reason: {
            zh: `${name} 的簽署金鑰（指紋 ${data.signer.fingerprint}）不是收銀機 ${tillId} 登錄的金鑰（指紋 ${pin.fingerprint}）：可能被修改後重新簽署，或是另一台電腦的匯出，未採用。`,
            en: `${name} is signed with a key (fingerprint ${data.signer.fingerprint}) other than till ${tillId}’s pinned one (fingerprint ${pin.fingerprint}): it may have been edited and signed again, or come from another PC. Not used.`,
          },
        };
      }
      if (!pin) newPins.push({ tillId, ...data.signer, file: data.file });
    }
  }
  return { ok: true, newPins };
}

// ---------------------------------------------------------------- the head's parts

const COMPANY_ID = /^\d{8}$/;
const BUSINESS_DAY = /^\d{4}-\d{2}-\d{2}$/;
const HEX64 = /^[0-9a-f]{64}$/;
// With the u flag a surrogate pair is one code point: only a lone half matches.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const HMAC_STATES: readonly ChainHmac[] = ['checked', 'not-checked', 'unkeyed'];

function readHead(value: unknown): { entryId: number; hash: string } | null {
  if (!isObject(value)) return null;
  const entryId = own(value, 'entryId');
  const hash = own(value, 'hash');
  return typeof entryId === 'number' &&
    Number.isSafeInteger(entryId) &&
    entryId >= 0 &&
    typeof hash === 'string' &&
    HEX64.test(hash)
    ? { entryId, hash }
    : null;
}

function readChain(value: unknown): {
  verified: boolean;
  entries: number;
  head: { entryId: number; hash: string };
  hmac: ChainHmac;
  problem: Bilingual | null;
} | null {
  if (!isObject(value)) return null;
  const verified = own(value, 'verified');
  const entries = own(value, 'entries');
  const head = readHead(own(value, 'head'));
  const hmac = own(value, 'hmac');
  const problem = own(value, 'problem');
  if (
    typeof verified !== 'boolean' ||
    typeof entries !== 'number' ||
    !Number.isSafeInteger(entries) ||
    entries < 0
  ) {
    return null;
  }
  if (head === null || !HMAC_STATES.includes(hmac as ChainHmac)) return null;
  let reason: Bilingual | null = null;
  if (problem !== null) {
    if (!isObject(problem)) return null;
    const zh = own(problem, 'zh');
    const en = own(problem, 'en');
    if (typeof zh !== 'string' || typeof en !== 'string') return null;
    reason = { zh, en };
  }
  // A verified chain has no problem, a broken one has one.
  if (verified === (reason !== null)) return null;
  return { verified, entries, head, hmac: hmac as ChainHmac, problem: reason };
}

// ---------------------------------------------------------------- a row

type RecordRead = { ok: true; record: TillExportRecord } | { ok: false; field: string; problem: Bilingual };

const RECORD_KINDS: readonly TillExportRecordKind[] = ['sale', 'void', 'allowance', 'allowance-void'];
const SALE_STATES: readonly string[] = TX_STATES;
const RETURN_STATE_NAMES: readonly string[] = RETURN_STATES;
/** The journal takes payment methods of 1-40 characters (journal/validate.ts). */
const MAX_METHOD = 40;
/** Generous bounds for the other texts: a row is a till's, not a document. */
const MAX_TEXT = 200;

const problems = {
  missing: { zh: '缺少或不是文字', en: 'is missing or not text' },
  empty: { zh: '是空的或太長', en: 'is empty or too long' },
  notBoolean: { zh: '不是是或否', en: 'is not true or false' },
  notInteger: { zh: '不是安全範圍內的整數', en: 'is not a whole number within the safe range' },
  notList: { zh: '不是付款清單', en: 'is not a list of payments' },
  notPayment: { zh: '含有不是付款的項目', en: 'holds an item that is not a payment' },
  notOneOf: (values: readonly string[]): Bilingual => ({
    zh: `不是 ${values.join('、')} 之一`,
    en: `is not one of ${values.join(', ')}`,
  }),
  pattern: (what: Bilingual): Bilingual => ({ zh: `不是${what.zh}`, en: `is not ${what.en}` }),
};

/** Thrown inside `readRecord` only, and caught there: the first field that breaks the shape. */
class FieldProblem {
  constructor(
    readonly field: string,
    readonly problem: Bilingual,
  ) {}
}

function readRecord(raw: unknown): RecordRead {
  if (!isObject(raw))
    return { ok: false, field: '(row)', problem: { zh: '不是一筆資料', en: 'is not a record' } };
  const text = (field: string, nullable: boolean, max = MAX_TEXT): string | null => {
    const value = own(raw, field);
    if (value === null && nullable) return null;
    if (typeof value !== 'string') throw new FieldProblem(field, problems.missing);
    const hidden = findHiddenCharacter(value);
    if (hidden) {
      const what = describeHiddenCharacter(hidden);
      throw new FieldProblem(field, { zh: `含有${what.zh}`, en: `contains ${what.en}` });
    }
    if (value.length === 0 || value.length > max) throw new FieldProblem(field, problems.empty);
    return value;
  };
  const required = (field: string, max = MAX_TEXT): string => text(field, false, max)!;
  const integer = (field: string): number => safeInteger(field, own(raw, field));
  const matching = (field: string, value: string | null, pattern: RegExp, what: Bilingual): void => {
    if (value !== null && !pattern.test(value)) throw new FieldProblem(field, problems.pattern(what));
  };

  try {
    const orderNo = required('order_no');
    if (!isAcceptableOrderNo(orderNo)) {
      throw new FieldProblem('order_no', problems.pattern({ zh: '訂單編號', en: 'an order number' }));
    }
    const tillId = required('till_id');
    matching('till_id', tillId, TILL_ID_PATTERN, { zh: '收銀機編號', en: 'a till id' });
    const businessDay = required('business_day');
    matching('business_day', businessDay, BUSINESS_DAY, { zh: '日期', en: 'a date' });
    const record = required('record');
    if (!(RECORD_KINDS as readonly string[]).includes(record)) {
      throw new FieldProblem('record', problems.notOneOf(RECORD_KINDS));
    }
    const kind = record as TillExportRecordKind;
    const states = kind === 'sale' ? SALE_STATES : RETURN_STATE_NAMES;
    const state = required('state');
    if (!states.includes(state)) throw new FieldProblem('state', problems.notOneOf(states));
    const training = own(raw, 'training');
    if (typeof training !== 'boolean') throw new FieldProblem('training', problems.notBoolean);
    const invoiceNumber = text('invoice_number', true);
    matching('invoice_number', invoiceNumber, INVOICE_NUMBER_PATTERN, {
      zh: '發票號碼（兩個英文字母與 8 位數字）',
      en: 'an invoice number (two letters and 8 digits)',
    });
    const buyerTaxId = text('buyer_tax_id', true);
    matching('buyer_tax_id', buyerTaxId, COMPANY_ID, { zh: '8 位數的統一編號', en: 'an 8-digit tax ID' });
    const createdAt = required('created_at');
    if (Number.isNaN(Date.parse(createdAt))) {
      throw new FieldProblem('created_at', problems.pattern({ zh: '時間', en: 'a time' }));
    }
    const returnIdRaw = own(raw, 'return_id');
    const returnId = kind === 'sale' && returnIdRaw === null ? null : safeInteger('return_id', returnIdRaw);
    return {
      ok: true,
      record: {
        orderNo,
        tillId,
        businessDay,
        record: kind,
        state,
        training,
        invoiceNumber,
        invoiceDateTime: text('invoice_datetime', true),
        invoiceKind: text('invoice_kind', true),
        totalAmount: integer('total_amount'),
        salesAmount: integer('sales_amount'),
        taxAmount: integer('tax_amount'),
        payments: readPayments(own(raw, 'payments')),
        buyerTaxId,
        allowanceNumber: text('allowance_number', true),
        createdAt,
        resolution: text('resolution', true),
        returnId,
      },
    };
  } catch (error) {
    if (error instanceof FieldProblem) return { ok: false, field: error.field, problem: error.problem };
    throw error;
  }
}

/** `[{method, amount}]`: new objects of exactly these two fields, the method a value only. */
function readPayments(value: unknown): TillExportPayment[] {
  if (!Array.isArray(value)) throw new FieldProblem('payments', problems.notList);
  return value.map((item: unknown) => {
    if (!isObject(item)) throw new FieldProblem('payments', problems.notPayment);
    const method = own(item, 'method');
    if (typeof method !== 'string') throw new FieldProblem('payments', problems.notPayment);
    const hidden = findHiddenCharacter(method);
    if (hidden) {
      const what = describeHiddenCharacter(hidden);
      throw new FieldProblem('payments', {
        zh: `的付款方式含有${what.zh}`,
        en: `has a method that contains ${what.en}`,
      });
    }
    if (method.length === 0 || method.length > MAX_METHOD) throw new FieldProblem('payments', problems.empty);
    return { method, amount: safeInteger('payments', own(item, 'amount')) };
  });
}

function safeInteger(field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new FieldProblem(field, problems.notInteger);
  }
  // -0 reads as 0: the same amount.
  return value === 0 ? 0 : value;
}

// ---------------------------------------------------------------- helpers

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A field of parsed JSON, its own only: nothing is ever read through a prototype. */
function own(value: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(value, key) ? value[key] : undefined;
}

/** A text from the file, safe to put in a message: hidden characters shown as `?`, at most 200 characters. */
function visible(text: string): string {
  const shown = replaceHiddenCharacters(text);
  return shown.length > 200 ? `${shown.slice(0, 200)}…` : shown;
}

/** The file's name in a message: its last path part, made visible. */
function displayName(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return visible(base === '' ? file : base);
}

// ---------------------------------------------------------------- where the top-level members are

/**
 * The top-level members of a JSON object text, with where each key starts: the digest covers the
 * exact bytes before its member, so the reader finds them in the text (never by re-serialising).
 * Only called on text `JSON.parse` accepted; null if it is not an object after all. Iterative:
 * no nesting depth can overflow the stack.
 */
function topLevelMembers(text: string): { key: string; keyStart: number }[] | null {
  let i = skipWhitespace(text, 0);
  if (text[i] !== '{') return null;
  i = skipWhitespace(text, i + 1);
  const members: { key: string; keyStart: number }[] = [];
  if (text[i] === '}') return members;
  for (;;) {
    i = skipWhitespace(text, i);
    if (text[i] !== '"') return null;
    const keyStart = i;
    i = skipString(text, i);
    if (i < 0) return null;
    const key = JSON.parse(text.slice(keyStart, i)) as string;
    i = skipWhitespace(text, i);
    if (text[i] !== ':') return null;
    i = skipValue(text, skipWhitespace(text, i + 1));
    if (i < 0) return null;
    members.push({ key, keyStart });
    i = skipWhitespace(text, i);
    if (text[i] === ',') {
      i++;
      continue;
    }
    return text[i] === '}' ? members : null;
  }
}

function isWhitespace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r';
}

function skipWhitespace(text: string, i: number): number {
  while (isWhitespace(text[i])) i++;
  return i;
}

function skipWhitespaceBack(text: string, i: number): number {
  while (i >= 0 && isWhitespace(text[i])) i--;
  return i;
}

/** From an opening quote to just after its closing one; -1 if unterminated. */
function skipString(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '"') return j + 1;
  }
  return -1;
}

/** Past one value (strings skipped whole, brackets counted); -1 if it does not end. */
function skipValue(text: string, i: number): number {
  const first = text[i];
  if (first === '"') return skipString(text, i);
  if (first === '{' || first === '[') {
    let depth = 0;
    for (let j = i; j < text.length;) {
      const c = text[j];
      if (c === '"') {
        j = skipString(text, j);
        if (j < 0) return -1;
        continue;
      }
      if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) return j + 1;
      }
      j++;
    }
    return -1;
  }
  let j = i;
  while (j < text.length && !isWhitespace(text[j]) && text[j] !== ',' && text[j] !== '}' && text[j] !== ']')
    j++;
  return j === i ? -1 : j;
}
