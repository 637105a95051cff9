import { useState } from 'react';
import { plural, type Bilingual } from '../../../shared/domain';
import type { ImportResult } from '../../../shared/ipc/contract/catalog';
import type { IpcError } from '../../../shared/ipc/result';
import { TextField } from '../components/Field';
import { KeyButton } from '../components/KeyButton';
import { Segmented } from '../components/Segmented';
import { useLanguage, useText } from '../i18n/language-store';
import { useNavigation } from '../app/navigation-store';
import { callTill } from '../ipc/till-client';
import { useProductsAccess } from './products-access';
import { useSettings } from './settings-store';

/** The PIN that unlocked the settings screen: main checks it again for every import (and records it). */
const supervisor = (): { pin?: string } => {
  const pin = useSettings.getState().unlockedWith;
  return pin ? { pin } : {};
};

/** A file the cashier picked: UTF-8 when it is valid UTF-8, else Big5 (Excel on Traditional Chinese Windows). */
export async function readCatalogFile(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('big5').decode(bytes);
  }
}

/**
 * Catalog import: a file picked here (small files) or a path on this computer (any size), replace
 * or merge, and every bad row listed by line number. A bad file changes nothing.
 */
export function CatalogImport() {
  const t = useText();
  const [path, setPath] = useState('');
  const [mode, setMode] = useState<'replace' | 'merge'>('replace');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<IpcError | null>(null);

  const run = async (call: () => ReturnType<typeof callTill<'catalog.import'>>) => {
    setBusy(true);
    setResult(null);
    setError(null);
    const answer = await call();
    setBusy(false);
    if (answer.ok) setResult(answer.value);
    else setError(answer.error);
  };

  return (
    <section className="panel" data-testid="catalog-import">
      <h2 className="panel__title">{t({ zh: '商品資料', en: 'Catalog' })}</h2>
      <div className="form-row">
        {/* 商品管理 with the PIN that opened Settings: main checks it again on every save. */}
        <KeyButton
          tone="primary"
          data-testid="open-products"
          onClick={() => {
            useProductsAccess.getState().enter(useSettings.getState().unlockedWith);
            useNavigation.getState().go('products');
          }}
        >
          {t({ zh: '商品管理（新增、修改、停售）', en: 'Products (add, change, retire)' })}
        </KeyButton>
      </div>
      <p className="hint">
        {t({
          zh: 'CSV 欄位：品號 code、條碼 barcode、品名 name、類別 category、含稅售價 price、稅別 taxType（應稅/零稅率/免稅）；選填：菸酒 ageCheck、其他條碼 moreBarcodes、秤重品號 scaleCode、停售 retired。整個檔案都正確才會匯入。',
          en: 'CSV columns: code, barcode, name, category, price (tax included), taxType (taxable/zero/exempt); optional: ageCheck, moreBarcodes, scaleCode, retired. Only a fully valid file is imported.',
        })}
      </p>
      <Segmented
        role="group"
        aria-label={t({ zh: '匯入方式', en: 'Import mode' })}
        value={mode}
        onChange={setMode}
        options={[
          {
            value: 'replace',
            label: t({ zh: '取代全部商品', en: 'Replace the catalog' }),
            testId: 'import-replace',
          },
          { value: 'merge', label: t({ zh: '新增／更新', en: 'Add / update' }), testId: 'import-merge' },
        ]}
      />
      <div className="form-row">
        <TextField
          label={t({ zh: '商品檔路徑（這台電腦上）', en: 'Catalog file path (on this computer)' })}
          variant="grow"
          value={path}
          spellCheck={false}
          placeholder="/home/shop/catalog.csv"
          data-testid="import-path"
          data-scanner="input"
          onChange={(e) => setPath(e.target.value)}
        />
        <KeyButton
          tone="primary"
          disabled={busy || path.trim() === ''}
          data-testid="import-path-button"
          onClick={() =>
            void run(() =>
              callTill('catalog.import', {
                source: { kind: 'path', path: path.trim() },
                mode,
                ...supervisor(),
              }),
            )
          }
        >
          {t({ zh: '匯入', en: 'Import' })}
        </KeyButton>
      </div>
      <div className="form-row">
        <label className="file-pick">
          <span>{t({ zh: '或選擇檔案…', en: 'Or pick a file…' })}</span>
          <input
            type="file"
            accept=".csv,text/csv"
            data-testid="import-file"
            disabled={busy}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) {
                void run(async () =>
                  callTill('catalog.import', {
                    source: { kind: 'text', text: await readCatalogFile(file), fileName: file.name },
                    mode,
                    ...supervisor(),
                  }),
                );
              }
            }}
          />
        </label>
        <KeyButton
          disabled={busy}
          data-testid="load-sample"
          onClick={() => void run(() => callTill('catalog.loadSample', supervisor()))}
        >
          {t({ zh: '載入範例商品（練習用）', en: 'Load the sample catalog (training)' })}
        </KeyButton>
      </div>
      <CatalogExport />
      {busy && <p className="hint">{t({ zh: '匯入中…', en: 'Importing…' })}</p>}
      {error && (
        <p className="notice notice--error" role="alert" data-testid="import-error">
          {t(error.message)}
        </p>
      )}
      {result?.status === 'imported' && (
        <p className="notice notice--ok" role="status" data-testid="import-ok">
          {t({
            zh: `已匯入：共 ${result.productCount.toLocaleString('en-US')} 項商品、${result.categoryCount} 個類別`,
            en: `Imported: ${result.productCount === 1 ? '1 product' : `${result.productCount.toLocaleString('en-US')} products`} in ${plural(result.categoryCount, 'category', 'categories')}`,
          })}
        </p>
      )}
      {result?.status === 'rejected' && (
        <div className="notice notice--error" role="alert" data-testid="import-rejected">
          <p>
            {t({
              zh: `檔案有 ${result.errorCount} 行錯誤，商品資料沒有任何變更：`,
              en: `${result.errorCount} bad rows: the catalog was not changed at all.`,
            })}
          </p>
          <ul className="row-errors" data-testid="import-row-errors">
            {result.errors.map((rowError, index) => (
              <li key={index}>
                <b>{t({ zh: `第 ${rowError.line} 行`, en: `Line ${rowError.line}` })}</b>{' '}
                {t(rowError.message)}
              </li>
            ))}
          </ul>
          {result.errorCount > result.errors.length && (
            <p>
              {t({
                zh: `（僅列出前 ${result.errors.length} 行）`,
                en: `(the first ${result.errors.length} shown)`,
              })}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * The catalog exported into a folder (issue 28): CSV in the import's own format (it imports back
 * to the same catalog) or .xlsx, with the PIN that opened Settings; main records each export.
 */
function CatalogExport() {
  const t = useText();
  const language = useLanguage((s) => s.language);
  const [folder, setFolder] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: Bilingual } | null>(null);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    setAnswer(null);
    const result = await callTill('catalog.export', {
      folder: folder.trim(),
      format,
      headers: language === 'en' ? 'en' : 'zh',
      ...supervisor(),
    });
    setBusy(false);
    setAnswer(
      result.ok
        ? {
            ok: true,
            text: {
              zh: `已匯出 ${result.value.productCount} 項商品：${result.value.file}`,
              en: `Exported ${plural(result.value.productCount, 'product', 'products')}: ${result.value.file}`,
            },
          }
        : { ok: false, text: result.error.message },
    );
  };
  return (
    <>
      <div className="form-row">
        <TextField
          label={t({
            zh: '匯出商品到資料夾（這台電腦上的完整路徑）',
            en: 'Export the catalog to a folder (a full path on this computer)',
          })}
          variant="grow"
          value={folder}
          spellCheck={false}
          placeholder="/media/usb"
          data-testid="catalog-export-folder"
          onChange={(e) => setFolder(e.target.value)}
        />
        <KeyButton
          disabled={busy || folder.trim() === ''}
          data-testid="catalog-export-csv"
          onClick={() => void run('csv')}
        >
          {t({ zh: '匯出 CSV', en: 'Export CSV' })}
        </KeyButton>
        <KeyButton
          disabled={busy || folder.trim() === ''}
          data-testid="catalog-export-xlsx"
          onClick={() => void run('xlsx')}
        >
          {t({ zh: '匯出 Excel（.xlsx）', en: 'Export Excel (.xlsx)' })}
        </KeyButton>
      </div>
      {answer && (
        <p
          className={`notice ${answer.ok ? 'notice--ok' : 'notice--error'}`}
          role={answer.ok ? 'status' : 'alert'}
          data-testid="catalog-export-answer"
        >
          {t(answer.text)}
        </p>
      )}
    </>
  );
}
