// `npm run bench -- --catalogue N` (issue 20, decision 014): N generated products added to the bench's fresh database
// beside the demo catalogue, so the storefront is measured at the size a PNG retailer reaches. Names and descriptions
// are built from real product words (brands, models, features, places), so a search for a word of the descriptions
// finds a realistic share of them. Deterministic: the same N gives the same products.
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client';
import { type NewProductRow } from '../../apps/api/src/db/schema';
import { insertProducts } from '../../apps/api/src/modules/variants/variants.service';
import { seedProducts } from '../../apps/api/src/db/seed/catalog-data';

type Category = NewProductRow['category'];

const kinds: Record<string, { brands: string[]; things: string[]; specs: string[] }> = {
  phones: {
    brands: ['Samsung', 'Tecno', 'Infinix', 'Huawei', 'Itel', 'Xiaomi', 'Oppo', 'Vivo', 'Nokia', 'Apple'],
    things: ['Galaxy', 'Spark', 'Hot', 'Nova', 'Redmi', 'Reno', 'Camon', 'Note', 'iPhone', 'Pop'],
    specs: ['64GB', '128GB', '256GB', 'Dual SIM', '4G', '5G', '6.6 inch', '5000mAh'],
  },
  computers: {
    brands: ['HP', 'Dell', 'Lenovo', 'Acer', 'Asus', 'Apple', 'Epson', 'Canon', 'Huawei', 'TP-Link'],
    things: ['Laptop', 'Desktop', 'Monitor', 'Printer', 'Router', 'Tablet', 'Chromebook', 'Notebook', 'Keyboard'],
    specs: ['Core i3', 'Core i5', 'Core i7', 'Ryzen 5', '8GB RAM', '16GB RAM', '512GB SSD', '24 inch', 'Wi-Fi 6'],
  },
  cameras: {
    brands: ['Canon', 'Nikon', 'Sony', 'GoPro', 'DJI', 'Hikvision', 'Fujifilm', 'Insta360'],
    things: ['DSLR', 'Mirrorless', 'Action Camera', 'Drone', 'CCTV Kit', 'Bullet Camera', 'Compact Camera', 'Lens'],
    specs: ['4K', '24MP', '18-55mm', 'Night Vision', 'Waterproof', 'Gimbal', '1TB DVR', 'Zoom'],
  },
  vehicles: {
    brands: ['Toyota', 'Nissan', 'Mitsubishi', 'Isuzu', 'Honda', 'Yamaha', 'Suzuki', 'Mazda', 'Ford'],
    things: ['Hilux', 'Land Cruiser', 'Navara', 'Triton', 'D-Max', 'Motorbike', 'Dinghy Motor', 'Ranger', 'Hiace'],
    specs: ['Diesel', '4x4', 'Manual', 'Automatic', 'Double Cab', '150cc', '40HP', 'Low kilometres'],
  },
  accessories: {
    brands: ['Anker', 'Samsung', 'JBL', 'Sony', 'Xiaomi', 'Baseus', 'Huawei', 'Oraimo', 'SanDisk', 'Logitech'],
    things: ['Charger', 'Power Bank', 'Speaker', 'Headphones', 'Earbuds', 'Cable', 'Memory Card', 'Mouse', 'Solar Kit'],
    specs: ['65W', 'USB-C', 'Bluetooth', '20000mAh', 'Fast charging', '128GB', 'Noise cancelling', 'Waterproof'],
  },
};

const openings = [
  'Reliable and tough',
  'Popular in Port Moresby',
  'Great value',
  'Built for daily use',
  'Lightweight and strong',
  'Trusted by families',
  'Fresh stock',
  'Made to last',
];
const uses = [
  'for the office, school and the village',
  'for Highlands roads and coastal humidity',
  'for travel between Lae, Mount Hagen and Madang',
  'for small businesses and market sellers',
  'for church groups, schools and clinics',
  'for fishing trips and island hopping',
  'for students studying at UPNG or Unitech',
  'for the PMV ride and long days in town',
];
const extras = [
  'Comes with a local warranty and free setup in store.',
  'Battery lasts through a power cut.',
  'Works well on Digicel and bmobile networks.',
  'Collect in Boroko or have it delivered to your province.',
  'Includes a protective case and spare parts.',
  'Solar friendly and easy to repair.',
  'Genuine product checked by our technicians.',
  'Popular gift for graduations and bride price celebrations.',
];
const conditions = ['New', 'New', 'New', 'Refurbished', 'Pre-owned/Working fine'];

/** A small fast deterministic random number generator (mulberry32). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `count` products to add to a catalogue (the demo's pictures of the same category, prices K5 to K150,000). */
export function generatedProducts(count: number, seed = 20): NewProductRow[] {
  const next = random(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const categories = Object.keys(kinds) as Category[];
  const pictures = new Map<string, string[]>();
  for (const product of seedProducts) {
    if (product.isMembership) continue;
    pictures.set(product.category, [...(pictures.get(product.category) ?? []), product.image]);
  }
  const rows: NewProductRow[] = [];
  for (let index = 0; index < count; index += 1) {
    const category = pick(categories);
    const kind = kinds[category]!;
    const model = `${pick(['A', 'X', 'S', 'G', 'Pro ', 'Max ', ''])}${Math.floor(next() * 90) + 10}`;
    const name = `${pick(kind.brands)} ${pick(kind.things)} ${model} ${pick(kind.specs)}`;
    const description = `${pick(openings)} ${name.split(' ')[1]} ${uses[index % uses.length]}. ${pick(kind.specs)}, ${pick(kind.specs)}. ${pick(extras)}`;
    // Prices spread over the three bands (log-uniform), vehicles dearer.
    const low = category === 'vehicles' ? 500_000 : 500;
    const high = category === 'vehicles' ? 15_000_000 : 600_000;
    const priceToea = Math.max(
      500,
      Math.round(Math.exp(Math.log(low) + next() * (Math.log(high) - Math.log(low))) / 500) * 500,
    );
    const onSale = next() < 0.2;
    rows.push({
      name,
      sku: `GEN-${String(index + 1).padStart(6, '0')}`,
      description,
      category,
      priceToea,
      originalPriceToea: onSale ? Math.round((priceToea * 1.25) / 100) * 100 : null,
      discountPercentage: onSale ? 20 : 0,
      condition: pick(conditions),
      status: next() < 0.03 ? 'inactive' : 'active',
      stock: next() < 0.08 ? 0 : Math.floor(next() * 40) + 1,
      isHot: next() < 0.1,
      isAuction: next() < 0.05,
      isTopPick: next() < 0.08,
      isExclusive: next() < 0.03,
      image: pick(pictures.get(category) ?? ['/images/products/anker-65w-usb-c-fast-charger.svg']),
      galleryImages: [],
    });
  }
  return rows;
}

/** Adds `count` generated products to the database, in batches. */
export async function addGeneratedProducts(db: Database, count: number): Promise<number> {
  const rows = generatedProducts(count);
  for (let start = 0; start < rows.length; start += 500) {
    await db.transaction((tx) => insertProducts(tx, rows.slice(start, start + 500)));
  }
  await db.execute(sql`analyze products`);
  await db.execute(sql`analyze product_variants`);
  return rows.length;
}

/** A word that the generated descriptions use, for the bench's search measurement. */
export const benchSearchWords = [
  'reliable',
  'highlands',
  'warranty',
  'solar',
  'battery',
  'office',
  'students',
  'fishing',
];
