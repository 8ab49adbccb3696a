import { formatKina, type Product } from '@bilum/shared';
import { Button } from '../../components/ui/button';
import { ProductImage } from '../../components/ui/product-image';
import { FeatureBadges, ProductStatusBadge } from './ProductStatusBadge';
import { AdminTable } from './AdminTable';

interface InventoryListProps {
  products: Product[];
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}

function Prices({ product }: { product: Product }) {
  return (
    <span className="flex flex-col">
      <span className="font-semibold text-stone-900">{formatKina(product.price)}</span>
      {product.originalPrice !== null && (
        <span className="text-xs text-stone-500 line-through">{formatKina(product.originalPrice)}</span>
      )}
    </span>
  );
}

const percentOff = (product: Product) => (product.discountPercentage > 0 ? `${product.discountPercentage}% off` : '—');

function Actions({ product, onEdit, onDelete }: { product: Product } & Omit<InventoryListProps, 'products'>) {
  return (
    <span className="flex gap-2">
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
export function InventoryList({ products, onEdit, onDelete }: InventoryListProps) {
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
          'Condition',
          'Features',
          'Actions',
        ]}
      >
        {products.map((product) => (
          <tr key={product.id} className="align-top">
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
            </td>
            <td className="max-w-64 px-3 py-2 text-stone-600">
              <span className="line-clamp-3">{product.description || 'No description available.'}</span>
            </td>
            <td className="px-3 py-2 capitalize">{product.category}</td>
            <td className="px-3 py-2">
              <Prices product={product} />
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{percentOff(product)}</td>
            <td className="px-3 py-2">
              <ProductStatusBadge status={product.status} />
            </td>
            <td className="px-3 py-2">{product.condition}</td>
            <td className="px-3 py-2">
              <FeatureBadges product={product} />
            </td>
            <td className="px-3 py-2">
              <Actions product={product} onEdit={onEdit} onDelete={onDelete} />
            </td>
          </tr>
        ))}
      </AdminTable>

      <ul className="grid gap-3 sm:grid-cols-2 lg:hidden">
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
                <p className="text-xs capitalize text-stone-500">
                  {product.category} · {product.condition}
                </p>
                <div className="flex items-center gap-2">
                  <Prices product={product} />
                  <span className="text-xs font-semibold text-brand-700">{percentOff(product)}</span>
                </div>
              </div>
            </div>
            <p className="line-clamp-3 text-sm text-stone-600">{product.description || 'No description available.'}</p>
            <div className="flex flex-wrap items-center gap-2">
              <ProductStatusBadge status={product.status} />
              <FeatureBadges product={product} />
            </div>
            <Actions product={product} onEdit={onEdit} onDelete={onDelete} />
          </li>
        ))}
      </ul>
    </>
  );
}
