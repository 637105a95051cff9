import {
  findHiddenCharacter,
  describeHiddenCharacter,
  isValidRetailBarcode,
  MAX_NTD,
  PRODUCT_CODE_PATTERN,
  validateProductName,
  type Bilingual,
} from '../../shared/domain';
import type { ImportRowError, Product, ProductTaxType } from '../../shared/ipc/contract/catalog';

import { parseCsv, type CsvRecord } from './csv';

/**
 * Turns a catalog CSV into products, or into the list of every bad row by line number. Nothing
 * here touches the store: the caller replaces the catalog only when the whole file is good.
 *
 * Columns by header (English or Chinese, any order, case ignored):
 *   code 品號 · barcode 條碼 · name 品名 · category 類別 · price 售價 · taxType 稅別 ·
 *   ageCheck 菸酒 · moreBarcodes 其他條碼 · scaleCode 秤重品號 · retired 停售
 * barcode, taxType, ageCheck and the last three may be missing or empty (no barcode; taxable; no
 * age check; no other barcodes, separated by spaces; the product's own code on scale labels;
 * sold). The catalog export (export-csv.ts) writes every column, so a file exported here imports
 * back to the same catalog.
 */
type Column =
  | 'code'
  | 'barcode'
  | 'name'
  | 'category'
  | 'price'
  | 'taxType'
  | 'ageCheck'
  | 'moreBarcodes'
  | 'scaleCode'
  | 'retired';

const HEADER_NAMES: Record<Column, string[]> = {
  code: ['code', 'sku', '品號', '商品編號', '貨號'],
  barcode: ['barcode', 'ean', '條碼', '國際條碼'],
  name: ['name', '品名', '商品名稱'],
  category: ['category', '類別', '分類'],
  price: ['price', '售價', '單價', '價格'],
  taxType: ['taxtype', 'tax_type', 'tax', '稅別'],
  ageCheck: ['agecheck', 'age_check', '菸酒', '年齡確認'],
  moreBarcodes: ['morebarcodes', 'more_barcodes', '其他條碼'],
  scaleCode: ['scalecode', 'scale_code', '秤重品號'],
  retired: ['retired', '停售'],
};
const REQUIRED: Column[] = ['code', 'name', 'category', 'price'];

// A Map: the key is a cell of the file, and `constructor` or `__proto__` must find nothing.
const TAX_TYPES = new Map<string, ProductTaxType>([
  ['taxable', 'taxable'],
  ['1', 'taxable'],
  ['應稅', 'taxable'],
  ['zero', 'zero'],
  ['2', 'zero'],
  ['零稅率', 'zero'],
  ['exempt', 'exempt'],
  ['3', 'exempt'],
  ['免稅', 'exempt'],
]);

// 菸酒: yes or no in the words a spreadsheet holds (a Map for the same reason as TAX_TYPES).
const AGE_CHECK = new Map<string, boolean>([
  ['', false],
  ['0', false],
  ['no', false],
  ['false', false],
  ['否', false],
  ['1', true],
  ['yes', true],
  ['true', true],
  ['是', true],
  ['菸酒', true],
]);

// 停售: the same yes and no, and the word itself (菸酒 is no answer here).
const RETIRED = new Map<string, boolean>([
  ...[...AGE_CHECK].filter(([word]) => word !== '菸酒'),
  ['停售', true],
]);

export const MAX_REPORTED_ERRORS = 100;

export type CatalogParse =
  | { ok: true; products: Product[] }
  | { ok: false; errors: ImportRowError[]; errorCount: number; rowCount: number };

const err = (line: number, zh: string, en: string): ImportRowError => ({ line, message: { zh, en } });

export interface ParseCatalogOptions {
  /** For a merge: the catalog the file adds to, so that barcodes stay unique across both. */
  existing?: readonly Product[];
}

