// Run by scripts/bench.mjs before the bench server starts (PGlite allows one process at a time): migrates a fresh
// data folder, loads the demo catalogue, and adds one "bench" product with a million in stock, because every
// checkout of the load test takes a unit. With a count (`--catalogue N`), adds that many generated products first
// (generated-catalogue.ts). Prints the product's id as JSON on stdout.
import { openDatabase } from '../../apps/api/src/db/client';
import { seedDemoData } from '../../apps/api/src/db/seed';
import { insertProduct } from '../../apps/api/src/modules/variants/variants.service';
import { addGeneratedProducts } from './generated-catalogue';

const BENCH_STOCK = 1_000_000;

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: prepare-db.ts <data dir> [generated product count]');
const generatedCount = Number(process.argv[3] ?? 0);
if (!Number.isSafeInteger(generatedCount) || generatedCount < 0) throw new Error('the product count must be 0 or more');

const database = await openDatabase({ dataDir });
await database.migrate();
await seedDemoData(database.db);
const generated = generatedCount > 0 ? await addGeneratedProducts(database.db, generatedCount) : 0;
const product = await insertProduct(database.db, {
  name: 'Bench test cable',
  description: 'A product for the load test: plenty of stock, so every checkout of the benchmark can succeed.',
  category: 'accessories',
  priceToea: 1_500,
  condition: 'New',
  status: 'active',
  stock: BENCH_STOCK,
  image: '/images/products/anker-65w-usb-c-fast-charger.svg',
});
await database.close();
process.stdout.write(`${JSON.stringify({ benchProductId: product.id, stock: BENCH_STOCK, generated })}\n`);
