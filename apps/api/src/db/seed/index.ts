import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { products } from '../schema';
import { insertProducts } from '../../modules/variants/variants.service';
import { seedProducts } from './catalog-data';

/** Loads the demo catalogue once, on the first start of an empty database. Returns whether it seeded. */
export async function seedDemoData(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(products);
    if (count > 0) return false;
    await insertProducts(
      tx,
      seedProducts.map((product, index) => ({
        id: index + 1,
        name: product.name,
        description: product.description,
        category: product.category,
        priceToea: product.priceToea,
        originalPriceToea: product.originalPriceToea,
        discountPercentage: product.discountPercentage,
        condition: product.condition,
        status: product.status,
        stock: product.stock,
        isHot: product.isHot,
        isAuction: product.isAuction,
        isTopPick: product.isTopPick,
        isExclusive: product.isExclusive,
        isMembership: product.isMembership,
        image: product.image,
        galleryImages: product.galleryImages,
      })),
    );
    // Ids were given explicitly; move the identity past them.
    await tx.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))`);
    // The stock log starts with each product's opening figure (issue 18).
    await tx.execute(sql`insert into stock_movements (product_id, variant_id, change, stock_before, stock_after, reason, actor_name)
      select p.id, v.id, v.stock, 0, v.stock, 'created', 'Demo catalogue'
      from products p join product_variants v on v.product_id = p.id where not p.is_membership`);
    return true;
  });
}
