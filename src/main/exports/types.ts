import type { Bilingual } from '../../shared/domain';
import type { ChainHmac } from '../journal/types';

/** The exports' options and results (src/main/exports): the journal knows none of them. */

/** `xlsx` for people (typed cells, one sheet per table), `csv` for scripts, `json` for reconciliation. */
export type ExportFormat = 'xlsx' | 'csv' | 'json';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['xlsx', 'csv', 'json'];

/**
 * CSV only. `codes`: the machine column names, and for the transactions table the columns and
 * cells scripts have read since the first export (the JSON's keys); `zh` / `en`: the variant for
 * spreadsheets and accountants, headers and the words beside each code in that language,
 * identifiers kept as text, one Taipei time column (sheets.ts).
 */
export type ExportHeaders = 'zh' | 'en' | 'codes';
export const EXPORT_HEADERS: readonly ExportHeaders[] = ['zh', 'en', 'codes'];

/** CSV only: the sales and returns, their lines, the drawer's cash movements, or the day's price changes. */
export type ExportTable = 'transactions' | 'lines' | 'cash' | 'prices';
export const EXPORT_TABLES: readonly ExportTable[] = ['transactions', 'lines', 'cash', 'prices'];

export interface ExportOptions {
  businessDay: string;
  tillId?: string;
  format: ExportFormat;
  /** Default `codes` (what the Journal API and the CLI wrote before; the contract's default is `zh`). */
  headers?: ExportHeaders;
  /** Default `transactions`; JSON is always the transactions document. */
  table?: ExportTable;
  /**
   * The seller's tax ID as configured (the core's settings, the CLI's `--company` or `--data`).
   * JSON only: the rows' production company must be this one (else refused); a day without
   * production rows states it as its company.
   */
  companyId?: string;
}

export interface ExportResult {
  rows: number;
  bytes: number;
}

/** One file a folder export wrote: a table, or the CSV's summary companion. */
export interface ExportedFile {
  table: ExportTable | 'summary';
  file: string;
  rows: number;
}

/**
 * The JSON export's format name and version (export.ts writes it; a store's reconciliation reads
 * the other tills' exports: src/main/reconciliation/till-export.ts). Here, free of SQLite, so a
 * reader imports them without the journal's database code.
 */
export const JSON_EXPORT_FORMAT = 'till-journal-export';
export const JSON_EXPORT_VERSION = 2;

/** The chain as a JSON export states it: the full check at export time, on the export's snapshot. */
export interface ExportChain {
  verified: boolean;
  /** Entries walked: the head's id when verified, up to the break otherwise. */
  entries: number;
  /** The journal's head in the export's snapshot (its `chainHead`). */
  head: { entryId: number; hash: string };
  hmac: ChainHmac;
  /** What broke, when not verified (the chain check's reason). */
  problem: Bilingual | null;
}
