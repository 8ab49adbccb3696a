// @vitest-environment node
import { firstScreenStateId, signedOutSession } from '@bilum/shared';
import { describe, expect, it } from 'vitest';
import { prepareFirstScreen } from './entry-server';
import { fakeData, laptop } from './test/first-screen-data';

async function render(url: string, data = fakeData()) {
  const prepared = await prepareFirstScreen(url, data);
  return prepared ? prepared.render() : null;
}

function stateOf(stateScript: string) {
  const json = stateScript.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
  return JSON.parse(json) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
}

describe('the first screen rendered on the server', () => {
  it('renders the home page with its hero and every product card, priced in kina, from the product list', async () => {
    const data = fakeData();
    const screen = await render('/', data);
    expect(data.calls).toEqual(['get /categories', 'products']);
    expect(screen?.html).toContain('HP Pavilion 15 Laptop');
    expect(screen?.html).toContain('itel A70');
    expect(screen?.html).toContain('K299.00');
    expect(screen?.html).toContain('aria-label="Products"');
    // The first hero picture loads at once and at high priority; no picture without its size.
    expect(screen?.html).toMatch(/<img[^>]*fetchPriority="high"/);
    for (const img of screen?.html.match(/<img[^>]*>/g) ?? []) expect(img).toMatch(/width="\d+"[^>]*height="\d+"/);
  });

  it('renders a category page with only that category', async () => {
    const screen = await render('/category/phones');
    expect(screen?.html).toContain('itel A70');
    expect(screen?.html).not.toContain('HP Pavilion 15 Laptop</');
  });

  it('asks for the first page of the list the address describes and seeds it under the key the page uses', async () => {
    const data = fakeData();
    const screen = await render('/category/phones?q=%20itel&price=under-500&sort=priceAsc&pageSize=1&junk=1', data);
    expect(data.queries).toEqual([
      { category: 'phones', q: 'itel', price: 'under-500', sort: 'priceAsc', pageSize: 1 },
    ]);
    const [session, list] = stateOf(screen!.stateScript).queries;
    expect(session?.queryKey).toEqual(['session']);
    expect(list?.queryKey).toEqual([
      'products',
      'list',
      { category: 'phones', q: 'itel', price: 'under-500', sort: 'priceAsc', pageSize: 1 },
      'guest',
    ]);
    expect(list?.state.data).toMatchObject({ pageParams: [1], pages: [{ total: 1, page: 1 }] });
    expect(screen?.html.replaceAll('<!-- -->', '')).toContain('1 item for “itel”');
    expect(screen?.html).toContain('Showing 1 of 1 item');
  });

  it('carries only the first page: the rest comes when the shopper scrolls or taps Show more', async () => {
    const data = fakeData();
    const screen = await render('/?pageSize=1', data);
    expect(data.queries).toEqual([{ pageSize: 1 }]);
    expect(screen?.html).toContain('HP Pavilion 15 Laptop');
    expect(screen?.html).not.toContain('itel A70');
    expect(screen?.html).toContain('Showing 1 of 2 items');
    expect(screen?.html).toMatch(/<button[^>]*>Show more<\/button>/);
    const [session, list] = stateOf(screen!.stateScript).queries;
    expect(session?.queryKey).toEqual(['session']);
    expect(list?.queryKey).toEqual(['products', 'list', { pageSize: 1 }, 'guest']);
  });

  it('renders the lists of a request with a session from that visitor’s own answers, never the guest list', async () => {
    for (const url of ['/', '/category/phones']) {
      const data = fakeData({ session: true, api: { '/session': signedOutSession } });
      expect(await prepareFirstScreen(url, data), url).not.toBeNull();
      expect(data.calls, url).not.toContain('products');
      expect(data.calls, url).toContain('get /session');
    }
  });

  it('renders a category asked for in other letters (/category/PHONES) as that category, not as not found', async () => {
    const screen = await render('/category/PHONES');
    expect(screen?.html).toMatch(/<h1[^>]*>Phones<\/h1>/);
    expect(screen?.html).toContain('itel A70');
    expect(screen?.html).not.toContain('HP Pavilion 15 Laptop</');
  });

  it('renders the shop’s categories from the categories table: names, the owner’s order, a new one', async () => {
    const categories = [
      { slug: 'solar', name: 'Solar', position: 1 },
      { slug: 'phones', name: 'Mobile Phones', position: 2 },
    ];
    const data = fakeData({ api: { '/categories': { categories } } });
    const screen = await render('/category/phones', data);
    expect(screen?.html).toMatch(/<h1[^>]*>Mobile Phones<\/h1>/);
    const menu = /<nav aria-label="Categories".*?<\/nav>/s.exec(screen!.html)?.[0] ?? '';
    expect([...menu.matchAll(/<a[^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((link) => [link[1], link[2]])).toEqual([
      ['/category/all', 'All products'],
      ['/category/solar', 'Solar'],
      ['/category/phones', 'Mobile Phones'],
    ]);
    const seeded = stateOf(screen!.stateScript).queries.find((query) => query.queryKey[0] === 'categories');
    expect(seeded?.state.data).toEqual({ categories });
  });

  it('leaves a category the shop does not show (unknown or hidden) to the browser’s not-found page', async () => {
    const data = fakeData();
    expect(await prepareFirstScreen('/category/solar', data)).toBeNull();
    expect(data.calls).toEqual(['get /categories']);
  });

  it('renders a guest product page with its name, price and picture, from that product alone', async () => {
    const data = fakeData();
    const screen = await render('/index-item/1', data);
    expect(data.calls).toEqual(['get /categories', 'product 1']);
    expect(screen?.html).toMatch(/<h1[^>]*>HP Pavilion 15 Laptop<\/h1>/);
    expect(screen?.html).toContain('K3,299.00');
    expect(screen?.html).toContain('src="/images/products/hp-pavilion-15-laptop.svg"');
  });

  it('carries the data it was rendered from, as the app asks for it, in a script element safe to embed', async () => {
    const hostile = { ...laptop, name: '</script><script>alert(1)</script>' };
    const data = { ...fakeData(), product: async () => hostile };
    const screen = await render('/indexdetail/1', data);
    expect(screen?.stateScript.startsWith(`<script type="application/json" id="${firstScreenStateId}">`)).toBe(true);
    expect(screen?.stateScript.match(/<\/script>/g)).toHaveLength(1);
    const state = stateOf(screen!.stateScript);
    // A visitor without a session is signed out, as the header shows it (decision 034).
    expect(state.queries.map((query) => query.queryKey)).toEqual([
      ['session'],
      ['products', 'detail', 1],
      ['categories'],
    ]);
    expect(state.queries[0]?.state.data).toEqual(signedOutSession);
    expect(state.queries[1]?.state.data).toEqual(hostile);
    expect(screen?.html).not.toContain('<script>alert(1)');
  });

  it('writes no inline script (the Content-Security-Policy would refuse it): lazy parts come with the app', async () => {
    for (const url of ['/', '/category/all', '/index-item/1']) {
      const screen = await render(url);
      expect(screen?.html).not.toMatch(/<script/i);
    }
  });

  it('leaves an empty guest cart, unknown products for a guest and the admin’s pages to the browser', async () => {
    for (const url of ['/guest-cart', '/index-item/999', '/admin-login', '/product-inventory', '/reports']) {
      expect(await prepareFirstScreen(url, fakeData()), url).toBeNull();
    }
  });
});

describe('the guest cart rendered on the server, from the cookie the app mirrors the cart into', () => {
  it('shows each product of the cart with its quantity, as a guest whose session need not be asked for', async () => {
    const data = fakeData({
      cart: [
        { productId: 1, quantity: 2 },
        { productId: 6, quantity: 1 },
      ],
    });
    const screen = await render('/guest-cart', data);
    expect(data.calls).toEqual(['get /categories', 'product 1', 'product 6']);
    expect(screen?.html).toContain('Your Shopping Cart');
    expect(screen?.html).toContain('HP Pavilion 15 Laptop');
    expect(screen?.html).toContain('itel A70');
    expect(screen?.html).toMatch(/Qty (?:<!-- -->)?2/);
    expect(screen?.html).not.toContain('Loading your cart');
    const keys = stateOf(screen!.stateScript).queries.map((query) => query.queryKey);
    expect(keys).toEqual([['session'], ['guest-cart-product', 1], ['guest-cart-product', 6], ['categories']]);
  });

  it('leaves the cart to the browser for a request with a session, an empty cart or a product that is gone', async () => {
    const cart = [{ productId: 1, quantity: 1 }];
    expect(await prepareFirstScreen('/guest-cart', fakeData({ cart, session: true }))).toBeNull();
    expect(await prepareFirstScreen('/guest-cart', fakeData({ cart: [] }))).toBeNull();
    expect(await prepareFirstScreen('/guest-cart', fakeData({ cart: [{ productId: 404, quantity: 1 }] }))).toBeNull();
  });
});
