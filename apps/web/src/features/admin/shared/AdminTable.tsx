import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export interface AdminColumn {
  label: string;
  className?: string;
}

/** The wide-screen table of the admin lists (narrow screens show cards instead): headings, then the rows. */
export function AdminTable({ columns, children }: { columns: readonly (string | AdminColumn)[]; children: ReactNode }) {
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-stone-200 bg-white lg:block">
      <table className="w-full text-left text-sm">
        <thead className="bg-stone-100 text-xs uppercase tracking-wide text-stone-600">
          <tr>
            {columns.map((column) => {
              const { label, className } = typeof column === 'string' ? { label: column, className: '' } : column;
              return (
                <th key={label} className={cn('px-3 py-2', className)}>
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">{children}</tbody>
      </table>
    </div>
  );
}
