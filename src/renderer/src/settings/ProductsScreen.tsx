import { useEffect, useMemo, useRef, useState, type InputHTMLAttributes, type Ref } from 'react';
import { TAX_TYPE_LABEL, TERMS, formatNtd, type Bilingual } from '../../../shared/domain';
import type { Product, ProductProblem } from '../../../shared/ipc/contract/catalog';
import { useNavigation } from '../app/navigation-store';
import { useShortcuts } from '../app/shortcuts';
import { Dialog } from '../components/Dialog';
import { Field } from '../components/Field';
import { KeyButton } from '../components/KeyButton';
import { Segmented } from '../components/Segmented';
import { useText } from '../i18n/language-store';
import { callTill } from '../ipc/till-client';
import { newestAsk } from '../ipc/newest-ask';
import { useScanTarget } from '../scanner/scan-router';
import {
  draftOf,
  emptyForm,
  formChanged,
  formOf,
  MAX_BARCODES,
  noProblems,
  problemsByField,
  type ProductForm,
} from './product-form';
import { useProductsAccess } from './products-access';
import { useSettings } from './settings-store';
import './products.css';

const term = (key: keyof typeof TERMS): Bilingual => ({ zh: TERMS[key].zh, en: TERMS[key].en });
const cap = (text: Bilingual): Bilingual => ({
  zh: text.zh,
  en: text.en[0]!.toUpperCase() + text.en.slice(1),
});
const askProducts = newestAsk();
const CATEGORY: Bilingual = { zh: '類別', en: 'Category' };

/** What the editor is on: nothing, a new product, or the product whose code was `original`. */
type Editing = { original: string | null; start: ProductForm } | null;

/**
 * 商品管理 (issue 28): the shop's own catalog, one product at a time, by keyboard (F2 search, F3 a
 * new product, Enter on a row, F12 save, Esc back) or touch. Main checks every draft against the
 * catalog and says what is wrong by the field; a save needs the supervisor PIN (the one typed to
 * open Settings) and the next scan on this till sells the product as saved.
 */
export function ProductsScreen() {
  const t = useText();
  const go = useNavigation((s) => s.go);
  const access = useProductsAccess();

  useEffect(() => {
    // Reached only through Settings: without its PIN, back there to type it.
    if (!access.open) go('settings');
  }, [access.open, go]);
  if (!access.open) return <p className="placeholder">{t({ zh: '載入中…', en: 'Loading…' })}</p>;
  return <Products pin={access.pin} />;
}

