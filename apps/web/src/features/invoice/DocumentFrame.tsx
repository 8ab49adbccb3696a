import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { ErrorState, Spinner } from '../../components/ui/states';
import { ApiError } from '../../lib/api-client';
import type { Translate } from '../../i18n/i18n';
import { useT } from '../../i18n/react';

/** Why a document cannot be shown, in words for the reader (unpaid: the invoice comes with the payment). */
export function documentError(error: unknown, t: Translate): string {
  if (error instanceof ApiError && error.status === 409) return t('invoice.notPaid');
  if (error instanceof ApiError && error.status === 404) return t('invoice.notFound');
  if (error instanceof ApiError && (error.status === 400 || error.status === 429)) return error.message;
  return t('invoice.loadFailed');
}

/** The page around a printed document: its actions on screen (never printed), then the document. */
export function DocumentFrame({
  title,
  query,
  actions,
  children,
}: {
  /** The page's heading while the document is loading or cannot be shown (the document has its own). */
  title: string;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  actions?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10 print:max-w-none print:p-0">
      {(query.isPending || query.isError) && (
        <h1 className="mb-6 text-2xl font-extrabold text-stone-900 sm:text-3xl">{title}</h1>
      )}
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <ErrorState message={documentError(query.error, t)}>
          {query.error instanceof ApiError && query.error.status >= 500 && (
            <Button variant="outline" onClick={() => void query.refetch()}>
              {t('ui.tryAgain')}
            </Button>
          )}
          {actions}
        </ErrorState>
      ) : (
        <>
          <div className="mb-4 flex flex-wrap items-center justify-end gap-2 print:hidden">
            {actions}
            <Button onClick={() => window.print()}>{t('invoice.print')}</Button>
          </div>
          {children}
        </>
      )}
    </div>
  );
}
