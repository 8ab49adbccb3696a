// The targets of issue 9 checked against one bench run, and the run as a Markdown summary.

const KB = 1024;
export const limits = {
  lighthouseScore: 95,
  lcpMs: 2000,
  cls: 0.05,
  homeJsGzipBytes: 110 * KB,
  homeDomElements: 2000,
  productListRatio: 0.8,
  productListP99Ms: 50,
  searchP99Ms: 50,
  checkoutP99Ms: 250,
};

const kb = (bytes) => (bytes === null || bytes === undefined ? 'n/a' : `${(bytes / KB).toFixed(1)} KB`);
const ms = (value) => (value === null || value === undefined ? 'n/a' : `${Math.round(value)} ms`);
const seconds = (value) => (value === null || value === undefined ? 'n/a' : `${(value / 1000).toFixed(2)} s`);
const fixed3 = (value) => (value === null || value === undefined ? 'n/a' : value.toFixed(3));
const mark = (pass) => (pass === null ? 'not measured' : pass ? 'pass' : '**FAIL**');

/** Every target with its figure: `pass` is true, false, or null when it was not measured in this run. */
export function targets(run) {
  const list = [];
  const add = (name, figure, target, pass) => list.push({ name, figure, target, pass });
  for (const page of run.lighthouse ?? []) {
    const measured = (value, pass) => (value === null ? null : pass);
    add(
      `Lighthouse performance, ${page.name}`,
      String(page.score ?? 'n/a'),
      `≥ ${limits.lighthouseScore}`,
      measured(page.score, page.score >= limits.lighthouseScore),
    );
    add(
      `LCP, ${page.name}`,
      seconds(page.lcpMs),
      `< ${seconds(limits.lcpMs)}`,
      measured(page.lcpMs, page.lcpMs < limits.lcpMs),
    );
    add(`CLS, ${page.name}`, fixed3(page.cls), `< ${limits.cls}`, measured(page.cls, page.cls < limits.cls));
    if (page.name === 'home') {
      add(
        'DOM elements, home',
        String(page.domElements ?? 'n/a'),
        `< ${limits.homeDomElements}`,
        measured(page.domElements, page.domElements < limits.homeDomElements),
      );
    }
  }
  const home = run.bundles.find((bundle) => bundle.name === 'home');
  add(
    'JavaScript before the home page is interactive (gzipped)',
    kb(home.jsGzipBytes),
    `≤ ${kb(limits.homeJsGzipBytes)}`,
    home.jsGzipBytes <= limits.homeJsGzipBytes,
  );
  add(
    'Admin, account or checkout code in the home page bundles',
    home.lazyOnlyModules.length === 0 ? 'none' : home.lazyOnlyModules.join(', '),
    'none',
    home.lazyOnlyModules.length === 0,
  );
  const api = run.api;
  if (api) {
    add(
      'Product list throughput, ratio to a bare node:http server sending the same answer',
      `${api.productListRatio.toFixed(2)}x (${Math.round(api.productList.requestsPerSecond)} vs ${Math.round(api.bareList.requestsPerSecond)} req/s)` +
        (api.bareBodyOnly
          ? `; ${api.productListRatioBodyOnly.toFixed(2)}x the same body with only its content type (${Math.round(api.bareBodyOnly.requestsPerSecond)} req/s)`
          : ''),
      `≥ ${limits.productListRatio}x`,
      api.productListRatio >= limits.productListRatio && api.productList.non2xx === 0,
    );
    const at1000 = api.productListAt1000;
    add(
      'Product list p99 at 1,000 req/s (PGlite)',
      `${ms(at1000.latencyP99Ms)} (achieved ${Math.round(at1000.requestsPerSecond)} req/s)`,
      `< ${limits.productListP99Ms} ms`,
      at1000.latencyP99Ms < limits.productListP99Ms && at1000.non2xx === 0 && at1000.requestsPerSecond >= 950,
    );
    const search = api.search;
    if (search) {
      add(
        'Search p99 at 100 req/s, every request a new query (PGlite)',
        `${ms(search.latencyP99Ms)} (achieved ${Math.round(search.requestsPerSecond)} req/s, non-2xx ${search.non2xx})`,
        `< ${limits.searchP99Ms} ms`,
        search.latencyP99Ms < limits.searchP99Ms && search.non2xx === 0 && search.requestsPerSecond >= 95,
      );
    }
    const checkout = api.checkout;
    add(
      'Checkout p99 at 20 checkouts/s (order + test-card payment)',
      checkout.notMeasured
        ? `not measured: ${checkout.notMeasured}`
        : `${ms(checkout.latencyP99Ms)} (achieved ${checkout.checkoutsPerSecond.toFixed(1)} checkouts/s, non-2xx ${checkout.non2xx}, failed ${checkout.failedCheckouts ?? 0})`,
      `< ${limits.checkoutP99Ms} ms`,
      checkout.notMeasured
        ? null
        : checkout.latencyP99Ms < limits.checkoutP99Ms &&
            checkout.non2xx === 0 &&
            !checkout.failedCheckouts &&
            checkout.checkoutsPerSecond >= 19,
    );
  }
  return list;
}

