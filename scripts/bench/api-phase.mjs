// The API phase of `npm run bench`, run by scripts/bench.mjs in a process of its own: autocannon against the
// shop and, in turns, a bare node:http server answering the same product-list bytes. Writes its figures as JSON.
//   node scripts/bench/api-phase.mjs '{"baseUrl":…,"barePort":…,"workDir":…,"benchProductId":…,"loadSeconds":…,"quick":…,"resultFile":…}'
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from '../lib.mjs';
import { checkoutOnce, combineRounds, load, signInShopper } from './api-load.mjs';
import { checkoutCapacity, searchCapacity } from './capacity.mjs';
import { pacedLoad } from './paced-load.mjs';
import { startProcess, stopProcess, waitFor } from './processes.mjs';

/**
 * Words of the demo and the generated descriptions (generated-catalogue.ts): places, uses and features a shopper
 * types, each found in a share of the 10,000 generated products (a few in one product in eight, "school" in one in
 * four). The search capacity asks a new question each time (word, category, price band, sort and page vary), so the
 * list's answer cache never answers it: the figure is PostgreSQL's full-text search, the count and the page on
 * PGlite (decision 014).
 */
const searchWords = [
  'battery',
  'office',
  'highlands',
  'warranty',
  'solar',
  'reliable',
  'village',
  'school',
  'camera',
  'tough',
  'moresby',
  'value',
  'daily',
  'lightweight',
  'trusted',
  'fresh',
  'roads',
  'coastal',
  'travel',
  'madang',
  'businesses',
  'church',
  'clinics',
  'fishing',
  'island',
  'students',
  'unitech',
  'setup',
  'digicel',
  'boroko',
  'delivered',
  'province',
  'protective',
  'spare',
  'repair',
  'genuine',
  'technicians',
  'graduations',
  'celebrations',
  'lasts',
];
/** Other words of the same descriptions, for the warm-up: it runs the code paths, not the measured queries. */
const warmUpWords = ['phone', 'fast', 'screen', 'charger', 'family', 'port', 'light', 'storage', 'market'];
const searchSorts = ['default', 'priceAsc', 'priceDesc', 'nameAsc', 'nameDesc'];
const searchCategories = ['all', 'phones', 'computers', 'cameras', 'vehicles', 'accessories'];
const searchPrices = ['', 'under-500', '500-1000', 'over-1000'];

/**
 * Every combination of a word, category, price band, sort and page (14,400 addresses for the 40 words), in a
 * fixed shuffled order: the searches new to the shop (the first address of each word, category and band, whose
 * count is not known yet) come spread among the others, as in steady traffic (decision 019).
 */
function searchPaths(words = searchWords) {
  const paths = [];
  for (const page of [1, 2, 3])
    for (const sort of searchSorts)
      for (const price of searchPrices)
        for (const category of searchCategories)
          for (const word of words)
            paths.push(
              `/api/products?q=${word}&category=${category}${price ? `&price=${price}` : ''}&sort=${sort}&page=${page}`,
            );
  // Fisher-Yates with a fixed seed (mulberry32): the same order in every run.
  let seed = 20;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = paths.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [paths[i], paths[j]] = [paths[j], paths[i]];
  }
  return paths;
}

