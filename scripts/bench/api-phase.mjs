// The API phase of `npm run bench`, run by scripts/bench.mjs in a process of its own: autocannon against the
// shop and, in turns, a bare node:http server answering the same product-list bytes. Writes its figures as JSON.
//   node scripts/bench/api-phase.mjs '{"baseUrl":…,"barePort":…,"workDir":…,"benchProductId":…,"loadSeconds":…,"quick":…,"resultFile":…}'
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from '../lib.mjs';
import { checkoutOnce, checkoutRequests, combineRounds, load, signInShopper } from './api-load.mjs';
import { startProcess, stopProcess, waitFor } from './processes.mjs';

/**
 * Words of the demo and the generated descriptions (generated-catalogue.ts). The search measurement asks a new
 * question each time (word, category, sort and page vary), so the list's answer cache never answers it: the figure is
 * PostgreSQL's full-text search, the count and the page on PGlite (decision 014).
 */
const searchWords = ['battery', 'office', 'highlands', 'warranty', 'solar', 'reliable', 'village', 'school', 'camera'];
const searchSorts = ['default', 'priceAsc', 'priceDesc', 'nameAsc', 'nameDesc'];
const searchCategories = ['all', 'phones', 'computers', 'cameras', 'vehicles', 'accessories'];
function searchPaths() {
  const paths = [];
  for (const page of [1, 2, 3])
    for (const sort of searchSorts)
      for (const category of searchCategories)
        for (const word of searchWords)
          paths.push(`/api/products?q=${word}&category=${category}&sort=${sort}&page=${page}`);
  return paths;
}

async function measureApi({ baseUrl, barePort, workDir, benchProductId, loadSeconds, quick }) {
  const list = await fetch(`${baseUrl}/api/products`);
  const listBody = Buffer.from(await list.arrayBuffer());
  const listInfo = {
    bytes: listBody.length,
    etag: list.headers.get('etag'),
    cacheControl: list.headers.get('cache-control'),
  };
  const bodyFile = path.join(workDir, 'products.json');
  writeFileSync(bodyFile, listBody);
  const bare = startProcess(process.execPath, [
    path.join(root, 'scripts/bench/bare-server.mjs'),
    String(barePort),
    bodyFile,
    list.headers.get('content-type') ?? 'application/json',
  ]);
  const duration = loadSeconds;
  try {
    await waitFor(`http://127.0.0.1:${barePort}/`, bare);
    // Warm both up (JIT, the product-list cache) before measuring.
    await load('warm-up', { url: `${baseUrl}/api/products`, duration: 2 });
    await load('warm-up bare', { url: `http://127.0.0.1:${barePort}/api/products`, duration: 2 });

    // The two in turns, three rounds each (a third of the time each round): on a shared machine the load of
    // other work drifts, and measuring one after the other would put all of a drift on one side of the ratio.
    const rounds = quick ? 1 : 3;
    const bareRounds = [];
    const listRounds = [];
    for (let round = 1; round <= rounds; round += 1) {
      const roundDuration = Math.max(1, Math.round(duration / rounds));
      bareRounds.push(
        await load(`bare node:http, same bytes (round ${round}/${rounds})`, {
          url: `http://127.0.0.1:${barePort}/api/products`,
          duration: roundDuration,
        }),
      );
      listRounds.push(
        await load(`GET /api/products (round ${round}/${rounds})`, {
          url: `${baseUrl}/api/products`,
          duration: roundDuration,
        }),
      );
    }
    const bareList = combineRounds('bare node:http, same bytes', bareRounds);
    const productList = combineRounds('GET /api/products', listRounds);
    const oneProduct = await load('GET /api/products/1', { url: `${baseUrl}/api/products/1`, duration });
    const cookie = await signInShopper(baseUrl);
    const addToCart = await load('POST /api/cart/items (signed in)', {
      url: `${baseUrl}/api/cart/items`,
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ productId: benchProductId, quantity: 1 }),
      duration,
    });
    const paths = searchPaths();
    let nextPath = 0;
    const search = await load('GET /api/products?q=<word> at 100 req/s, every request a new query', {
      url: baseUrl,
      connections: 10,
      overallRate: 100,
      duration,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({ ...request, path: paths[nextPath++ % paths.length] }),
        },
      ],
    });
    search.distinctQueries = Math.min(paths.length, search.requestsTotal);
    const productListAt1000 = await load('GET /api/products at 1,000 req/s', {
      url: `${baseUrl}/api/products`,
      connections: 20,
      overallRate: 1000,
      duration,
    });

    let checkout;
    const probe = await checkoutOnce(baseUrl, benchProductId).catch((error) => ({ ok: false, reason: String(error) }));
    if (probe.ok) {
      checkout = await load('checkout (order + test-card payment) at 20 checkouts/s', {
        url: baseUrl,
        connections: 4,
        overallRate: 40,
        duration,
        requests: checkoutRequests(benchProductId),
      });
      checkout.checkoutsPerSecond = checkout.requestsPerSecond / 2;
    } else {
      console.log(`  checkout: not measured (${probe.reason})`);
      checkout = { name: 'checkout', notMeasured: probe.reason };
    }
    return {
      productListResponse: listInfo,
      bareList,
      productList,
      productListRatio: productList.requestsPerSecond / bareList.requestsPerSecond,
      oneProduct,
      addToCart,
      productListAt1000,
      search,
      checkout,
    };
  } finally {
    await stopProcess(bare);
  }
}

const options = JSON.parse(process.argv[2] ?? '{}');
writeFileSync(options.resultFile, JSON.stringify(await measureApi(options)));