function table(header, rows) {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

export function renderMarkdown(run) {
  const lines = [];
  const { machine } = run;
  const load = (values) => (values ? values.map((value) => value.toFixed(2)).join(' / ') : 'n/a');
  lines.push(`# Bench run ${run.startedAt}${run.quick ? ' (quick: not a real measurement)' : ''}`, '');
  lines.push(
    `Commit ${run.commit}; Node ${machine.node}; ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB. ` +
      `Load average (1/5/15 min) at the start ${load(machine.loadAverageAtStart)}, at the end ${load(machine.loadAverageAtEnd)}.`,
  );
  if (machine.loadAverageAtStart[0] > 0.5) {
    lines.push(
      '',
      `The machine was shared: other work was running during the run (see the load average), so the figures are pessimistic.`,
    );
  }
  if (run.generatedProducts) {
    lines.push('', `Catalogue: the demo products plus ${run.generatedProducts} generated ones (\`--catalogue\`).`);
  }
  if (run.note) lines.push('', run.note);
  lines.push('', '## Targets', '');
  lines.push(
    table(
      ['what', 'figure', 'target', 'result'],
      run.targets.map((t) => [t.name, t.figure, t.target, mark(t.pass)]),
    ),
  );

  if (run.lighthouse) {
    lines.push('', `## Lighthouse (mobile, default simulated throttling; median of ${run.lighthouseRuns} run(s))`, '');
    lines.push(
      table(
        [
          'page',
          'score (≥ 95)',
          'FCP',
          'LCP (< 2.0 s)',
          'TBT',
          'CLS (< 0.05)',
          'transferred',
          'DOM elements',
          'LCP element',
        ],
        run.lighthouse.map((page) => [
          `${page.name} \`${new URL(page.url).pathname}\``,
          String(page.score ?? 'n/a'),
          seconds(page.fcpMs),
          seconds(page.lcpMs),
          ms(page.tbtMs),
          fixed3(page.cls),
          kb(page.transferBytes),
          String(page.domElements ?? 'n/a'),
          page.lcpElement ? `\`${page.lcpElement.replace(/\|/g, '\\|').slice(0, 80)}\`` : 'n/a',
        ]),
      ),
    );
  }

  lines.push('', '## JavaScript and CSS before the page is interactive (gzipped, from the Vite manifest)', '');
  lines.push(
    'The entry chunk and its static imports, plus the route\u2019s lazy page chunk and its static imports.',
    '',
  );
  lines.push(
    table(
      ['page', 'JavaScript', 'CSS', 'files', 'route chunk'],
      run.bundles.map((bundle) => [
        bundle.name,
        `${kb(bundle.jsGzipBytes)}${bundle.name === 'home' ? ` (≤ ${kb(limits.homeJsGzipBytes)})` : ''}`,
        kb(bundle.cssGzipBytes),
        String(bundle.jsFiles.length + bundle.cssFiles.length),
        bundle.routeSource === null
          ? 'none (in the entry)'
          : bundle.routeChunkFound
            ? `\`${bundle.routeSource}\``
            : `not found (${bundle.routeSource ?? 'no route'})`,
      ]),
    ),
  );

  if (run.api) {
    const { api } = run;
    lines.push('', `## API (${run.loadSeconds} s each, PGlite)`, '');
    lines.push(
      'Throughput rows: autocannon, as fast as it goes. Rows at a fixed rate: evenly spaced arrivals, each timed from ' +
        'when it was due (scripts/bench/paced-load.mjs); "at most N at once" is how many were in flight at the worst moment.',
      '',
    );
    lines.push(
      `Product list: ${kb(api.productListResponse.bytes)} of JSON; ETag ${api.productListResponse.etag ? `\`${api.productListResponse.etag}\`` : 'none'}; ` +
        `Cache-Control ${api.productListResponse.cacheControl ? `\`${api.productListResponse.cacheControl}\`` : 'none'}.`,
      '',
    );
    const row = (result, what) =>
      result.notMeasured
        ? [what, 'not measured', '', '', '', result.notMeasured]
        : [
            what,
            String(Math.round(result.requestsPerSecond)),
            ms(result.latencyP50Ms),
            ms(result.latencyP99Ms),
            String(result.non2xx + result.errors),
            (result.pacing === 'even'
              ? `${result.overallRate} a second evenly spaced, at most ${result.connections} at once`
              : `${result.connections} connections${result.overallRate ? `, ${result.overallRate} req/s asked` : ', as fast as it goes'}`) +
              (result.rounds > 1 ? `, ${result.rounds} rounds in turn with the other` : ''),
          ];
    lines.push(
      table(
        ['measurement', 'req/s', 'p50', 'p99', 'non-2xx + errors', 'load'],
        [
          row(api.bareList, 'bare `node:http`, the same answer (status, headers, body)'),
          ...(api.bareBodyOnly
            ? [row(api.bareBodyOnly, 'bare `node:http`, the same body with only its content type')]
            : []),
          row(api.productList, '`GET /api/products`'),
          row(api.oneProduct, '`GET /api/products/1`'),
          row(api.addToCart, '`POST /api/cart/items` (signed-in shopper)'),
          row(api.productListAt1000, '`GET /api/products` at 1,000 req/s'),
          ...(api.search ? [row(api.search, '`GET /api/products?q=<word>&…`, a new query each time, 100 req/s')] : []),
          row(api.checkout, '`POST /api/orders` + `POST /api/orders/:id/payment` (4242…), 20 checkouts/s'),
        ],
      ),
    );
    lines.push('', 'For the checkout, req/s counts both calls (two a checkout) and the latencies are per call.');
  }
  return `${lines.join('\n')}\n`;
}
