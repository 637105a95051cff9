import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TillError } from '../core/errors';
import { checkExportFolder, workbookOf, type SheetColumn } from '../exports';
import type { Product } from '../../shared/ipc/contract/catalog';
import { catalogCsv } from './export-csv';

/**
 * The .xlsx columns: the CSV's, titled with the import's own Chinese or English column names, so
 * the sheet saved as CSV imports back too. Flags are 是/否 (Yes/No), which the import reads.
 */
const XLSX_COLUMNS: readonly SheetColumn<Product>[] = [
  { key: 'code', title: { zh: '品號', en: 'code' }, kind: 'id', value: (p) => p.code },
  { key: 'barcode', title: { zh: '條碼', en: 'barcode' }, kind: 'id', value: (p) => p.barcode || null },
  { key: 'name', title: { zh: '品名', en: 'name' }, kind: 'text', value: (p) => p.name },
  { key: 'category', title: { zh: '類別', en: 'category' }, kind: 'text', value: (p) => p.category },
  { key: 'price', title: { zh: '售價', en: 'price' }, kind: 'money', value: (p) => p.price },
  { key: 'taxType', title: { zh: '稅別', en: 'taxType' }, kind: 'code', value: (p) => p.taxType },
  { key: 'ageCheck', title: { zh: '菸酒', en: 'ageCheck' }, kind: 'flag', value: (p) => p.ageCheck ?? false },
  {
    key: 'moreBarcodes',
    title: { zh: '其他條碼', en: 'moreBarcodes' },
    kind: 'id',
    value: (p) => (p.moreBarcodes ?? []).join(' ') || null,
  },
  {
    key: 'scaleCode',
    title: { zh: '秤重品號', en: 'scaleCode' },
    kind: 'id',
    value: (p) => p.scaleCode ?? null,
  },
  { key: 'retired', title: { zh: '停售', en: 'retired' }, kind: 'flag', value: (p) => p.retired ?? false },
];

/** `catalog-YYYYMMDD-HHmmss` in Taipei's time (the till's day), as a person finds it in the folder. */
function baseName(at: Date): string {
  const taipei = new Date(at.getTime() + 8 * 3600_000).toISOString();
  return `catalog-${taipei.slice(0, 10).replaceAll('-', '')}-${taipei.slice(11, 19).replaceAll(':', '')}`;
}

/**
 * Writes the catalog into `folder` as CSV or .xlsx, never over a file that is there (`-2`, `-3`,
 * … as the day's exports): the file's path.
 */
export async function exportCatalogFile(
  products: readonly Product[],
  options: { folder: string; format: 'csv' | 'xlsx'; headers: 'zh' | 'en'; at: Date },
): Promise<string> {
  const folder = checkExportFolder(options.folder);
  const bytes =
    options.format === 'csv'
      ? Buffer.from(catalogCsv(products), 'utf8')
      : (
          await workbookOf(
            [
              {
                name: options.headers === 'en' ? 'Catalog' : '商品',
                columns: XLSX_COLUMNS as readonly SheetColumn<unknown>[],
                rows: products,
              },
            ],
            options.headers,
            options.at,
          )
        ).buffer;
  const base = baseName(options.at);
  for (let n = 1; n <= 1000; n++) {
    const file = join(folder, `${base}${n === 1 ? '' : `-${n}`}.${options.format}`);
    try {
      writeFileSync(file, bytes, { flag: 'wx' });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new TillError('export-folder-invalid', {
    zh: `匯出資料夾「${folder}」已有太多同名檔案。未匯出任何檔案。`,
    en: `The export folder "${folder}" already holds too many files of this name. Nothing was exported.`,
  });
}
