import { type AdminDiscountCode, describeDiscount, discountCodeAdminMessages, formatKina } from '@bilum/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState, Spinner } from '../../../components/ui/states';
import { formatShopDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminCategories } from '../catalogue/categories.api';
import { AdminFooter, AdminPageHeader } from '../shared/AdminFooter';
import { DeleteDialog } from '../shared/DeleteDialog';
import { DiscountCodeDialog } from './DiscountCodeDialog';
import { useDeleteDiscountCode, useDiscountCodes, useSetDiscountCodeActive } from './discount-codes.api';

const footerLinks = [
  { to: '/entry-option', label: 'Entry Option' },
  { to: '/product-inventory', label: 'Product Inventory' },
  { to: '/categories', label: 'Categories' },
  { to: '/', label: 'Shop' },
] as const;

type CodeState = 'active' | 'paused' | 'scheduled' | 'ended' | 'used-up';
const stateLabels: Record<CodeState, { label: string; className: string }> = {
  active: { label: 'Active', className: 'bg-emerald-100 text-emerald-900' },
  paused: { label: 'Paused', className: 'bg-stone-200 text-stone-800' },
  scheduled: { label: 'Scheduled', className: 'bg-sky-100 text-sky-900' },
  ended: { label: 'Ended', className: 'bg-stone-200 text-stone-800' },
  'used-up': { label: 'Used up', className: 'bg-amber-100 text-amber-900' },
};

/** Where the code stands now, as a shopper trying it would find it. */
export function codeState(code: AdminDiscountCode, now: Date = new Date()): CodeState {
  if (!code.active) return 'paused';
  if (code.startsAt && now < new Date(code.startsAt)) return 'scheduled';
  if (code.endsAt && now >= new Date(code.endsAt)) return 'ended';
  if (code.maxUses !== null && code.usesCounted + code.usesHeld >= code.maxUses) return 'used-up';
  return 'active';
}

/** The code's limits in words: minimum spend, dates, uses, and what it applies to. */
function Terms({ code, categoryName }: { code: AdminDiscountCode; categoryName: (slug: string) => string }) {
  const lines: string[] = [];
  if (code.minSpend > 0) lines.push(`Minimum spend ${formatKina(code.minSpend)}`);
  if (code.startsAt) lines.push(`From ${formatShopDateTime(code.startsAt)}`);
  if (code.endsAt) lines.push(`Until ${formatShopDateTime(code.endsAt)}`);
  const scope = [...code.categories.map(categoryName), ...code.productIds.map((id) => `product ${id}`)];
  lines.push(scope.length > 0 ? `Only on ${scope.join(', ')}` : 'On everything but the membership');
  if (code.maxUsesPerShopper !== null) {
    lines.push(`${code.maxUsesPerShopper === 1 ? 'Once' : `${code.maxUsesPerShopper} times`} per shopper`);
  }
  return (
    <ul className="text-sm text-stone-600">
      {lines.map((line) => (
        <li key={line} className="wrap-anywhere">
          {line}
        </li>
      ))}
    </ul>
  );
}

function Uses({ code }: { code: AdminDiscountCode }) {
  const limit = code.maxUses === null ? '' : ` of ${code.maxUses}`;
  return (
    <p className="text-sm text-stone-700">
      <span className="font-semibold text-stone-900">{code.usesCounted}</span> used{limit}
      {code.usesHeld > 0 && <span className="text-muted"> · {code.usesHeld} in unpaid orders</span>}
    </p>
  );
}

/**
 * /discount-codes (issue 30, decision 040; permission "catalog"): the shop's codes with what each gives, its limits
 * and uses; add, edit, pause and resume, and delete one no order has used.
 */
export default function DiscountCodesPage() {
  useDocumentTitle('Discount codes');
  const codes = useDiscountCodes();
  const categories = useAdminCategories();
  const setActive = useSetDiscountCodeActive();
  const [editing, setEditing] = useState<AdminDiscountCode | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminDiscountCode | null>(null);
  const categoryName = (slug: string) =>
    categories.data?.categories.find((category) => category.slug === slug)?.name ?? slug;

  const togglePaused = (code: AdminDiscountCode) => {
    if (setActive.isPending) return;
    setActive
      .mutateAsync({ id: code.id, active: !code.active })
      .then((answer) => toast.success(answer.message))
      .catch((error: Error) => toast.error(error.message));
  };

  return (
    <>
      <div className="mx-auto w-full max-w-5xl px-4 py-8">
        <AdminPageHeader title="Discount codes" back={{ to: '/entry-option', label: 'Back to Entry Option' }} />
        <div className="-mt-3 mb-6 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <p className="max-w-2xl text-sm text-stone-600">
            A code takes a percentage or an amount off, or makes delivery free. How a code meets a member’s prices is
            set on the Settings page. A code an order has used cannot be deleted: pause it instead.
          </p>
          <Button onClick={() => setEditing('new')} className="shrink-0">
            Add a code
          </Button>
        </div>

        {codes.isPending ? (
          <Spinner label="Loading the discount codes…" />
        ) : codes.isError ? (
          <ErrorState message={codes.error.message} onRetry={() => void codes.refetch()} />
        ) : codes.data.codes.length === 0 ? (
          <EmptyState title="No discount codes yet: add the first one." />
        ) : (
          <ul aria-label="Discount codes" className="grid gap-3 md:grid-cols-2">
            {codes.data.codes.map((code) => {
              const state = stateLabels[codeState(code)];
              return (
                <li
                  key={code.id}
                  data-code={code.code}
                  className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-mono text-lg font-bold break-all text-stone-900">{code.code}</p>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${state.className}`}>
                      {state.label}
                    </span>
                  </div>
                  <p className="font-semibold text-brand-800">{describeDiscount(code)}</p>
                  <Terms code={code} categoryName={categoryName} />
                  <Uses code={code} />
                  <div className="mt-auto flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setEditing(code)}
                      aria-label={`Edit ${code.code}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      className="min-w-20"
                      onClick={() => togglePaused(code)}
                      aria-label={`${code.active ? 'Pause' : 'Resume'} ${code.code}`}
                    >
                      {code.active ? 'Pause' : 'Resume'}
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      onClick={() => setDeleting(code)}
                      aria-label={`Delete ${code.code}`}
                    >
                      Delete
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <AdminFooter links={footerLinks} />

      {editing && (
        <DiscountCodeDialog
          key={editing === 'new' ? 'new' : editing.id}
          code={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && <DeleteDiscountCodeDialog code={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}

/** "Delete CODE?": refused (409, its message in a toast) once an order has used the code. */
function DeleteDiscountCodeDialog({ code, onClose }: { code: AdminDiscountCode; onClose: () => void }) {
  const remove = useDeleteDiscountCode();
  return (
    <DeleteDialog
      title={`Delete ${code.code}?`}
      description="Shoppers who type it will be told there is no such code."
      deleted={discountCodeAdminMessages.deleted}
      remove={() => remove.mutateAsync(code.id)}
      onClose={onClose}
    />
  );
}
