import { type AdminProduct, type AdminVariantStock, discountPercentFor, formatKina, type Product } from '@bilum/shared';
import { Fragment } from 'react';
import { Button } from '../../../components/ui/button';
import { ProductImage } from '../../../components/ui/product-image';
import { FeatureBadges, ProductStatusBadge } from './ProductStatusBadge';
import { AdminTable } from '../shared/AdminTable';
import { useCategoryNames } from './categories.api';
import { StockFigures } from './StockDialogs';
import { VariantStockList } from './VariantStockList';

interface InventoryListProps {
  products: AdminProduct[];
  onEdit: (product: AdminProduct) => void;
  onDelete: (product: AdminProduct) => void;
  /** A product without options, or (issue 30) one variant of a product with options. */
  onRestock: (product: AdminProduct, variant?: AdminVariantStock) => void;
  onStockLog: (product: AdminProduct, variant?: AdminVariantStock) => void;
}

/** A product with options: its stock is its variants', restocked each on its own (issue 30). */
const hasVariants = (product: AdminProduct) => product.variantStock.length > 0;

function Prices({ product }: { product: Product }) {
  return (
    <span className="flex flex-col">
      <span className="font-semibold text-stone-900">{formatKina(product.price)}</span>
      {product.originalPrice !== null && (
        <span className="text-xs text-muted line-through">{formatKina(product.originalPrice)}</span>
      )}
    </span>
  );
}

/** Worked out from the two prices, like every "-N% OFF" badge of the shop; null when nothing is taken off. */
function percentOff(product: Product): string | null {
  const percent = discountPercentFor(product.originalPrice, product.price);
  return percent > 0 ? `${percent}% off` : null;
}

type ListActions = Omit<InventoryListProps, 'products'>;

/**
 * The stock figures with their two actions: Restock (+N) and the movement log. A product with options shows its
 * total and the log of all its variants here; its variants, each with its own Restock, are listed under it.
 */
function Stock({ product, onRestock, onStockLog }: { product: AdminProduct } & ListActions) {
  return (
    <span className="flex flex-col gap-2">
      <StockFigures product={product} />
      {!product.isMembership && (
        <span className="flex flex-wrap items-center gap-2">
          {hasVariants(product) && (
            <span className="text-xs text-muted">{product.variantStock.length} variants below</span>
          )}
          {!hasVariants(product) && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => onRestock(product)}
              aria-label={`Restock ${product.name}`}
            >
              Restock
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            className="underline underline-offset-2"
            onClick={() => onStockLog(product)}
            aria-label={`Stock log of ${product.name}`}
          >
            {hasVariants(product) ? 'Log of all' : 'Log'}
          </Button>
        </span>
      )}
    </span>
  );
}

function Actions({ product, onEdit, onDelete }: { product: AdminProduct } & ListActions) {
  return (
    <span className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={() => onEdit(product)} aria-label={`Edit ${product.name}`}>
        Edit
      </Button>
      <Button size="sm" variant="danger" onClick={() => onDelete(product)} aria-label={`Delete ${product.name}`}>
        Delete
      </Button>
    </span>
  );
}

/** The inventory: a table on wide screens, cards on narrow ones, with every column of the spec. */
export function InventoryList({ products, ...actions }: InventoryListProps) {
  const categoryName = useCategoryNames();
  return (
    <>
      <AdminTable
        columns={[
          'Image',
          'Name',
          'Description',
          'Category',
          'Price',
          'Off',
          'Status',
          'Stock',
          'Condition',
          'Features',
          'Actions',
        ]}
      >
        {products.map((product) => (
          <Fragment key={product.id}>
            {/* A product's variants are the next row: no line between them. */}
            <tr className={hasVariants(product) ? 'border-b-0 align-top' : 'align-top'}>
              <td className="px-3 py-2">
                <ProductImage
                  src={product.image}
                  alt={product.name}
                  width={56}
                  height={56}
                  className="size-14 rounded-md"
                />
              </td>
              <td className="max-w-48 px-3 py-2 font-medium text-stone-900">
                <span className="line-clamp-2">{product.name}</span>
                <span className="font-mono text-xs font-normal text-muted">{product.sku}</span>
              </td>
              <td className="max-w-64 px-3 py-2 text-stone-600">
                <span className="line-clamp-3">{product.description || 'No description available.'}</span>
              </td>
              <td className="px-3 py-2">{categoryName(product.category)}</td>
              <td className="px-3 py-2">
                <Prices product={product} />
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                {percentOff(product) ?? <span aria-label="No discount">—</span>}
              </td>
              <td className="px-3 py-2">
                <ProductStatusBadge status={product.status} />
              </td>
              <td className="px-3 py-2">
                <Stock product={product} {...actions} />
              </td>
              <td className="px-3 py-2">{product.condition}</td>
              <td className="px-3 py-2">
                <FeatureBadges product={product} />
              </td>
              <td className="px-3 py-2">
                <Actions product={product} {...actions} />
              </td>
            </tr>
            {hasVariants(product) && (
              <tr>
                <td aria-hidden="true" />
                <td colSpan={10} className="px-3 pt-0 pb-3">
                  <VariantStockList product={product} onRestock={actions.onRestock} onStockLog={actions.onStockLog} />
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </AdminTable>

      <ul aria-label="Inventory" className="grid gap-3 sm:grid-cols-2 lg:hidden">
        {products.map((product) => (
          <li key={product.id} className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4">
            <div className="flex gap-3">
              <ProductImage
                src={product.image}
                alt={product.name}
                width={80}
                height={80}
                className="size-20 shrink-0 rounded-md"
              />
              <div className="flex min-w-0 flex-col gap-1">
                <h3 className="line-clamp-2 font-semibold text-stone-900">{product.name}</h3>
                <p className="text-xs text-muted">
                  {categoryName(product.category)} · {product.condition} ·{' '}
                  <span className="font-mono">{product.sku}</span>
                </p>
                <div className="flex items-center gap-2">
                  <Prices product={product} />
                  {/* Only a real discount: no stray orange dash beside the price on a narrow screen. */}
                  {percentOff(product) && (
                    <span className="text-xs font-semibold text-brand-700">{percentOff(product)}</span>
                  )}
                </div>
              </div>
            </div>
            <p className="line-clamp-3 text-sm text-stone-600">{product.description || 'No description available.'}</p>
            <div className="flex flex-wrap items-center gap-2">
              <ProductStatusBadge status={product.status} />
              <FeatureBadges product={product} />
            </div>
            <Stock product={product} {...actions} />
            {hasVariants(product) && (
              <VariantStockList product={product} onRestock={actions.onRestock} onStockLog={actions.onStockLog} />
            )}
            <Actions product={product} {...actions} />
          </li>
        ))}
      </ul>
    </>
  );
}
