import fc from 'fast-check';
import { describe, it } from 'vitest';
import { type ModelOrder, type ModelSkip, OrderModelWorld } from '../../test/order-model-world';

/*
 * The model-based test of the order lifecycle (issue 27, decision 023). fast-check drives random sequences of
 * shopper and staff actions through the real API (`app.inject`): orders paid by card (the test-card simulator), by
 * bank transfer (in part, exactly, over) and at the pickup counter, with Premium in the order or bought on the
 * membership page, delivered or picked up, with or without a discount code (issue 30, a few uses each); staff move
 * them on, cancel them and refund lines or amounts; time passes and the shop's jobs expire holds. After every step
 * the world checks (order-model-world.ts): units on hand + held + sold per product equal the stock there was and the
 * movement log; money received less refunded equals net sales
 * (sales CSV and orders CSV) plus what is owed back; no payment takes an amount other than the order's quote when it
 * is paid; each paid sale has exactly one invoice number; every e-mail's figures are the order's; each code's use moves
 * with its order and no code is used more than it allows.
 *
 * ORDER_MODEL_SECONDS: how long to look (default 15 s, to keep the suite lean; 60 s on PGlite and on PostgreSQL
 * found nothing once the two bugs below were fixed or skipped). ORDER_MODEL_SEED: replay a failure (the seed and
 * path are printed). ORDER_MODEL_SKIP: a comma list of checks to leave out; `premium-page` leaves Premium bought on
 * the membership page out of the books and invoice checks. It was the default while that bug was being fixed on
 * branch h/premium; since h/premium is merged (Premium bought by card is a paid one-line order) nothing is skipped.
 *
 * Found so far: a part-paid bank transfer that ended unpaid kept its money with no way to refund it (fixed: refund
 * from ended-unpaid, ended-unpaid-refunds.test.ts); Premium bought on the page was missing from the books and had no
 * invoice number (fixed on h/premium).
 */

const seconds = Number(process.env.ORDER_MODEL_SECONDS ?? 15);
const seed = process.env.ORDER_MODEL_SEED ? Number(process.env.ORDER_MODEL_SEED) : Date.now() % 2_147_483_647;
const skip = new Set(
  (process.env.ORDER_MODEL_SKIP ?? '')
    .split(',')
    .map((each) => each.trim())
    .filter(Boolean) as ModelSkip[],
);

/** The model fast-check keeps: only whether any order exists yet (the world holds the ledger). */
interface Model {
  orders: number;
}

type Step = fc.AsyncCommand<Model, OrderModelWorld>;

/** An order of the world picked by a random number, with the way to pay the command needs (any when omitted). */
function pick(world: OrderModelWorld, index: number, method?: ModelOrder['method']): ModelOrder | undefined {
  const candidates = method ? world.orders.filter((order) => order.method === method) : world.orders;
  if (candidates.length === 0) return undefined;
  // Half the time one of the two newest, so an order is often taken through several steps in a row.
  const recent = index % 2 === 0;
  const count = recent ? Math.min(2, candidates.length) : candidates.length;
  return candidates[candidates.length - count + (Math.floor(index / 2) % count)];
}

function command(name: string, act: (world: OrderModelWorld, model: Model) => Promise<void>): Step {
  return {
    check: () => true,
    async run(model, world) {
      const started = Date.now();
      await act(world, model);
      model.orders = world.orders.length;
      const acted = Date.now();
      await world.checkInvariants();
      if (process.env.ORDER_MODEL_VERBOSE) world.note(`  (${acted - started} ms, checks ${Date.now() - acted} ms)`);
    },
    toString: () => name,
  };
}

const lines = fc.array(fc.record({ product: fc.nat(2), quantity: fc.integer({ min: 1, max: 3 }) }), {
  minLength: 1,
  maxLength: 2,
});

const place = fc
  .record({
    shopper: fc.option(fc.nat(1), { nil: null }),
    method: fc.constantFrom('card', 'bank-transfer', 'pickup') as fc.Arbitrary<ModelOrder['method']>,
    lines,
    premium: fc.boolean(),
    replaces: fc.boolean(),
    where: fc.constantFrom('ncd', 'morobe', 'pickup') as fc.Arbitrary<'ncd' | 'morobe' | 'pickup'>,
    code: fc.boolean(),
  })
  .map((input) => {
    // Guests cannot buy Premium (it needs an account), and pay at pickup is for pickup orders only.
    const order = {
      ...input,
      premium: input.premium && input.shopper !== null,
      where: input.method === 'pickup' ? ('pickup' as const) : input.where,
    };
    return command(`place(${JSON.stringify(order)})`, (world) => world.placeOrder(order));
  });

const payByCard = fc
  .tuple(fc.nat(), fc.constantFrom('succeeds', 'succeeds', 'declined') as fc.Arbitrary<'succeeds' | 'declined'>)
  .map(([index, outcome]) =>
    command(`payByCard(${index}, ${outcome})`, async (world) => {
      const order = pick(world, index, 'card');
      if (order) await world.payByCard(order, outcome);
    }),
  );

