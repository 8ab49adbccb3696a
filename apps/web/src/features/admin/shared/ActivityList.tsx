import type { ActivityEntityType, ActivityEntry } from '@bilum/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorState, Spinner } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/dates';
import { useActivity } from './activity.api';

const actorKindLabels: Record<ActivityEntry['actor']['kind'], string> = {
  staff: 'Staff',
  'api-key': 'API key',
  shopper: 'Shopper',
  system: 'Shop',
};

/** A before/after value as one short line: objects as "field: value" pairs. */
function describe(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.map(describe).join('; ');
  return Object.entries(value as Record<string, unknown>)
    .map(
      ([key, field]) =>
        `${key}: ${typeof field === 'object' && field !== null ? JSON.stringify(field) : String(field)}`,
    )
    .join(', ');
}

/** One entry: when, who, what; the before/after behind a disclosure. */
export function ActivityItem({ entry }: { entry: ActivityEntry }) {
  const hasChange = entry.before !== null || entry.after !== null;
  return (
    <li className="flex flex-col gap-1 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-medium text-stone-900">{entry.summary}</p>
        <time dateTime={entry.at} className="text-xs text-stone-600">
          {formatDateTime(entry.at)}
        </time>
      </div>
      <p className="text-xs text-stone-600">
        <span className="font-semibold text-stone-700">{entry.actor.name}</span> ({actorKindLabels[entry.actor.kind]}) ·{' '}
        <span className="font-mono">{entry.action}</span>
        {entry.entityId !== null && (
          <>
            {' '}
            · {entry.entityType} {entry.entityId}
          </>
        )}
      </p>
      {hasChange && (
        <details className="text-xs text-stone-700">
          <summary className="cursor-pointer font-medium text-brand-700">Before and after</summary>
          <dl className="mt-1 grid gap-1 rounded-md bg-stone-50 p-2 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">Before</dt>
            <dd className="break-words">{describe(entry.before)}</dd>
            <dt className="font-semibold">After</dt>
            <dd className="break-words">{describe(entry.after)}</dd>
          </dl>
        </details>
      )}
    </li>
  );
}

/**
 * The history of one product or order (issue 21, contracts B): `<ActivityList entityType="order" entityId={id} />`.
 * Newest first, 10 at a time with "Show older".
 */
export function ActivityList({
  entityType,
  entityId,
  title = 'History',
}: {
  entityType: ActivityEntityType;
  entityId: number | string;
  title?: string;
}) {
  const [page, setPage] = useState(1);
  const activity = useActivity({ entityType, entityId: String(entityId), page, pageSize: 10 });
  const headingId = `activity-${entityType}-${entityId}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold uppercase tracking-wide text-stone-600">
        {title}
      </h3>
      {activity.isPending ? (
        <Spinner label="Loading the history…" />
      ) : activity.isError ? (
        <ErrorState message={activity.error.message} onRetry={() => void activity.refetch()} />
      ) : activity.data.items.length === 0 ? (
        <p className="text-sm text-stone-600">No changes recorded yet.</p>
      ) : (
        <>
          <ul className="divide-y divide-stone-100 text-sm">
            {activity.data.items.map((entry) => (
              <ActivityItem key={entry.id} entry={entry} />
            ))}
          </ul>
          <div className="flex gap-2">
            {page > 1 && (
              <Button size="sm" variant="outline" onClick={() => setPage((p) => p - 1)}>
                Newer
              </Button>
            )}
            {page * activity.data.pageSize < activity.data.total && (
              <Button size="sm" variant="outline" onClick={() => setPage((p) => p + 1)}>
                Show older
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