async function measureApi({ baseUrl, barePort, workDir, benchProductId, loadSeconds, quick }) {
  // As autocannon asks: no Accept-Encoding, so the answer as it is (the shop compresses for browsers that ask).
  const list = await fetch(`${baseUrl}/api/products`, { headers: { 'accept-encoding': 'identity' } });
  const listBody = Buffer.from(await list.arrayBuffer());
  const listInfo = {
    bytes: listBody.length,
    etag: list.headers.get('etag'),
    cacheControl: list.headers.get('cache-control'),
  };
  const bodyFile = path.join(workDir, 'products.json');
  writeFileSync(bodyFile, listBody);
  // The headers the shop sent, but those Node's http server adds to every answer by itself.
  const perConnection = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  const headersFile = path.join(workDir, 'products-headers.json');
  writeFileSync(
    headersFile,
    JSON.stringify(Object.fromEntries([...list.headers].filter(([name]) => !perConnection.has(name)))),
  );
  const bareScript = path.join(root, 'scripts/bench/bare-server.mjs');
  const bodyOnlyPort = barePort + 1;
  const bare = startProcess(process.execPath, [bareScript, String(barePort), bodyFile, headersFile]);
  const bodyOnly = startProcess(process.execPath, [
    bareScript,
    String(bodyOnlyPort),
    bodyFile,
    headersFile,
    '--body-only',
  ]);
  const duration = loadSeconds;
  try {
    await waitFor(`http://127.0.0.1:${barePort}/`, bare);
    await waitFor(`http://127.0.0.1:${bodyOnlyPort}/`, bodyOnly);
    // Warm all up (JIT, the product-list cache) before measuring.
    await load('warm-up', { url: `${baseUrl}/api/products`, duration: 2 });
    await load('warm-up bare', { url: `http://127.0.0.1:${barePort}/api/products`, duration: 2 });
    await load('warm-up bare, body only', { url: `http://127.0.0.1:${bodyOnlyPort}/api/products`, duration: 2 });

    // In turns, three rounds each (a third of the time each round): on a shared machine the load of other work
    // drifts, and measuring one after the other would put all of a drift on one side of the ratio.
    const rounds = quick ? 1 : 3;
    const bareRounds = [];
    const bodyOnlyRounds = [];
    const listRounds = [];
    for (let round = 1; round <= rounds; round += 1) {
      const roundDuration = Math.max(1, Math.round(duration / rounds));
      bareRounds.push(
        await load(`bare node:http, same answer (round ${round}/${rounds})`, {
          url: `http://127.0.0.1:${barePort}/api/products`,
          duration: roundDuration,
        }),
      );
      bodyOnlyRounds.push(
        await load(`bare node:http, same body only (round ${round}/${rounds})`, {
          url: `http://127.0.0.1:${bodyOnlyPort}/api/products`,
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
    const bareList = combineRounds('bare node:http, same answer', bareRounds);
    const bareBodyOnly = combineRounds('bare node:http, same body only', bodyOnlyRounds);
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
    // The searches: 3 s of other words first (the server's code warm, as on a shop that has been up a while;
    // neither the measured answers nor their counts are asked), then the measured ones.
    const warmUpPaths = searchPaths(warmUpWords);
    await pacedLoad('search warm-up (other words)', {
      baseUrl,
      ratePerSecond: 100,
      durationS: 3,
      task: (index, call) => call({ path: warmUpPaths[index % warmUpPaths.length] }),
    });
    const search = await searchCapacity({ baseUrl, paths: searchPaths(), durationS: duration });
    const productListAt1000 = await pacedLoad('GET /api/products at 1,000 req/s', {
      baseUrl,
      ratePerSecond: 1000,
      durationS: duration,
      task: (_index, call) => call({ path: '/api/products' }),
    });

    let checkout;
    const probe = await checkoutOnce(baseUrl, benchProductId).catch((error) => ({ ok: false, reason: String(error) }));
    if (probe.ok) {
      checkout = await checkoutCapacity({ baseUrl, benchProductId, durationS: duration });
    } else {
      console.log(`  checkout: not measured (${probe.reason})`);
      checkout = { name: 'checkout', notMeasured: probe.reason };
    }
    return {
      productListResponse: listInfo,
      bareList,
      productList,
      productListRatio: productList.requestsPerSecond / bareList.requestsPerSecond,
      bareBodyOnly,
      productListRatioBodyOnly: productList.requestsPerSecond / bareBodyOnly.requestsPerSecond,
      oneProduct,
      addToCart,
      productListAt1000,
      search,
      checkout,
    };
  } finally {
    await stopProcess(bare);
    await stopProcess(bodyOnly);
  }
}

const options = JSON.parse(process.argv[2] ?? '{}');
writeFileSync(options.resultFile, JSON.stringify(await measureApi(options)));