const recordTransfer = fc
  .tuple(fc.nat(), fc.constantFrom('part', 'part', 'exact', 'over') as fc.Arbitrary<'part' | 'exact' | 'over'>)
  .map(([index, kind]) =>
    command(`recordTransfer(${index}, ${kind})`, async (world) => {
      const order = pick(world, index, 'bank-transfer');
      if (order) await world.recordTransfer(order, kind);
    }),
  );

const collectAtCounter = fc
  .tuple(fc.nat(), fc.constantFrom('cash', 'eftpos') as fc.Arbitrary<'cash' | 'eftpos'>)
  .map(([index, method]) =>
    command(`collectAtCounter(${index}, ${method})`, async (world) => {
      const order = pick(world, index, 'pickup');
      if (order) await world.collectAtCounter(order, method);
    }),
  );

const setStatus = fc
  .tuple(
    fc.nat(),
    fc.constantFrom('Processing', 'Dispatched', 'Delivered', 'Cancelled', 'Cancelled') as fc.Arbitrary<
      'Processing' | 'Dispatched' | 'Delivered' | 'Cancelled'
    >,
  )
  .map(([index, status]) =>
    command(`setStatus(${index}, ${status})`, async (world) => {
      const order = pick(world, index);
      if (order) await world.setStatus(order, status);
    }),
  );

const refund = fc
  .tuple(fc.nat(), fc.constantFrom('lines', 'part', 'rest') as fc.Arbitrary<'lines' | 'part' | 'rest'>, fc.boolean())
  .map(([index, kind, restock]) =>
    command(`refund(${index}, ${kind}, ${restock})`, async (world) => {
      const order = pick(world, index);
      if (order) await world.refund(order, kind, restock);
    }),
  );

const advance = fc
  .constantFrom(5, 20, 6 * 60, 47 * 60, 49 * 60, 3 * 24 * 60)
  .map((minutes) => command(`advance(${minutes} min)`, (world) => world.advance(minutes)));

const buyPremiumOnPage = fc
  .nat(1)
  .map((shopper) => command(`buyPremiumOnPage(${shopper})`, (world) => world.buyPremiumOnPage(shopper)));

/** Drawn uniformly from this list: orders and their payments and refunds come up more often than the rest. */
/** Issue 28: a guest confirms a bank-transfer or pickup order from its e-mail's link. */
const confirmHold = fc.nat().map((index) =>
  command(`confirmHold(${index})`, async (world) => {
    const order = pick(world, index, index % 2 === 0 ? 'bank-transfer' : 'pickup');
    if (order && order.cookie === null) await world.confirmHold(order);
  }),
);

const commands = [
  place,
  place,
  place,
  payByCard,
  payByCard,
  recordTransfer,
  recordTransfer,
  collectAtCounter,
  confirmHold,
  setStatus,
  setStatus,
  refund,
  refund,
  advance,
  advance,
  buyPremiumOnPage,
];

describe('the order lifecycle model (issue 27)', () => {
  it(
    `keeps stock, money, quotes, invoices and e-mails true over random shopper and staff actions (${seconds} s, seed ${seed})`,
    async () => {
      console.log(`order model: seed ${seed}, ${seconds} s, skipping [${[...skip].join(', ')}]`);
      // One property run per seed (seed, seed + 1, ...) until the time is up, each bounded by maxCommands, in one
      // shop (each run with its own products and shoppers): the wall time is the budget plus at most one run (and its
      // shrinking). A failure names its seed: ORDER_MODEL_SEED replays it first.
      const until = Date.now() + seconds * 1_000;
      let world = await OrderModelWorld.create(skip);
      // A failed run leaves a shop whose books no longer add up: shrinking replays the steps in a new shop.
      let spoilt = false;
      let runs = 0;
      try {
        do {
          const runSeed = (seed + runs) % 2_147_483_647;
          runs += 1;
          await fc.assert(
            fc.asyncProperty(fc.commands(commands, { maxCommands: 30, size: 'large' }), async (steps) => {
              if (spoilt) {
                await world.close();
                world = await OrderModelWorld.create(skip);
                spoilt = false;
              }
              await world.beginRun();
              try {
                await fc.asyncModelRun(() => ({ model: { orders: 0 }, real: world }), steps);
              } catch (error) {
                spoilt = true;
                throw new Error(
                  `ORDER_MODEL_SEED=${runSeed}: ${(error as Error).message}\nsteps:\n  ${world.log.join('\n  ')}`,
                  { cause: error },
                );
              } finally {
                if (process.env.ORDER_MODEL_VERBOSE) console.log(`seed ${runSeed}:\n  ${world.log.join('\n  ')}`);
              }
            }),
            // Shrinking replays the failing steps as new runs: bounded so a failure is reported in minutes.
            { seed: runSeed, numRuns: 1, interruptAfterTimeLimit: 120_000, markInterruptAsFailure: true },
          );
        } while (Date.now() < until);
      } finally {
        console.log(`order model: checked ${JSON.stringify(world.checked)} (the sales counted at each step)`);
        await world.close();
      }
      console.log(`order model: ${runs} runs in ${seconds} s found nothing (seed ${seed})`);
    },
    seconds * 1_000 + 180_000,
  );
});
