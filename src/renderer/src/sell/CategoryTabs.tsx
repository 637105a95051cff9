import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useText } from '../i18n/language-store';
import { useCatalog } from './catalog-store';

/** How many tabs lie wholly or partly outside the strip's view, on each side. */
interface Hidden {
  before: number;
  after: number;
}

function hiddenTabs(strip: HTMLElement): Hidden {
  const box = strip.getBoundingClientRect();
  let before = 0;
  let after = 0;
  for (const tab of strip.querySelectorAll<HTMLElement>('.tab')) {
    const tabBox = tab.getBoundingClientRect();
    if (tabBox.left < box.left - 0.5) before += 1;
    else if (tabBox.right > box.right + 0.5) after += 1;
  }
  return { before, after };
}

/**
 * The category strip: it only browses (a search looks through every category). At 1024 px the
 * categories do not all fit: the tabs out of view are counted on a button at each end (issue 24:
 * three were hidden behind a fade with no sign they existed), which scrolls the strip; a finger
 * swipes it, and the arrow keys move from tab to tab, each scrolled into view.
 */
export function CategoryTabs() {
  const t = useText();
  const categories = useCatalog((s) => s.categories);
  const productCount = useCatalog((s) => s.productCount);
  const category = useCatalog((s) => s.category);
  const setCategory = useCatalog((s) => s.setCategory);
  // A search looks through every category: no tab stays pressed as if it narrowed the search.
  const searching = useCatalog((s) => s.query.trim() !== '');
  const browsing = searching ? null : category;
  const strip = useRef<HTMLElement>(null);
  const [hidden, setHidden] = useState<Hidden>({ before: 0, after: 0 });

  const measure = useCallback(() => {
    const el = strip.current;
    if (!el) return;
    const next = hiddenTabs(el);
    setHidden((old) => (old.before === next.before && old.after === next.after ? old : next));
  }, []);
  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, categories, t]);

  const overflows = hidden.before + hidden.after > 0;
  const page = (direction: 1 | -1) => {
    const el = strip.current;
    if (!el) return;
    // Instant, not smooth: the count on the buttons follows the scroll event at once.
    el.scrollBy({ left: direction * el.clientWidth * 0.8 });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const tabs = [...(strip.current?.querySelectorAll<HTMLElement>('.tab') ?? [])];
    const at = tabs.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    const to =
      event.key === 'ArrowRight'
        ? at + 1
        : event.key === 'ArrowLeft'
          ? at - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    const tab = tabs[Math.max(0, Math.min(tabs.length - 1, to))];
    tab?.focus();
    tab?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  return (
    <div className="category-strip">
      {overflows && (
        <button
          type="button"
          className="category-strip__more category-strip__more--before"
          // Kept in place (hidden) while nothing is before: the strip does not change width, and
          // shift the tab just scrolled into view, as the buttons come and go.
          style={{ visibility: hidden.before > 0 ? 'visible' : 'hidden' }}
          onClick={() => page(-1)}
          aria-label={t({
            zh: `前面還有 ${hidden.before} 個類別`,
            en: `${hidden.before} more categories before`,
          })}
          data-testid="category-before"
        >
          ‹ {hidden.before}
        </button>
      )}
      <nav
        ref={strip}
        className="tabs tabs--strip"
        aria-label={t({ zh: '商品類別', en: 'Categories' })}
        data-testid="category-tabs"
        onScroll={measure}
        onKeyDown={onKeyDown}
      >
        <button
          type="button"
          className="tab"
          aria-pressed={browsing === null}
          onClick={() => setCategory(null)}
        >
          {t({ zh: '全部', en: 'All' })} <span className="tab__count">{productCount}</span>
        </button>
        {categories.slice(0, 30).map((c) => (
          <button
            key={c.name}
            type="button"
            className="tab"
            aria-pressed={browsing === c.name}
            onClick={() => setCategory(browsing === c.name ? null : c.name)}
          >
            {c.name} <span className="tab__count">{c.count}</span>
          </button>
        ))}
      </nav>
      {overflows && (
        <button
          type="button"
          className="category-strip__more"
          style={{ visibility: hidden.after > 0 ? 'visible' : 'hidden' }}
          onClick={() => page(1)}
          aria-label={t({ zh: `後面還有 ${hidden.after} 個類別`, en: `${hidden.after} more categories` })}
          data-testid="category-after"
        >
          +{hidden.after} ›
        </button>
      )}
    </div>
  );
}
