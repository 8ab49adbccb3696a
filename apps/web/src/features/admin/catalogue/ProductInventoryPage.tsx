import { type AdminProduct, type AdminVariantStock, inventoryMessages, type Product } from '@bilum/shared';
import { useDeferredValue, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState, Spinner } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminProducts, useDeleteProduct } from './catalogue.api';
import { CatalogImportDialog } from './CatalogImportDialog';
import { type InventoryFilters, InventoryPager, InventoryToolbar, noInventoryFilters } from './InventoryToolbar';
import { AdminFooter, AdminPageHeader, AdminSearch } from '../shared/AdminFooter';
import { EditProductDialog } from './EditProductDialog';
import { InventoryList } from './InventoryList';
import { RestockDialog, StockLogDialog } from './StockDialogs';
import { DeleteDialog } from '../shared/DeleteDialog';
import { StatCard } from '../shared/StatCard';

const footerLinks = [
  { to: '/entry-option', label: 'Entry Option' },
  { to: '/product-entry', label: 'Add New Product' },
  { to: '/order-inventory', label: 'Order Inventory' },
  { to: '/member-status', label: 'Member Status' },
  { to: '/', label: 'Shop' },
] as const;

interface StockTarget {
  product: AdminProduct;
  variant: AdminVariantStock | null;
}

/** The list's failure in the spec's words: a network message, or the server's own. */
function listFailure(error: Error): string {
  if (error instanceof ApiError && error.isNetwork) return inventoryMessages.networkError;
  return error.message || inventoryMessages.fetchFailedToast;
}

