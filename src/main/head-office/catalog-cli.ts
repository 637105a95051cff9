import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import type pg from 'pg';
import {
  MAX_SHELF_PRICE,
  validateShelfPrice,
  PRODUCT_CODE_PATTERN,
  type Bilingual,
} from '../../shared/domain';
import { decodeCatalogFile, parseCatalogCsv } from '../catalog';
import { usage, UsageError } from '../core/cli-support';
import { CatalogRefused, catalogCsv, CHAIN, readCatalog, setCatalogManaged, writeCatalog } from './catalog';

export { CatalogRefused } from './catalog';

/**
 * `hq catalog import|export|set-price|managed`: everything about the input is checked here, before
 * head office is reached (a usage error, exit 2); what only head office can tell (a barcode
 * another product of a store has) is refused there, in the write's transaction, nothing written.
 */
interface CatalogCliContext {
  say(text: string): void;
  complain(message: Bilingual): void;
  io: { stdout: Writable; stderr: Writable };
  format: string | undefined;
}

interface CatalogValues {
  store?: string;
  by?: string;
  out?: string;
}

/** The till's catalog files are this size at most (catalog-service.ts MAX_CATALOG_FILE_BYTES). */
const MAX_FILE_BYTES = 50 * 1024 * 1024;

function storeOf(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(value)) {
    throw usage(
      '--store 須為 1 到 32 個英文字母、數字、- 或 _',
      '--store must be 1 to 32 letters, digits, - or _',
    );
  }
  return value;
}

function byOf(value: string | undefined): string {
  const by = (value ?? 'hq catalog').trim();
  if (by.length === 0 || by.length > 40) {
    throw usage('--by 須為 1 到 40 個可見字元', '--by must be 1 to 40 visible characters');
  }
  return by;
}

function positionalCount(positionals: string[], count: number, what: Bilingual): void {
  if (positionals.length !== count) throw usage(what.zh, what.en);
}

export function catalogWork(
  sub: 'import' | 'export' | 'set-price' | 'managed',
  positionals: string[],
  values: CatalogValues,
  context: CatalogCliContext,
): (client: pg.Client) => Promise<number> {
  const store = storeOf(values.store);
  switch (sub) {
    case 'import': {
      positionalCount(positionals, 1, {
        zh: '請指定一個商品檔：catalog import FILE.csv',
        en: 'Name one catalog file: catalog import FILE.csv',
      });
      const file = positionals[0]!;
      const by = byOf(values.by);
      const products = readCatalogFile(file);
      return async (client) => {
        const result = await writeCatalog(client, {
          scope: store ?? CHAIN,
          action: 'import',
          by,
          rows: products.map(({ code, ...fields }) => ({ code, fields })),
        });
        context.say(JSON.stringify({ scope: store ?? 'chain', products: products.length, ...result }));
        return 0;
      };
    }
    case 'set-price': {
      positionalCount(positionals, 2, {
        zh: '請指定品號與售價：catalog set-price CODE PRICE',
        en: 'Give the code and the price: catalog set-price CODE PRICE',
      });
      const [code, priceText] = positionals as [string, string];
      const reasons: Bilingual[] = [];
      if (!PRODUCT_CODE_PATTERN.test(code)) {
        reasons.push({
          zh: `品號「${code}」不正確（1 到 32 個英數字或 . _ -）`,
          en: `Product code "${code}" is not 1-32 letters, digits or . _ -`,
        });
      }
      const price = validateShelfPrice(priceText);
      if (!price.ok) reasons.push(price.reason);
      if (reasons.length > 0 || !price.ok) {
        throw usage(
          `${reasons.map((r) => r.zh).join('；')}。總部商品資料未變更。`,
          `${reasons.map((r) => r.en).join('; ')}. Head office's catalog was not changed.`,
        );
      }
      const by = byOf(values.by);
      return async (client) => {
        const result = await writeCatalog(client, {
          scope: store ?? CHAIN,
          action: 'set-price',
          by,
          existingOnly: true,
          rows: [{ code, fields: { price: price.value } }],
        });
        context.say(JSON.stringify({ scope: store ?? 'chain', code, price: price.value, ...result }));
        return 0;
      };
    }
    case 'export': {
      positionalCount(positionals, 0, {
        zh: 'catalog export 不接受其他參數',
        en: 'catalog export takes no other arguments',
      });
      const format = context.format ?? 'csv';
      if (format !== 'csv' && format !== 'json') {
        throw usage('--format 須為 csv、json 之一', '--format must be one of csv, json');
      }
      if (values.out !== undefined && existsSync(values.out)) {
        throw usage(`檔案 ${values.out} 已存在，不會覆寫`, `${values.out} exists: it is not overwritten`);
      }
      return async (client) => {
        const products = await readCatalog(client, store);
        const text =
          format === 'csv'
            ? catalogCsv(products)
            : JSON.stringify({ scope: store ?? 'chain', products }, null, 2) + '\n';
        if (values.out) {
          writeFileSync(values.out, text, { flag: 'wx' });
          context.io.stderr.write(
            `已匯出 ${products.length} 項商品至 ${values.out} / Wrote ${products.length} products to ${values.out}\n`,
          );
        } else {
          context.io.stdout.write(text);
        }
        return 0;
      };
    }
    case 'managed': {
      positionalCount(positionals, 1, {
        zh: '請指定 on 或 off：catalog managed on|off --store ID',
        en: 'Say on or off: catalog managed on|off --store ID',
      });
      const [setting] = positionals as [string];
      if (setting !== 'on' && setting !== 'off') {
        throw usage('請指定 on 或 off', 'Say on or off');
      }
      if (store === null) throw usage('請以 --store 指定門市', 'Name the store with --store');
      const by = byOf(values.by);
      return async (client) => {
        const result = await setCatalogManaged(client, store, setting === 'on', by);
        context.say(JSON.stringify({ store, managed: setting === 'on', ...result }));
        return 0;
      };
    }
  }
}

