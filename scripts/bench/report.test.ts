// The targets of `npm run bench` that compare figures within one run (issue 29): a run's figures are made up here,
// so the ratio logic is checked without Lighthouse or a server.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the bench, without types
import {
  baselineComparison,
  budgetOf,
  checkoutTarget,
  floorFigure,
  limits,
  machineBenchmarkIndex,
  renderMarkdown,
  searchTarget,
  targets,
} from './report.mjs';

interface Figures {
  lcpMs?: number;
  tbtMs?: number;
  cpuBlockingMs?: number;
  mainThreadMs?: number;
  scriptsBeforeLcp?: number;
  transferBytes?: number;
  domElements?: number;
}

const summary = (figures: Figures) => ({
  runs: 1,
  score: 90,
  fcpMs: 800,
  lcpMs: 1000,
  tbtMs: 100,
  mainThreadMs: 1000,
  scriptsBeforeLcp: 2,
  cls: 0,
  transferBytes: 100 * 1024,
  domElements: 300,
  lcpElement: null,
  finalUrl: null,
  ...figures,
});

const home = (current: Figures, baseline?: Figures | { notComparable: string }) => ({
  name: 'home',
  path: '/',
  current: summary(current),
  baseline: baseline === undefined ? null : 'notComparable' in baseline ? baseline : summary(baseline),
});

const bundles = [
  { name: 'home', routeSource: null, jsGzipBytes: 50 * 1024, lazyOnlyModules: [], jsFiles: [], cssFiles: [] },
];

const find = (list: { name: string; pass: boolean | null }[], name: string) => {
  const target = list.find((item) => item.name === name);
  if (!target) throw new Error(`no target named ${name}`);
  return target;
};

describe('LCP against the home page of the same run', () => {
  it('passes at 1.5 times the home page and fails above', () => {
    const run = {
      bundles,
      lighthouse: [
        home({ lcpMs: 2000 }),
        { name: 'login', path: '/login', current: summary({ lcpMs: 3000 }), baseline: null },
        { name: 'terms', path: '/terms', current: summary({ lcpMs: 3100 }), baseline: null },
      ],
    };
    const list = targets(run);
    expect(find(list, "LCP to home's LCP, login").pass).toBe(true);
    expect(find(list, "LCP to home's LCP, terms").pass).toBe(false);
    expect(list.some((item: { name: string }) => item.name === "LCP to home's LCP, home")).toBe(false);
  });
});