export function parseCatalogCsv(text: string, options: ParseCatalogOptions = {}): CatalogParse {
  const parsed = parseCsv(text);
  if (!parsed.ok) {
    const why =
      parsed.problem === 'unclosed-quote'
        ? { zh: '引號沒有結束', en: 'a quoted field is never closed' }
        : { zh: '引號位置不正確', en: 'a quote in the middle of a field' };
    return reject([err(parsed.line, `CSV 格式錯誤：${why.zh}`, `Not a valid CSV: ${why.en}`)], 0);
  }
  const [header, ...rows] = parsed.records;
  if (!header) return reject([err(1, '檔案是空的', 'The file is empty')], 0);
  // Before anything else, and in every cell (extra columns too): a control byte in a name would
  // reach the printer as a command (ESC p opens the drawer, GS V cuts), so the file is refused.
  const hidden = hiddenCharacterErrors(parsed.records);
  if (hidden.errorCount > 0) return { ok: false, ...hidden, rowCount: rows.length };

  const columns = new Map<Column, number>();
  const headerErrors: ImportRowError[] = [];
  header.fields.forEach((raw, index) => {
    const name = raw.trim().toLowerCase();
    const column = (Object.keys(HEADER_NAMES) as Column[]).find((c) => HEADER_NAMES[c].includes(name));
    if (!column) return; // extra columns (notes, cost) are ignored
    if (columns.has(column)) {
      headerErrors.push(err(header.line, `欄位「${raw}」重複`, `Column "${raw}" appears twice`));
    }
    columns.set(column, index);
  });
  for (const column of REQUIRED) {
    if (!columns.has(column)) {
      headerErrors.push(
        err(
          header.line,
          `缺少欄位「${HEADER_NAMES[column][2] ?? column}」（${column}）`,
          `Missing column "${column}" (${HEADER_NAMES[column].join(' / ')})`,
        ),
      );
    }
  }
  if (headerErrors.length > 0) return reject(headerErrors, rows.length);
  if (rows.length === 0) return reject([err(header.line, '檔案沒有任何商品', 'The file has no products')], 0);

  const errors: ImportRowError[] = [];
  const products: Product[] = [];
  const codeLines = new Map<string, number>();
  const barcodeLines = new Map<string, number>();
  const width = header.fields.length;
  const cell = (fields: string[], column: Column) => {
    const index = columns.get(column);
    // The export's formula guard taken off again: `'=x` is the name =x (csvCell writes it so Excel
    // never runs it as a formula), so a round trip changes nothing.
    return index === undefined ? '' : (fields[index] ?? '').trim().replace(/^'(?='*[=+\-@])/, '');
  };

  for (const row of rows) {
    const { line, fields } = row;
    if (fields.length !== width) {
      errors.push(
        err(
          line,
          `欄位數 ${fields.length} 與標題列 ${width} 不符`,
          `${fields.length} fields where the header has ${width}`,
        ),
      );
      continue;
    }
    const problems: Bilingual[] = [];
    const code = cell(fields, 'code');
    if (!/^[A-Za-z0-9._-]{1,32}$/.test(code)) {
      problems.push({
        zh: `品號「${code}」不正確（1 到 32 個英數字或 . _ -）`,
        en: `Product code "${code}" is not 1-32 letters, digits or . _ -`,
      });
    } else if (codeLines.has(code)) {
      problems.push({
        zh: `品號 ${code} 與第 ${codeLines.get(code)} 行重複`,
        en: `Product code ${code} repeats line ${codeLines.get(code)}`,
      });
    } else codeLines.set(code, line);

    const barcode = cell(fields, 'barcode');
    if (barcode !== '') {
      if (!isValidRetailBarcode(barcode)) {
        problems.push({
          zh: `條碼「${barcode}」不是有效的 EAN-13、EAN-8 或 UPC-A（檢查碼不符或位數不對）`,
          en: `Barcode "${barcode}" is not a valid EAN-13, EAN-8 or UPC-A (length or check digit)`,
        });
      } else if (barcodeLines.has(barcode)) {
        problems.push({
          zh: `條碼 ${barcode} 與第 ${barcodeLines.get(barcode)} 行重複`,
          en: `Barcode ${barcode} repeats line ${barcodeLines.get(barcode)}`,
        });
      } else barcodeLines.set(barcode, line);
    }

    const moreBarcodes = cell(fields, 'moreBarcodes')
      .split(/\s+/)
      .filter((code) => code !== '');
    if (moreBarcodes.length > 9) {
      problems.push({ zh: '其他條碼最多 9 個', en: 'At most 9 more barcodes' });
    }
    for (const more of moreBarcodes) {
      if (!isValidRetailBarcode(more)) {
        problems.push({
          zh: `其他條碼「${more}」不是有效的 EAN-13、EAN-8 或 UPC-A（檢查碼不符或位數不對）`,
          en: `More barcode "${more}" is not a valid EAN-13, EAN-8 or UPC-A (length or check digit)`,
        });
      } else if (barcodeLines.has(more)) {
        problems.push({
          zh: `條碼 ${more} 與第 ${barcodeLines.get(more)} 行重複`,
          en: `Barcode ${more} repeats line ${barcodeLines.get(more)}`,
        });
      } else barcodeLines.set(more, line);
    }

    const scaleCode = cell(fields, 'scaleCode');
    if (scaleCode !== '' && !PRODUCT_CODE_PATTERN.test(scaleCode)) {
      problems.push({
        zh: `秤重品號「${scaleCode}」不正確（1 到 32 個英數字或 . _ -）`,
        en: `Scale product code "${scaleCode}" is not 1-32 letters, digits or . _ -`,
      });
    }

    const retiredText = cell(fields, 'retired');
    const retired = RETIRED.get(retiredText.toLowerCase());
    if (retired === undefined) {
      problems.push({
        zh: `停售「${retiredText}」不正確（是、否 或 1、0，空白為否）`,
        en: `Retired "${retiredText}" is not yes or no (1 or 0; empty is no)`,
      });
    }

    const name = validateProductName(cell(fields, 'name'));
    if (!name.ok) problems.push(name.reason);

    const category = cell(fields, 'category');
    if (category === '' || category.length > 40) {
      problems.push({ zh: '類別必須是 1 到 40 個字', en: 'A category is 1 to 40 characters' });
    }

    const priceText = cell(fields, 'price').replace(/^NT\$/i, '').replaceAll(',', '');
    const price = Number(priceText);
    if (!/^\d+(\.\d{1,2})?$/.test(priceText) || !(price > 0) || price > MAX_NTD) {
      problems.push({
        zh: `售價「${cell(fields, 'price')}」不正確（大於 0 的含稅金額，最多 2 位小數）`,
        en: `Price "${cell(fields, 'price')}" is not a tax-inclusive amount above 0 with at most 2 decimals`,
      });
    }

    const taxText = cell(fields, 'taxType').toLowerCase();
    const taxType = taxText === '' ? 'taxable' : TAX_TYPES.get(taxText);
    if (!taxType) {
      problems.push({
        zh: `稅別「${cell(fields, 'taxType')}」不正確（應稅、零稅率、免稅 或 taxable、zero、exempt）`,
        en: `Tax type "${cell(fields, 'taxType')}" is not taxable, zero or exempt`,
      });
    }

    const ageText = cell(fields, 'ageCheck');
    const ageCheck = AGE_CHECK.get(ageText.toLowerCase());
    if (ageCheck === undefined) {
      problems.push({
        zh: `菸酒（年齡確認）「${ageText}」不正確（是、否 或 1、0，空白為否）`,
        en: `Age check "${ageText}" is not yes or no (1 or 0; empty is no)`,
      });
    }

    if (problems.length > 0) {
      errors.push({
        line,
        message: { zh: problems.map((p) => p.zh).join('；'), en: problems.map((p) => p.en).join('; ') },
      });
      continue;
    }
    products.push({
      code,
      barcode,
      name: name.ok ? name.value : '',
      category,
      price,
      taxType: taxType!,
      ...(ageCheck ? { ageCheck: true } : {}),
      ...(moreBarcodes.length > 0 ? { moreBarcodes } : {}),
      ...(scaleCode !== '' ? { scaleCode } : {}),
      ...(retired ? { retired: true } : {}),
    });
  }

  if (errors.length === 0 && options.existing) {
    // A merged row may not take a barcode that another product keeps.
    for (const product of options.existing) {
      if (product.barcode === '' || codeLines.has(product.code)) continue;
      const line = barcodeLines.get(product.barcode);
      if (line !== undefined) {
        errors.push(
          err(
            line,
            `條碼 ${product.barcode} 已屬於現有商品 ${product.code}`,
            `Barcode ${product.barcode} already belongs to product ${product.code}`,
          ),
        );
      }
    }
    errors.sort((a, b) => a.line - b.line);
  }

  if (errors.length > 0) return reject(errors, rows.length);
  return { ok: true, products };
}

