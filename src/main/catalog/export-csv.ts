import type { Product } from '../../shared/ipc/contract/catalog';
import { CSV_BOM, csvCell } from '../exports';

/**
 * The catalog as the import reads it (import-csv.ts): its English column names, one product a
 * row in catalog order, every column the import knows, so importing the file gives back the same
 * catalog (a fast-check property checks the round trip). UTF-8 with a BOM and CRLF, as the day's
 * exports (Excel opens it); a name Excel would run as a formula is written with the exports'
 * apostrophe, which the import takes off again.
 */
export const CATALOG_CSV_COLUMNS = [
  'code',
  'barcode',
  'name',
  'category',
  'price',
  'taxType',
  'ageCheck',
  'moreBarcodes',
  'scaleCode',
  'retired',
] as const;

export function catalogCsv(products: readonly Product[]): string {
  const rows = products.map((p) =>
    [
      p.code,
      p.barcode,
      p.name,
      p.category,
      p.price,
      p.taxType,
      p.ageCheck ?? false,
      (p.moreBarcodes ?? []).join(' '),
      p.scaleCode ?? '',
      p.retired ?? false,
    ]
      .map((value) => csvCell(typeof value === 'string' ? unambiguous(value) : value))
      .join(','),
  );
  return `${CSV_BOM}${[CATALOG_CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

/**
 * csvCell puts an apostrophe before = + - @ and the import takes one off: a text that already
 * starts with apostrophes before one of them gets one more, so it reads back as it was.
 */
const unambiguous = (text: string) => (/^'+[=+\-@]/.test(text) ? `'${text}` : text);