describe('blocking time against the baseline', () => {
  it("asks for at most half the baseline's TBT", () => {
    expect(baselineComparison(home({ tbtMs: 200 }, { tbtMs: 400 }), 'tbtMs').pass).toBe(true);
    expect(baselineComparison(home({ tbtMs: 201 }, { tbtMs: 400 }), 'tbtMs').pass).toBe(false);
  });

  it("asks for no more main-thread work than the baseline's (decision 036)", () => {
    expect(baselineComparison(home({ mainThreadMs: 1000 }, { mainThreadMs: 1000 }), 'mainThreadMs').pass).toBe(true);
    expect(baselineComparison(home({ mainThreadMs: 1001 }, { mainThreadMs: 1000 }), 'mainThreadMs').pass).toBe(false);
    const row = find(
      targets({ bundles, lighthouse: [home({ mainThreadMs: 700 }, { mainThreadMs: 1000 })] }),
      "Main-thread work to the baseline's, home",
    );
    expect(row).toMatchObject({ pass: true, target: '≤ 1x', figure: '700 ms vs 1000 ms (0.70x)' });
  });

  it('shows the page without its scripts (--floor) as information, with the share of the baseline and the app', () => {
    const page = { ...home({ mainThreadMs: 1300 }, { mainThreadMs: 1600 }), floor: summary({ mainThreadMs: 800 }) };
    expect(floorFigure(page)).toBe("800 ms; 0.50x the baseline's work; the app's share 500 ms");
    const row = find(
      targets({ bundles, lighthouse: [page] }),
      "Main-thread work without the page's scripts (floor), home",
    );
    expect(row).toMatchObject({ pass: null, target: 'information' });
    expect(find(targets({ bundles, lighthouse: [home({})] }), "Main-thread work to the baseline's, home")).toBeTruthy();
    expect(
      targets({ bundles, lighthouse: [home({})] }).some((item: { name: string }) => item.name.includes('floor')),
    ).toBe(false);
  });

  it('is information only without a baseline, or when the baseline could not show the page', () => {
    expect(baselineComparison(home({ tbtMs: 200 }), 'tbtMs').pass).toBeNull();
    const notComparable = baselineComparison(home({ tbtMs: 200 }, { notComparable: 'member: 404' }), 'tbtMs');
    expect(notComparable.pass).toBeNull();
    expect(notComparable.figure).toContain('not comparable');
  });

  it('shows the blocking in CPU time beside TBT as information, not as a target', () => {
    const run = { bundles, lighthouse: [home({ cpuBlockingMs: 90 }, { cpuBlockingMs: 100 })] };
    const row = find(targets(run), "Blocking in CPU time to the baseline's, home");
    expect(row).toMatchObject({ pass: null, figure: '90 ms vs 100 ms (0.90x)' });
  });

  it('passes a page with no blocking time on either side', () => {
    expect(baselineComparison(home({ tbtMs: 0 }, { tbtMs: 0 }), 'tbtMs').pass).toBe(true);
    expect(baselineComparison(home({ tbtMs: 10 }, { tbtMs: 0 }), 'tbtMs').pass).toBe(false);
  });
});

describe('counts and budgets', () => {
  it('fails more than six script requests before LCP, and a page over its byte or DOM budget', () => {
    const budget = budgetOf('login');
    const run = {
      bundles,
      lighthouse: [
        home({ scriptsBeforeLcp: 6 }),
        {
          name: 'login',
          path: '/login',
          current: summary({
            scriptsBeforeLcp: 7,
            transferBytes: budget.transferBytes + 1,
            domElements: budget.domElements,
          }),
          baseline: null,
        },
      ],
    };
    const list = targets(run);
    expect(find(list, 'Script requests before LCP, home').pass).toBe(true);
    expect(find(list, 'Script requests before LCP, login').pass).toBe(false);
    expect(find(list, 'Bytes transferred, login').pass).toBe(false);
    expect(find(list, 'DOM elements, login').pass).toBe(true);
  });

  it('fails a page this version could not prepare', () => {
    const run = {
      bundles,
      lighthouse: [
        home({}),
        { name: 'cart', path: '/cart', current: { notComparable: 'member: 500' }, baseline: null },
      ],
    };
    expect(find(targets(run), 'cart').pass).toBe(false);
  });
});

describe('checkout capacity beside the bare server', () => {
  const api = (capacity: number, bare: number) => ({
    bareList: { requestsPerSecond: bare },
    checkout: {
      capacity,
      steps: [
        { overallRate: capacity * 2, held: false, latencyP99Ms: 900, checkoutsPerSecond: capacity, failedCheckouts: 0 },
      ],
    },
  });

  it('states the capacity per 1,000 req/s of the bare server, and holds it to the limit', () => {
    const enough = (limits.checkoutPerThousandBare * 20_000) / 1000;
    expect(checkoutTarget({ api: api(enough, 20_000) })).toMatchObject({ pass: true });
    expect(checkoutTarget({ api: api(enough, 20_000) }).perThousand).toBeCloseTo(limits.checkoutPerThousandBare);
    expect(checkoutTarget({ api: api(enough / 2, 20_000) }).pass).toBe(false);
    // The same capacity on a machine whose bare server is three times slower is three times the ratio.
    expect(checkoutTarget({ api: api(enough / 2, 20_000 / 3) }).pass).toBe(true);
  });

  it('is not measured without the API phase', () => {
    expect(checkoutTarget({}).pass).toBeNull();
  });
});

