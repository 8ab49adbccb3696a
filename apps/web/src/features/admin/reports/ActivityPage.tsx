import { activityEntityTypes, type ActivityEntityType } from '@bilum/shared';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { EmptyState, ErrorState, Spinner } from '../../../components/ui/states';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ActivityItem } from '../shared/ActivityList';
import { AdminFooter, AdminPageHeader } from '../shared/AdminFooter';
import { useActivity } from '../shared/activity.api';

const entityLabels: Record<ActivityEntityType, string> = {
  order: 'Orders',
  product: 'Products',
  category: 'Categories',
  'discount-code': 'Discount codes',
  settings: 'Settings',
  membership: 'Memberships',
  staff: 'Staff',
  'api-key': 'API keys',
  webhook: 'Webhooks',
  customer: 'Customers',
};

const pageSize = 25;

/** /activity: who changed what and when, searchable (issue 21; permission "activity"). */
export default function ActivityPage() {
  useDocumentTitle('Activity');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const type = params.get('type') ?? '';
  const entityType = (activityEntityTypes as readonly string[]).includes(type)
    ? (type as ActivityEntityType)
    : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const activity = useActivity({ q: q || undefined, entityType, page, pageSize });
  const searchId = useId();
  const typeId = useId();

  const update = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    setParams(merged, { replace: true });
  };

  return (
    <>
      <div className="mx-auto w-full max-w-4xl px-4 py-8">
        <AdminPageHeader title="Activity" back={{ to: '/entry-option', label: 'Entry Option' }} />
        <form
          role="search"
          className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            update({ q: text.trim(), page: '' });
          }}
        >
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor={searchId} className="text-sm font-medium text-stone-800">
              Search
            </label>
            <input
              id={searchId}
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="Product, order number, staff name, action…"
              className={inputClass}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={typeId} className="text-sm font-medium text-stone-800">
              Show
            </label>
            <select
              id={typeId}
              value={entityType ?? ''}
              onChange={(event) => update({ type: event.target.value, page: '' })}
              className={inputClass}
            >
              <option value="">Everything</option>
              {activityEntityTypes.map((value) => (
                <option key={value} value={value}>
                  {entityLabels[value]}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="dark">
            Search
          </Button>
        </form>
        {activity.isPending ? (
          <Spinner label="Loading the activity…" />
        ) : activity.isError ? (
          <ErrorState message={activity.error.message} onRetry={() => void activity.refetch()} />
        ) : activity.data.items.length === 0 ? (
          <EmptyState title="Nothing found">
            <p className="text-sm text-stone-600">No recorded change matches. Try another search.</p>
          </EmptyState>
        ) : (
          <>
            <p className="mb-2 text-sm text-stone-600" aria-live="polite">
              {activity.data.total} {activity.data.total === 1 ? 'entry' : 'entries'}, newest first
            </p>
            <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white px-4">
              {activity.data.items.map((entry) => (
                <ActivityItem key={entry.id} entry={entry} />
              ))}
            </ul>
            <nav aria-label="Activity pages" className="mt-4 flex items-center justify-between gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1}
                onClick={() => update({ page: String(page - 1) })}
              >
                Newer
              </Button>
              <span className="text-sm text-stone-600">
                Page {page} of {Math.max(1, Math.ceil(activity.data.total / pageSize))}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={page * pageSize >= activity.data.total}
                onClick={() => update({ page: String(page + 1) })}
              >
                Older
              </Button>
            </nav>
          </>
        )}
      </div>
      <AdminFooter
        links={[
          { to: '/entry-option', label: 'Entry Option' },
          { to: '/', label: 'Shop' },
        ]}
      />
    </>
  );
}