/** The file as the till's import reads it; every bad row, with its line, refused before head office is reached. */
function readCatalogFile(file: string) {
  if (!/\.(csv|txt)$/i.test(file)) {
    throw usage('商品檔必須是 .csv（或 .txt）檔案', 'A catalog file is a .csv (or .txt) file');
  }
  let bytes: Buffer;
  try {
    if (statSync(file).size > MAX_FILE_BYTES) {
      throw usage('商品檔超過 50 MB，請分批匯入', 'The catalog file is over 50 MB: import it in parts');
    }
    bytes = readFileSync(file);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw usage(`找不到商品檔：${file}`, `Catalog file not found: ${file}`);
  }
  const parsed = parseCatalogCsv(decodeCatalogFile(bytes).text);
  if (!parsed.ok) {
    const lines = parsed.errors.map((error) => ({
      zh: `第 ${error.line} 行：${error.message.zh}`,
      en: `Line ${error.line}: ${error.message.en}`,
    }));
    const more = parsed.errorCount > lines.length ? parsed.errorCount - lines.length : 0;
    throw new CatalogRefused([
      ...lines,
      ...(more > 0 ? [{ zh: `另有 ${more} 行錯誤`, en: `and ${more} more bad lines` }] : []),
    ]);
  }
  // Head office's prices are shelf prices: a price above the limit is a slip of the finger.
  const absurd = parsed.products.filter((product) => product.price > MAX_SHELF_PRICE);
  if (absurd.length > 0) {
    throw new CatalogRefused(
      absurd.slice(0, 20).map((product) => ({
        zh: `品號 ${product.code} 的售價 ${product.price} 元超過上限 ${MAX_SHELF_PRICE.toLocaleString('en-US')} 元，請確認金額`,
        en: `Product ${product.code}: a price of NT$${product.price} is over the limit of NT$${MAX_SHELF_PRICE.toLocaleString('en-US')}: check the amount`,
      })),
    );
  }
  return parsed.products.map((product) => ({
    code: product.code,
    barcode: product.barcode,
    name: product.name,
    category: product.category,
    price: product.price,
    taxType: product.taxType,
    ageCheck: product.ageCheck === true,
  }));
}