describe('search capacity beside the bare server', () => {
  const search = (capacity: number) => ({
    capacity,
    steps: [
      { overallRate: capacity, held: true, latencyP99Ms: 20, requestsPerSecond: capacity, non2xx: 0, errors: 0 },
      {
        overallRate: capacity * 2,
        held: false,
        latencyP99Ms: 400,
        requestsPerSecond: capacity * 2,
        non2xx: 0,
        errors: 0,
      },
    ],
  });
  const run = (capacity: number, bare: number, generatedProducts = 10_000) => ({
    generatedProducts,
    bundles,
    api: {
      bareList: { requestsPerSecond: bare },
      productList: { requestsPerSecond: bare, non2xx: 0 },
      productListRatio: 1,
      productListAt1000: { latencyP99Ms: 10, non2xx: 0, requestsPerSecond: 1000 },
      search: search(capacity),
      checkout: { notMeasured: 'not in this test' },
    },
  });
  const name =
    'Search capacity (highest stepped rate of new searches with p99 < 50 ms, PGlite) per 1,000 req/s of the bare server';

  it('states the capacity per 1,000 req/s of the bare server and where it stopped, and holds it to the limit', () => {
    const enough = (limits.searchPerThousandBare * 20_000) / 1000;
    const held = searchTarget(run(enough, 20_000));
    expect(held.pass).toBe(true);
    expect(held.figure).toContain(`${enough} searches/s beside 20000 req/s bare`);
    expect(held.figure).toContain(`at ${enough * 2}/s p99 400 ms`);
    expect(searchTarget(run(enough / 2, 20_000)).pass).toBe(false);
    expect(find(targets(run(enough / 2, 20_000)), name).pass).toBe(false);
  });

  it('is information below 10,000 products, and not measured from an older run of one fixed rate', () => {
    expect(find(targets(run(1, 20_000, 0)), name).pass).toBeNull();
    const older = { api: { bareList: { requestsPerSecond: 20_000 }, search: { latencyP99Ms: 20 } } };
    expect(searchTarget(older)).toMatchObject({ pass: null });
  });
});

describe('the machine’s benchmark index', () => {
  it('is the median of this version’s runs on every page, beside the yardstick, and null without any', () => {
    const page = (...indexes: (number | null)[]) => ({
      current: { all: indexes.map((benchmarkIndex) => ({ benchmarkIndex })) },
    });
    expect(machineBenchmarkIndex({ lighthouse: [page(600, 640, null), page(700, 500)] })).toBe(620);
    expect(machineBenchmarkIndex({ lighthouse: [page(null)] })).toBeNull();
    expect(machineBenchmarkIndex({})).toBeNull();
  });
});

describe('the summary', () => {
  it('shows the yardstick and the baseline beside the Lighthouse figures', () => {
    const run = {
      startedAt: '2026-11-27T00:00:00.000Z',
      durationS: 600,
      commit: 'abc1234',
      baseline: { commit: 'def5678', ref: 'main', missing: {} },
      quick: true,
      machine: {
        node: 'v20',
        cpus: 2,
        cpuModel: 'cpu',
        memoryGb: 8,
        loadAverageAtStart: [0, 0, 0],
        loadAverageAtEnd: [0, 0, 0],
      },
      lighthouseRuns: 1,
      bundles,
      lighthouse: [
        {
          ...home({ tbtMs: 100, mainThreadMs: 1300 }, { tbtMs: 300, mainThreadMs: 1600 }),
          floor: summary({ mainThreadMs: 800 }),
        },
      ],
      api: null,
    };
    const markdown = renderMarkdown({ ...run, targets: targets(run) });
    expect(markdown).toContain('Baseline: def5678');
    expect(markdown).toContain('100 ms (B: 300 ms)');
    expect(markdown).toContain('1300 ms (B: 1600 ms) (F: 800 ms)');
  });
});
