import type { SetupChecklist as Checklist } from '@bilum/shared';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { LineIcon } from '../../../components/ui/icons';
import { api } from '../../../lib/api-client';

export const setupKey = ['admin', 'setup'] as const;

/** The setup checklist (issue 27); the settings pages' saves make it stale, so it is read again on each visit. */
export function useSetupChecklist(enabled: boolean) {
  return useQuery({
    queryKey: setupKey,
    queryFn: ({ signal }) => api<Checklist>('/admin/setup', { signal }),
    enabled,
    staleTime: 0,
  });
}

const DoneIcon = () => (
  <LineIcon className="size-5 shrink-0 text-emerald-700">
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </LineIcon>
);
const ToDoIcon = () => (
  <LineIcon className="size-5 shrink-0 text-amber-700">
    <circle cx="12" cy="12" r="8" />
  </LineIcon>
);

/**
 * "Set up your shop for PNG": what a new shop lacks before it sells (its own details and TIN, a way to pay without
 * a card, the bank account, delivery), on the admin's first screen until every item is done.
 */
export function SetupChecklist({ enabled }: { enabled: boolean }) {
  const checklist = useSetupChecklist(enabled);
  const headingId = useId();
  if (!checklist.data || checklist.data.done) return null;
  const left = checklist.data.items.filter((item) => !item.done).length;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-amber-300 bg-amber-50 p-5">
      <h2 id={headingId} className="text-lg font-semibold text-stone-900">
        Set up your shop for Papua New Guinea
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        {left === 1 ? '1 step left' : `${left} steps left`} before shoppers see your shop as it should be.
      </p>
      <ul className="mt-4 flex flex-col divide-y divide-amber-200">
        {checklist.data.items.map((item) => (
          <li key={item.key} className="flex gap-3 py-3 first:pt-0 last:pb-0">
            {item.done ? <DoneIcon /> : <ToDoIcon />}
            <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
              <div className="min-w-0">
                <p className="font-medium text-stone-900">
                  {item.label}
                  <span className="sr-only">{item.done ? ' (done)' : ' (to do)'}</span>
                </p>
                <p className="text-sm text-stone-700">{item.hint}</p>
              </div>
              {!item.done && (
                <Link
                  to={item.href}
                  className="shrink-0 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
                >
                  Set up<span className="sr-only"> {item.label.toLowerCase()}</span>
                </Link>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
