import { staffMessages } from '@bilum/shared';
import { Suspense } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { ErrorState, Spinner } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { can } from '../../../lib/permissions';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminWhoami } from './admin.api';
import { adminMenu, pagePermission } from './admin-pages';

/** A page the staff member's role may not use (issue 21): said plainly, with the way back. */
function NotAllowed() {
  useDocumentTitle('Not available for your role');
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-start gap-4 px-4 py-16">
      <h1 className="text-2xl font-bold text-stone-900">Not available for your role</h1>
      <p className="text-stone-700">{staffMessages.notAllowed}</p>
      <Link to="/entry-option" className="font-medium text-brand-700 hover:underline">
        ← Entry Option
      </Link>
    </div>
  );
}

/**
 * The frame of every admin page, and its guard: the server is asked who is signed in (GET /api/admin/whoami);
 * a guest or a shopper is sent to /admin-login. The pages' calls are checked on the server again.
 */
export default function AdminLayout() {
  const whoami = useAdminWhoami();
  const location = useLocation();

  if (whoami.isPending) return <Spinner label="Checking your admin session…" />;
  if (whoami.error instanceof ApiError && (whoami.error.status === 401 || whoami.error.status === 403)) {
    return <Navigate to="/admin-login" replace state={{ from: location.pathname }} />;
  }
  if (whoami.isError) {
    return (
      <div className="px-4 py-16">
        <ErrorState message={whoami.error.message} onRetry={() => void whoami.refetch()} />
      </div>
    );
  }

  const user = whoami.data?.user;
  const needed = pagePermission(location.pathname);
  const allowed = needed === null || can(user, needed);

  return (
    <div className="flex min-h-screen flex-col bg-stone-50">
      <header className="bg-ink text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <Link to="/entry-option" className="text-lg font-extrabold tracking-tight">
            Bilum<span className="text-brand-400">.</span> <span className="font-semibold text-stone-300">Admin</span>
          </Link>
          <nav aria-label="Admin" className="flex flex-wrap items-center gap-1 text-sm">
            {/* Only what the staff member's role may use (issue 21); the server checks every call again. */}
            {adminMenu
              .filter((item) => item.permission === null || can(user, item.permission))
              .map((item) => (
                <Link key={item.to} to={item.to} className="rounded-md px-2 py-1.5 hover:bg-white/10">
                  {item.label}
                </Link>
              ))}
            <Link to="/logout" className="rounded-md px-2 py-1.5 hover:bg-white/10">
              Sign out
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" className="flex flex-1 flex-col">
        {allowed ? (
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        ) : (
          <NotAllowed />
        )}
      </main>
    </div>
  );
}
