import { useText } from '../i18n/language-store';
import { useCatalog } from './catalog-store';

export function CategoryTabs() {
  const t = useText();
  const categories = useCatalog((s) => s.categories);
  const productCount = useCatalog((s) => s.productCount);
  const category = useCatalog((s) => s.category);
  const setCategory = useCatalog((s) => s.setCategory);
  return (
    <nav
      className="tabs tabs--strip"
      aria-label={t({ zh: '商品類別', en: 'Categories' })}
      data-testid="category-tabs"
    >
      <button
        type="button"
        className="tab"
        aria-pressed={category === null}
        onClick={() => setCategory(null)}
      >
        {t({ zh: '全部', en: 'All' })} <span className="tab__count">{productCount}</span>
      </button>
      {categories.slice(0, 30).map((c) => (
        <button
          key={c.name}
          type="button"
          className="tab"
          aria-pressed={category === c.name}
          onClick={() => setCategory(category === c.name ? null : c.name)}
        >
          {c.name} <span className="tab__count">{c.count}</span>
        </button>
      ))}
    </nav>
  );
}
