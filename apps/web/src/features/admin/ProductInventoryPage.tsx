import { inventoryMessages, inventoryStats, type Product, searchInventory } from '@bilum/shared';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/states';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAdminProducts, useDeleteProduct } from './admin.api';
import { AdminFooter, AdminPageHeader, AdminSearch } from './AdminFooter';
import { EditProductDialog } from './EditProductDialog';
import { InventoryList } from './InventoryList';
import { StatCard } from './StatCard';

const footerLinks = [
  { to: '/entry-option', label: 'Entry Option' },
  { to: '/product-entry', label: 'Add New Product' },
  { to: '/order-inventory', label: 'Order Inventory' },
  { to: '/member-status', label: 'Member Status' },
  { to: '/', label: 'Shop' },
] as const;

/** The list's failure in the spec's words: a network message, or the server's own. */
function listFailure(error: Error): string {
  if (error instanceof ApiError && error.isNetwork) return inventoryMessages.networkError;
  return error.message || inventoryMessages.fetchFailedToast;
}

/** /product-inventory: stat cards, search, the list, and the edit and delete dialogs. */
export default function ProductInventoryPage() {
  useDocumentTitle('Product Inventory');
  const products = useAdminProducts();
  const [term, setTerm] = useState('');
  const [editing, setEditing] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const all = useMemo(() => products.data ?? [], [products.data]);
  const shown = useMemo(() => searchInventory(all, term), [all, term]);
  const stats = inventoryStats(all);

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
            <Button asChild>
              <Link to="/product-entry">Add New Product</Link>
            </Button>
          }
        />

        <section aria-label="Inventory figures" className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <StatCard label="Total Products" value={stats.totalProducts} />
          <StatCard label="Active Listings" value={stats.activeListings} tone="green" />
          <StatCard label="Sold Items" value={stats.soldItems} tone="red" />
          <StatCard label="Hot Deals" value={stats.hotDeals} tone="brand" />
          <StatCard label="Auction Items" value={stats.auctionItems} tone="blue" />
          <StatCard label="Top Picks" value={stats.topPicks} tone="yellow" />
        </section>

        <AdminSearch
          id="inventory-search"

          label="Search products"

          value={term}

          onChange={setTerm}

          placeholder="Search products by name or category..."
        />

        {products.isPending ? (
          <Spinner label="Loading products…" />
        ) : products.isError ? (
          <ErrorState message={listFailure(products.error)}>
            <Button variant="outline" onClick={() => void products.refetch()}>
              {inventoryMessages.retry}
            </Button>
          </ErrorState>
        ) : all.length === 0 ? (
          <EmptyState title={inventoryMessages.noProducts}>
            <Button asChild>
              <Link to="/product-entry">{inventoryMessages.addFirst}</Link>
            </Button>
          </EmptyState>
        ) : shown.length === 0 ? (
          <EmptyState title={inventoryMessages.noMatch(term.trim())}>
            <Button variant="outline" onClick={() => setTerm('')}>
              Clear Search
            </Button>
          </EmptyState>
        ) : (
          <InventoryList products={shown} onEdit={setEditing} onDelete={setDeleting} />
        )}
      </div>
      <AdminFooter links={footerLinks} />

      {editing && <EditProductDialog key={editing.id} product={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteProductDialog product={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}

/** "Confirm Deletion": the product is archived on the server, so orders that refer to it stay intact. */
function DeleteProductDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const remove = useDeleteProduct();
  const confirm = () =>
    remove.mutate(product.id, {
      onSuccess: () => {
        toast.success(inventoryMessages.deleted);
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.isNetwork) {
          toast.error(inventoryMessages.deleteNetworkTitle, { description: inventoryMessages.deleteNetworkText });
        } else {
          toast.error(inventoryMessages.deleteFailed, {
            description: error instanceof ApiError && error.message ? error.message : inventoryMessages.deleteUnknown,
          });
        }
      },
    });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={inventoryMessages.confirmDeletionTitle}
      description={inventoryMessages.confirmDeletion(product.name)}
    >
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting…' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
