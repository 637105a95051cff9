import { memo } from 'react';
import { formatNtd } from '../../../shared/domain';
import type { Product } from '../../../shared/ipc/contract/catalog';
import { useText } from '../i18n/language-store';
import { useCatalog } from './catalog-store';
import { TAX_LABEL } from './tax-labels';

const ProductTile = memo(function ProductTile({
  product,
  onPick,
  showCategory,
}: {
  product: Product;
  onPick(product: Product): void;
  /** A search's hit: which category it is in (a search looks through every category). */
  showCategory: boolean;
}) {
  const t = useText();
  return (
    <button
      type="button"
      className="tile"
      onClick={() => onPick(product)}
      data-testid="product-tile"
      data-code={product.code}
    >
      <span className="tile__name">{product.name}</span>
      <span className="tile__meta">
        <span className="tile__price">{formatNtd(product.price)}</span>
        {product.taxType !== 'taxable' && (
          <span className={`tax-tag tax-tag--${product.taxType}`}>{t(TAX_LABEL[product.taxType])}</span>
        )}
      </span>
      <span className="tile__code">
        {showCategory && (
          <span className="tile__category" data-testid="tile-category">
            {product.category}
          </span>
        )}
        {product.barcode || product.code}
      </span>
    </button>
  );
});

export function ProductGrid({ onPick }: { onPick(product: Product): void }) {
  const t = useText();
  const results = useCatalog((s) => s.results);
  const total = useCatalog((s) => s.total);
  const shownQuery = useCatalog((s) => s.shownQuery);
  const productCount = useCatalog((s) => s.productCount);
  return (
    <section className="grid-area" aria-label={t({ zh: '商品', en: 'Products' })}>
      <div className="grid" data-testid="product-grid" data-query={shownQuery}>
        {results.map((product) => (
          <ProductTile
            key={product.code}
            product={product}
            onPick={onPick}
            showCategory={shownQuery.trim() !== ''}
          />
        ))}
      </div>
      {results.length === 0 && (
        <p className="empty" data-testid="grid-empty">
          {productCount === 0
            ? t({
                zh: '尚無商品資料：請到「設定」匯入商品檔，或載入範例商品。',
                en: 'No products yet: import a catalog in Settings, or load the sample.',
              })
            : t({ zh: `找不到「${shownQuery}」`, en: `Nothing matches "${shownQuery}"` })}
        </p>
      )}
      {total > results.length && (
        <p className="grid-more" data-testid="grid-more">
          {t({
            zh: `顯示 ${results.length} / ${total.toLocaleString('en-US')} 項，請輸入更多字縮小範圍`,
            en: `Showing ${results.length} of ${total.toLocaleString('en-US')}: type more to narrow down`,
          })}
        </p>
      )}
    </section>
  );
}