/** /product-inventory: stat cards, search, the list, and the edit and delete dialogs. */
export default function ProductInventoryPage() {
  useDocumentTitle('Product Inventory');
  const [term, setTerm] = useState('');
  // The server searches, sorts, filters and pages (issue 18): the catalogue may hold thousands of products.
  const [filters, setFilters] = useState<InventoryFilters>(noInventoryFilters);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const searched = useDeferredValue(term.trim());
  const products = useAdminProducts({ ...filters, q: searched, page, pageSize });
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);
  // A product, and for a product with options the variant (issue 30).
  const [restocking, setRestocking] = useState<StockTarget | null>(null);
  const [stockLog, setStockLog] = useState<StockTarget | null>(null);
  const shown = products.data?.items ?? [];
  const stats = products.data?.stats;
  const total = products.data?.total ?? 0;
  const filtering = searched !== '' || Boolean(filters.category || filters.status || filters.stock || filters.flag);
  // A new search or filter starts at the first page.
  useEffect(() => setPage(1), [searched, filters, pageSize]);
  // A page emptied by deletes or filters elsewhere goes back to the last page that has products.
  useEffect(() => {
    if (products.data && shown.length === 0 && total > 0 && page > 1) setPage(Math.ceil(total / pageSize));
  }, [products.data, shown.length, total, page, pageSize]);

  // One toast per failed load, as the spec's page does.
  useEffect(() => {
    if (!products.error) return;
    if (products.error instanceof ApiError && products.error.isNetwork) {
      toast.error(inventoryMessages.networkToastTitle, { description: inventoryMessages.networkToastText });
    } else {
      toast.error(inventoryMessages.fetchFailedToast, { description: products.error.message });
    }
  }, [products.error, products.errorUpdatedAt]);

  return (
    <>
      <div className="mx-auto w-full max-w-7xl px-4 py-8">
        <AdminPageHeader
          title="Product Inventory"
          back={{ to: '/entry-option', label: 'Back to Entry Option' }}
          actions={
            <>
              <Button variant="outline" asChild>
                <a href="/api/admin/products/export" download>
                  Export CSV
                </a>
              </Button>
              <Button variant="outline" onClick={() => setImporting(true)}>
                Import CSV
              </Button>
              <Button asChild>
                <Link to="/product-entry">Add New Product</Link>
              </Button>
            </>
          }
        />

        {stats && (
          <section aria-label="Inventory figures" className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            <StatCard label="Total Products" value={stats.totalProducts} />
            <StatCard label="Active Listings" value={stats.activeListings} tone="green" />
            <StatCard label="Sold Items" value={stats.soldItems} tone="red" />
            <StatCard label="Hot Deals" value={stats.hotDeals} tone="brand" />
            <StatCard label="Auction Items" value={stats.auctionItems} tone="blue" />
            <StatCard label="Top Picks" value={stats.topPicks} tone="yellow" />
            <StatCard label="Exclusive Member" value={stats.exclusiveOffers} tone="brand" />
            <StatCard label="Low Stock" value={stats.lowStock} tone="yellow" />
            <StatCard label="Out of Stock" value={stats.outOfStock} tone="red" />
          </section>
        )}

        <AdminSearch
          id="inventory-search"

          label="Search products"

          value={term}

          onChange={setTerm}

          placeholder="Search products by name or category..."
        />
        <InventoryToolbar filters={filters} onChange={setFilters} />

        {products.isPending ? (
          <Spinner label="Loading products…" />
        ) : products.isError ? (
          <ErrorState message={listFailure(products.error)}>
            <Button variant="outline" onClick={() => void products.refetch()}>
              {inventoryMessages.retry}
            </Button>
          </ErrorState>
        ) : stats?.totalProducts === 0 ? (
          <EmptyState title={inventoryMessages.noProducts}>
            <Button asChild>
              <Link to="/product-entry">{inventoryMessages.addFirst}</Link>
            </Button>
          </EmptyState>
        ) : shown.length === 0 && filtering ? (
          <EmptyState title={searched ? inventoryMessages.noMatch(searched) : 'No products match these filters.'}>
            <Button
              variant="outline"
              onClick={() => {
                setTerm('');
                setFilters(noInventoryFilters);
              }}
            >
              {searched ? 'Clear Search' : 'Clear filters'}
            </Button>
          </EmptyState>
        ) : (
          <>
            <InventoryList
              products={shown}
              onEdit={setEditing}
              onDelete={setDeleting}
              onRestock={(product, variant) => setRestocking({ product, variant: variant ?? null })}
              onStockLog={(product, variant) => setStockLog({ product, variant: variant ?? null })}
            />
            <InventoryPager page={page} pageSize={pageSize} total={total} onPage={setPage} onPageSize={setPageSize} />
          </>
        )}
      </div>
      <AdminFooter links={footerLinks} />

      {editing && <EditProductDialog key={editing.id} product={editing} onClose={() => setEditing(null)} />}
      {restocking && <RestockDialog {...restocking} onClose={() => setRestocking(null)} />}
      {stockLog && <StockLogDialog {...stockLog} onClose={() => setStockLog(null)} />}
      {deleting && <DeleteProductDialog product={deleting} onClose={() => setDeleting(null)} />}
      {importing && <CatalogImportDialog onClose={() => setImporting(false)} />}
    </>
  );
}

/** A failed delete in the spec's words: the network's, or the server's reason. */
function deleteFailed(error: Error) {
  if (error instanceof ApiError && error.isNetwork) {
    toast.error(inventoryMessages.deleteNetworkTitle, { description: inventoryMessages.deleteNetworkText });
  } else {
    toast.error(inventoryMessages.deleteFailed, {
      description: error instanceof ApiError && error.message ? error.message : inventoryMessages.deleteUnknown,
    });
  }
}

/** "Confirm Deletion": the product is archived on the server, so orders that refer to it stay intact. */
function DeleteProductDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const remove = useDeleteProduct();
  return (
    <DeleteDialog
      title={inventoryMessages.confirmDeletionTitle}
      description={inventoryMessages.confirmDeletion(product.name)}
      deleted={inventoryMessages.deleted}
      remove={() => remove.mutateAsync(product.id)}
      onClose={onClose}
      onError={deleteFailed}
      keepOpenOnError
    />
  );
}
