import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { useStartupT } from '../../i18n/react';
import { toQuery } from '../../lib/api-client';
import { useCategories } from '../../lib/categories';
import type { CatalogPaths } from './catalog-paths';

/** The home page's search bar: a category and some words take the shopper to that category's results. */
export function HomeSearch({ paths }: { paths: CatalogPaths }) {
  const navigate = useNavigate();
  const { categories } = useCategories();
  const t = useStartupT();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const category = String(form.get('category') || 'all');
    const q = String(form.get('q') ?? '').trim();
    navigate(`${paths.category(category)}${toQuery({ q })}`);
  };
  return (
    <form
      role="search"
      aria-label={t('search.label')}
      onSubmit={onSubmit}
      className="grid grid-cols-2 gap-2 rounded-xl bg-white p-2 shadow-sm ring-1 ring-stone-200 sm:flex"
    >
      <label htmlFor="home-search-text" className="sr-only">
        {t('search.label')}
      </label>
      <input
        id="home-search-text"
        type="search"
        name="q"
        maxLength={100}
        placeholder={t('search.placeholder')}
        className="col-span-2 h-11 min-w-0 flex-1 rounded-lg border border-control px-3 text-base text-stone-900 placeholder:text-muted sm:text-sm"
      />
      <label htmlFor="home-search-category" className="sr-only">
        {t('search.category')}
      </label>
      <select
        id="home-search-category"
        name="category"
        defaultValue="all"
        className="h-11 min-w-0 rounded-lg border border-control bg-stone-50 px-2 text-sm text-stone-800 sm:w-44 sm:px-3"
      >
        <option value="all">{t('search.allCategories')}</option>
        {categories.map((category) => (
          <option key={category.slug} value={category.slug}>
            {category.name}
          </option>
        ))}
      </select>
      <Button type="submit" className="sm:w-32">
        {t('search.submit')}
      </Button>
    </form>
  );
}
