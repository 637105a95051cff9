import { constants, copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import type { KeyObject } from 'node:crypto';
import { basename, extname, isAbsolute, join } from 'node:path';
import type { journalMethods } from '../../shared/ipc/contract/journal';
import { TillError } from '../core/errors';
import type { HandlersFor } from '../core/handlers';
import type { Journal } from '../journal/journal';
import type { SupervisorGate } from '../settings/supervisor';
import { dayExporter, type DayExporter, type FolderExportOptions } from './export';

export interface ExportHandlerDeps {
  journal: Journal;
  /** The export writes the day's sales to a folder: the supervisor PIN, and a journal record. */
  supervisor: SupervisorGate;
  /**
   * The seller's tax ID as set up now: a JSON export states it (a day without sales has no row to
   * take it from) and refuses a day whose sales are another company's.
   */
  companyId?: () => string;
  /** The till's JSON export signing key (export-signature.ts), asked at each JSON export. */
  signingKey?: () => KeyObject | null;
}

/**
 * `journal.export`: the day into a folder as XLSX (for people), CSV (for scripts) or JSON (for
 * a store's reconciliation), with the supervisor PIN and a `journal.export` record of who did it.
 * The method keeps its contract name: it exports the journal; the formatting lives here.
 */
export function createExportHandlers({
  journal,
  supervisor,
  companyId,
  signingKey,
}: ExportHandlerDeps): HandlersFor<Pick<typeof journalMethods, 'journal.export'>> {
  const exporter = dayExporter(journal, signingKey);
  return {
    'journal.export': async ({ folder, pin, by, headers, tables, ...options }) =>
      supervisor.run(
        { pin, by },
        {
          action: 'journal.export',
          required: { zh: '匯出帳務需要主管 PIN。', en: 'Exporting the journal needs the supervisor PIN.' },
          wrong: {
            zh: '主管 PIN 不正確，未匯出任何檔案。',
            en: 'Wrong supervisor PIN: nothing was exported.',
          },
          detail: (result) => ({
            businessDay: options.businessDay,
            format: options.format,
            ...(options.format === 'json' ? {} : { headers, tables }),
            file: result.file,
            summaryFile: result.summaryFile,
            files: result.files.map((f) => f.file),
            rows: result.rows,
          }),
        },
        () =>
          exportWithoutOverwriting(
            exporter,
            {
              ...options,
              ...(companyId ? { companyId: companyId() } : {}),
              // JSON is one document whose keys never change: the sheets' options do not apply.
              ...(options.format === 'json' ? {} : { headers, tables }),
            },
            checkExportFolder(folder),
          ),
      ),
  };
}

/** The export folder as typed: absolute (a relative one would land wherever the app runs) and a folder. */
export function checkExportFolder(folder: string): string {
  if (!isAbsolute(folder)) {
    throw new TillError('export-folder-invalid', {
      zh: `匯出資料夾須為完整路徑（例如 D:\\匯出 或 /media/usb），「${folder}」不是。未匯出任何檔案。`,
      en: `The export folder must be a full path (e.g. D:\\exports or /media/usb); "${folder}" is not. Nothing was exported.`,
    });
  }
  let isFolder: boolean;
  try {
    isFolder = statSync(folder).isDirectory();
  } catch {
    throw new TillError('export-folder-invalid', {
      zh: `匯出資料夾「${folder}」不存在。未匯出任何檔案。`,
      en: `The export folder "${folder}" does not exist. Nothing was exported.`,
    });
  }
  if (!isFolder) {
    throw new TillError('export-folder-invalid', {
      zh: `「${folder}」是檔案，不是資料夾。未匯出任何檔案。`,
      en: `"${folder}" is a file, not a folder. Nothing was exported.`,
    });
  }
  return folder;
}

/**
 * Writes into a private folder first, then copies each file to a name not yet taken (`-2`, `-3`,
 * …, the CSV tables and their summary keeping the same number): an earlier export, or anyone's file of the
 * same name, is never overwritten. The copy refuses to replace a file (COPYFILE_EXCL), so even a
 * file created meanwhile is safe.
 */
async function exportWithoutOverwriting(
  exporter: DayExporter,
  options: FolderExportOptions,
  folder: string,
): ReturnType<DayExporter['exportDayToFolder']> {
  const staging = mkdtempSync(join(folder, '.till-export-'));
  try {
    const written = await exporter.exportDayToFolder(options, staging);
    const sources = written.files.map((f) => f.file);
    for (let n = 1; n <= 1000; n += 1) {
      const targets = sources.map((source) => join(folder, numbered(basename(source), n)));
      const copied: string[] = [];
      try {
        for (const [i, source] of sources.entries()) {
          copyFileSync(source, targets[i]!, constants.COPYFILE_EXCL);
          copied.push(targets[i]!);
        }
      } catch (error) {
        for (const file of copied) rmSync(file, { force: true });
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw error;
      }
      const moved = (source: string) => targets[sources.indexOf(source)]!;
      return {
        ...written,
        file: moved(written.file),
        summaryFile: written.summaryFile === null ? null : moved(written.summaryFile),
        files: written.files.map((f) => ({ ...f, file: moved(f.file) })),
      };
    }
    throw new TillError('export-folder-invalid', {
      zh: `匯出資料夾「${folder}」已有太多同名檔案。未匯出任何檔案。`,
      en: `The export folder "${folder}" already holds too many files of this name. Nothing was exported.`,
    });
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** `day.csv` → `day.csv`, `day-2.csv`, `day-3.csv`, … */
function numbered(name: string, n: number): string {
  if (n === 1) return name;
  const ext = extname(name);
  return `${name.slice(0, name.length - ext.length)}-${n}${ext}`;
}
