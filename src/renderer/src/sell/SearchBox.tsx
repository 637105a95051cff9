import { forwardRef } from 'react';
import { useText } from '../i18n/language-store';
import { useCatalog } from './catalog-store';

/** Name, code or barcode; Enter adds an exact code or the only result. */
export const SearchBox = forwardRef<HTMLInputElement, { onEnter(query: string): void }>(function SearchBox(
  { onEnter },
  ref,
) {
  const t = useText();
  const query = useCatalog((s) => s.query);
  const setQuery = useCatalog((s) => s.setQuery);
  return (
    <label className="search">
      <kbd className="search__key">F2</kbd>
      <input
        ref={ref}
        className="search__input"
        type="search"
        value={query}
        autoComplete="off"
        spellCheck={false}
        placeholder={t({ zh: '搜尋品名、品號或條碼', en: 'Search name, code or barcode' })}
        aria-label={t({ zh: '搜尋商品', en: 'Search products' })}
        data-testid="product-search"
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
            e.preventDefault();
            onEnter(query);
          }
        }}
      />
    </label>
  );
});