/** Every cell with a hidden character (the shared text rule), named by line and column. */
function hiddenCharacterErrors(records: readonly CsvRecord[]): {
  errors: ImportRowError[];
  errorCount: number;
} {
  const header = records[0]?.fields ?? [];
  const columnName = (index: number): Bilingual => {
    const title = header[index];
    const named = title !== undefined && title.trim() !== '' && findHiddenCharacter(title) === null;
    return named
      ? { zh: `第 ${index + 1} 欄「${title.trim()}」`, en: `column ${index + 1} "${title.trim()}"` }
      : { zh: `第 ${index + 1} 欄`, en: `column ${index + 1}` };
  };
  const errors: ImportRowError[] = [];
  let errorCount = 0;
  for (const { line, fields } of records) {
    fields.forEach((field, index) => {
      const found = findHiddenCharacter(field);
      if (!found) return;
      errorCount++;
      if (errors.length >= MAX_REPORTED_ERRORS) return;
      const where = columnName(index);
      const what = describeHiddenCharacter(found);
      errors.push({
        line,
        message: {
          zh: `第 ${line} 行${where.zh}含有${what.zh}，整個檔案未匯入`,
          en: `Line ${line}, ${where.en} contains ${what.en}: nothing was imported`,
        },
      });
    });
  }
  return { errors, errorCount };
}

function reject(errors: ImportRowError[], rowCount: number): CatalogParse {
  return { ok: false, errors: errors.slice(0, MAX_REPORTED_ERRORS), errorCount: errors.length, rowCount };
}