function Products({ pin }: { pin: string | null }) {
  const t = useText();
  const go = useNavigation((s) => s.go);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [categories, setCategories] = useState<string[]>([]);
  const [list, setList] = useState<{ products: Product[]; total: number } | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [form, setForm] = useState<ProductForm>(emptyForm());
  const [problems, setProblems] = useState<ProductProblem[]>([]);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: Bilingual } | null>(null);
  const [busy, setBusy] = useState(false);
  const [discarding, setDiscarding] = useState<(() => void) | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const editorRef = useRef<HTMLDivElement>(null);

  // Bumped after a save: the list asks again, with the search and category as they are.
  const [saves, setSaves] = useState(0);
  useEffect(() => {
    const isNewest = askProducts();
    void Promise.all([
      callTill('catalog.products', { query, category, limit: 200 }),
      callTill('catalog.categories', {}),
    ]).then(([found, tabs]) => {
      if (!isNewest()) return;
      if (found.ok) setList(found.value);
      else setMessage({ tone: 'error', text: found.error.message });
      if (tabs.ok) setCategories(tabs.value.categories.map((c) => c.name));
    });
  }, [query, category, saves]);

  const dirty = editing !== null && formChanged(form, editing.start);
  /** Runs `then` now, or once the supervisor agrees to lose the edits not saved. */
  const whenSaved = (then: () => void) => (dirty ? setDiscarding(() => then) : then());

  const open = (product: Product | null) =>
    whenSaved(() => {
      const start = product ? formOf(product) : emptyForm(category ?? '');
      setEditing({ original: product?.code ?? null, start });
      setForm(start);
      setProblems([]);
      setMessage(null);
      // The first field to type in: the code of a new product, the name of one being changed.
      requestAnimationFrame(() => {
        const first = product
          ? editorRef.current?.querySelector<HTMLInputElement>('#product-name')
          : codeRef.current;
        first?.focus();
        first?.select();
      });
    });

  const back = () =>
    whenSaved(() => {
      if (editing) {
        setEditing(null);
        searchRef.current?.focus();
        return;
      }
      // Settings opens again without asking the PIN a second time.
      useSettings.getState().unlock(pin);
      useProductsAccess.getState().leave();
      go('settings');
    });

  const save = async () => {
    if (!editing || busy) return;
    setMessage(null);
    const drafted = draftOf(form);
    if (!drafted.ok) return setProblems(drafted.problems);
    setBusy(true);
    const checked = await callTill('catalog.checkProduct', {
      product: drafted.draft,
      original: editing.original,
    });
    if (!checked.ok || checked.value.problems.length > 0) {
      setBusy(false);
      if (!checked.ok) return setMessage({ tone: 'error', text: checked.error.message });
      setProblems(checked.value.problems);
      requestAnimationFrame(() =>
        editorRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    const saved = await callTill('catalog.saveProduct', {
      product: drafted.draft,
      original: editing.original,
      ...(pin ? { pin } : {}),
    });
    setBusy(false);
    if (!saved.ok) return setMessage({ tone: 'error', text: saved.error.message });
    const { product, added, priceChange } = saved.value;
    const start = formOf(product);
    setEditing({ original: product.code, start });
    setForm(start);
    setProblems([]);
    setMessage({
      tone: 'ok',
      text: added
        ? { zh: `已新增「${product.name}」`, en: `Added "${product.name}"` }
        : priceChange
          ? {
              zh: `已儲存「${product.name}」：售價 ${formatNtd(priceChange.old)} → ${formatNtd(priceChange.new)}`,
              en: `Saved "${product.name}": price ${formatNtd(priceChange.old)} → ${formatNtd(priceChange.new)}`,
            }
          : { zh: `已儲存「${product.name}」`, en: `Saved "${product.name}"` },
    });
    setSaves((n) => n + 1);
  };

  // A scan outside a barcode field (those take it as typed) finds the product scanned.
  useScanTarget((code) => {
    setQuery(code);
    searchRef.current?.focus();
  });

  useShortcuts({
    F2: () => {
      searchRef.current?.focus();
      searchRef.current?.select();
    },
    F3: () => open(null),
    F12: editing ? () => void save() : undefined,
    Escape: back,
  });

  const placed = useMemo(() => problemsByField(form, problems), [form, problems]);
  const set = <K extends keyof ProductForm>(key: K, value: ProductForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    // A field typed in again: its old reason no longer stands (main says again on save).
    setProblems((list) => list.filter((p) => (key === 'barcodes' ? p.field !== 'barcode' : p.field !== key)));
  };
  const setBarcode = (index: number, value: string) =>
    set(
      'barcodes',
      form.barcodes.map((code, i) => (i === index ? value : code)),
    );

  const errorsOf = (list: Bilingual[], id: string) =>
    list.length > 0 && (
      <p className="field__error" role="alert" id={id} data-testid={id}>
        {list.map((reason) => t(reason)).join(t({ zh: '；', en: '; ' }))}
      </p>
    );
  const textInput = (
    id: keyof Pick<ProductForm, 'code' | 'name' | 'price' | 'category' | 'scaleCode'>,
    label: Bilingual,
    extra: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> } = {},
  ) => (
    <Field label={t(label)} htmlFor={`product-${id}`}>
      <input
        id={`product-${id}`}
        className={placed[id].length > 0 ? 'field__input field__input--invalid' : 'field__input'}
        value={form[id]}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={placed[id].length > 0}
        aria-describedby={placed[id].length > 0 ? `product-${id}-error` : undefined}
        data-testid={`product-${id}`}
        onChange={(e) => set(id, e.target.value)}
        {...extra}
      />
      {errorsOf(placed[id], `product-${id}-error`)}
    </Field>
  );

  return (
    <div className="products" data-testid="products-screen">
      <div className="products__split">
        <section className="panel products__list" aria-label={t(cap(term('productsScreen')))}>
          <div className="filters">
            <Field
              label={t({ zh: '搜尋（品名、品號、條碼）', en: 'Search (name, code, barcode)' })}
              variant="grow"
            >
              <input
                ref={searchRef}
                className="field__input"
                type="search"
                value={query}
                maxLength={100}
                spellCheck={false}
                autoFocus
                data-testid="products-search"
                data-scanner="input"
                onChange={(e) => setQuery(e.target.value)}
                onKeyDown={(e) => {
                  // Enter on the search: the first product found, to change it.
                  if (e.key === 'Enter' && list?.products[0]) open(list.products[0]);
                }}
              />
            </Field>
            <Field label={t(CATEGORY)}>
              <select
                className="field__input"
                value={category ?? ''}
                data-testid="products-category"
                onChange={(e) => setCategory(e.target.value === '' ? null : e.target.value)}
              >
                <option value="">{t({ zh: '全部類別', en: 'All categories' })}</option>
                {categories.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          {list && (
            <p className="hint" data-testid="products-count">
              {list.total > list.products.length
                ? t({
                    zh: `共 ${list.total} 項，顯示前 ${list.products.length} 項`,
                    en: `${list.total} products, the first ${list.products.length} shown`,
                  })
                : t({
                    zh: `共 ${list.total} 項`,
                    en: list.total === 1 ? '1 product' : `${list.total} products`,
                  })}
            </p>
          )}
          <div className="products__table-wrap">
            <table className="table products__table" data-testid="products-table">
              <thead>
                <tr>
                  <th>{t(cap(term('productCode')))}</th>
                  <th>{t({ zh: '品名', en: 'Name' })}</th>
                  <th className="num">{t(cap(term('shelfPrice')))}</th>
                </tr>
              </thead>
              <tbody>
                {list?.products.map((product) => (
                  <tr
                    key={product.code}
                    tabIndex={0}
                    className={editing?.original === product.code ? 'is-selected' : undefined}
                    aria-selected={editing?.original === product.code}
                    data-testid="product-row"
                    data-code={product.code}
                    onClick={() => open(product)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        open(product);
                      }
                    }}
                  >
                    <td className="products__code">{product.code}</td>
                    <td>
                      {product.name}
                      {product.retired && (
                        <>
                          {' '}
                          <span className="tag tag--void" data-testid="product-retired-tag">
                            {t(term('retired'))}
                          </span>
                        </>
                      )}
                      {product.ageCheck && (
                        <>
                          {' '}
                          <span className="tag">{t(cap(term('tobaccoAlcohol')))}</span>
                        </>
                      )}
                    </td>
                    <td className="num products__price">{formatNtd(product.price)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <section className="panel products__editor" data-testid="product-editor" ref={editorRef}>
          {editing === null ? (
            <p className="empty">
              {t({
                zh: '選一項商品修改（Enter 或點選），或按 F3 新增商品。',
                en: 'Pick a product to change it (Enter or a tap), or F3 to add one.',
              })}
            </p>
          ) : (
            <>
              <h2 className="panel__title" data-testid="product-editor-title">
                {editing.original === null
                  ? t({ zh: '新增商品', en: 'New product' })
                  : t({ zh: `修改商品 ${editing.original}`, en: `Change product ${editing.original}` })}
              </h2>
              <div className="form-row">
                {textInput('code', cap(term('productCode')), { ref: codeRef, maxLength: 32 })}
                {textInput(
                  'price',
                  { zh: '售價（含稅，元）', en: 'Price (NT$, tax incl.)' },
                  {
                    inputMode: 'numeric',
                    maxLength: 12,
                  },
                )}
              </div>
              {textInput('name', { zh: '品名', en: 'Name' }, { maxLength: 256 })}
              <div className="form-row">
                {textInput('category', CATEGORY, {
                  list: 'product-categories',
                  maxLength: 40,
                })}
                {textInput('scaleCode', cap(term('scaleCode')), { maxLength: 32 })}
              </div>
              <datalist id="product-categories">
                {categories.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
              <fieldset className="field">
                <legend className="field__label">{t(cap(term('barcode')))}</legend>
                {form.barcodes.map((code, index) => (
                  <div key={index} className="products__barcode">
                    <span className="field__row">
                      <input
                        className={
                          (placed.barcodes[index]?.length ?? 0) > 0
                            ? 'field__input field__input--invalid'
                            : 'field__input'
                        }
                        value={code}
                        inputMode="numeric"
                        maxLength={14}
                        spellCheck={false}
                        autoComplete="off"
                        aria-label={t({ zh: `條碼 ${index + 1}`, en: `Barcode ${index + 1}` })}
                        aria-invalid={(placed.barcodes[index]?.length ?? 0) > 0}
                        data-testid="product-barcode"
                        data-scanner="input"
                        onChange={(e) => setBarcode(index, e.target.value.trim())}
                      />
                      {form.barcodes.length > 1 && (
                        <button
                          type="button"
                          className="small-button"
                          data-testid="product-barcode-remove"
                          onClick={() =>
                            set(
                              'barcodes',
                              form.barcodes.filter((_, i) => i !== index),
                            )
                          }
                        >
                          {t({ zh: '移除', en: 'Remove' })}
                        </button>
                      )}
                    </span>
                    {errorsOf(placed.barcodes[index] ?? [], `product-barcode-error-${index}`)}
                  </div>
                ))}
                {form.barcodes.length < MAX_BARCODES && (
                  <button
                    type="button"
                    className="small-button"
                    data-testid="product-barcode-add"
                    onClick={() => set('barcodes', [...form.barcodes, ''])}
                  >
                    {t({ zh: '再加一個條碼', en: 'Add a barcode' })}
                  </button>
                )}
              </fieldset>
              <fieldset className="field">
                <legend className="field__label">{t({ zh: '稅別', en: 'Tax type' })}</legend>
                <Segmented
                  value={form.taxType}
                  onChange={(taxType) => set('taxType', taxType)}
                  options={(['taxable', 'zero', 'exempt'] as const).map((value) => ({
                    value,
                    label: t(TAX_TYPE_LABEL[value]),
                    testId: `product-tax-${value}`,
                  }))}
                />
              </fieldset>
              <label className="check">
                <input
                  type="checkbox"
                  checked={form.ageCheck}
                  data-testid="product-age-check"
                  onChange={(e) => set('ageCheck', e.target.checked)}
                />
                {t({
                  zh: '菸酒：販售前確認顧客年滿18歲',
                  en: 'Tobacco and alcohol: confirm the customer is 18 or over',
                })}
              </label>
              <label className="check">
                <input
                  type="checkbox"
                  checked={form.retired}
                  data-testid="product-retired"
                  onChange={(e) => set('retired', e.target.checked)}
                />
                {t({
                  zh: '停售：掃描時不販售並說明原因（歷史紀錄保留）',
                  en: 'Retired: a scan does not sell it and says why (history is kept)',
                })}
              </label>
              {!noProblems(placed) && (
                <p className="notice notice--error" role="alert" data-testid="product-problems">
                  {t({
                    zh: '商品未儲存：請修正標示的欄位。',
                    en: 'The product was not saved: mend the marked fields.',
                  })}
                </p>
              )}
            </>
          )}
        </section>
      </div>
      {discarding && (
        <Dialog
          title={t({ zh: '放棄未儲存的變更？', en: 'Discard the changes not saved?' })}
          onClose={() => setDiscarding(null)}
          testId="products-leave"
          footer={
            <>
              <KeyButton
                tone="danger"
                data-testid="products-leave-discard"
                onClick={() => {
                  const then = discarding;
                  setDiscarding(null);
                  setEditing(null);
                  then();
                }}
              >
                {t({ zh: '放棄變更', en: 'Discard' })}
              </KeyButton>
              <KeyButton
                tone="primary"
                data-autofocus
                data-testid="products-leave-stay"
                onClick={() => setDiscarding(null)}
              >
                {t({ zh: '繼續編輯', en: 'Keep editing' })}
              </KeyButton>
            </>
          }
        >
          <p>
            {t({
              zh: '這項商品有尚未儲存的變更。按「繼續編輯」後可用「儲存」（F12）保留。',
              en: 'This product has changes not saved yet. Keep editing, then Save (F12) to keep them.',
            })}
          </p>
        </Dialog>
      )}
      <footer className="action-bar">
        <KeyButton shortcut="Escape" onClick={back} data-testid="products-back">
          {editing ? t({ zh: '關閉', en: 'Close' }) : t({ zh: '返回設定', en: 'Back to Settings' })}
        </KeyButton>
        <KeyButton shortcut="F3" onClick={() => open(null)} data-testid="products-add">
          {t({ zh: '新增商品', en: 'New product' })}
        </KeyButton>
        {message && (
          <p
            className={`notice ${message.tone === 'ok' ? 'notice--ok' : 'notice--error'} action-bar__message`}
            role={message.tone === 'ok' ? 'status' : 'alert'}
            data-testid={message.tone === 'ok' ? 'products-saved' : 'products-error'}
          >
            {t(message.text)}
          </p>
        )}
        <KeyButton
          shortcut="F12"
          tone="go"
          size="large"
          disabled={editing === null || busy}
          onClick={() => void save()}
          data-testid="products-save"
        >
          {t({ zh: '儲存', en: 'Save' })}
        </KeyButton>
      </footer>
    </div>
  );
}
