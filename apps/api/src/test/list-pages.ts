import type { ProductListItem, ProductListPage } from '@bilum/shared';
import type { FastifyInstance } from 'fastify';

/**
 * Every product of a storefront list (GET /api/products is paged, decision 014), read page by page with the largest
 * page size; `query` is the rest of the query string ("category=phones&sort=priceAsc"), `cookie` the session.
 */
export async function allListed(
  app: FastifyInstance,
  query = '',
  cookie?: string,
  pageSize = 60,
): Promise<{ items: ProductListItem[]; total: number }> {
  const items: ProductListItem[] = [];
  for (let page = 1; ; page += 1) {
    const separator = query ? '&' : '';
    const response = await app.inject({
      method: 'GET',
      url: `/api/products?${query}${separator}page=${page}&pageSize=${pageSize}`,
      headers: cookie ? { cookie } : {},
    });
    if (response.statusCode !== 200) throw new Error(`GET /api/products: ${response.statusCode} ${response.body}`);
    const body = response.json() as ProductListPage;
    items.push(...body.items);
    if (page >= body.pageCount) return { items, total: body.total };
  }
}
