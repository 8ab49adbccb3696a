import type { ReactNode } from 'react';
import { useStartupT } from '../../i18n/react';
import { Button } from './button';

/** A wait in progress; by default it reads "Loading…". */
export function Spinner({ label }: { label?: string }) {
  const t = useStartupT();
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10 text-stone-600">
      <span className="size-5 animate-spin rounded-full border-2 border-stone-300 border-t-brand-600" aria-hidden />
      <span>{label ?? t('ui.loading')}</span>
    </div>
  );
}

export function ErrorState({
  message,
  onRetry,
  children,
}: {
  message: string;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  const t = useStartupT();
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-xl border border-red-200 bg-red-50 p-6 text-center"
    >
      <p className="font-medium text-red-800">{message}</p>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          {t('ui.tryAgain')}
        </Button>
      )}
      {children}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center">
      <p className="text-lg font-semibold text-stone-800">{title}</p>
      {children}
    </div>
  );
}
