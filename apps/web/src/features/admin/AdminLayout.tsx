import { Suspense } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { ErrorState, Spinner } from '../../components/ui/states';
import { ApiError } from '../../lib/api-client';
import { useAdminWhoami } from './admin.api';

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

  return (
    <div className="flex min-h-screen flex-col bg-stone-50">
      <header className="bg-ink text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <Link to="/entry-option" className="text-lg font-extrabold tracking-tight">
            Bilum<span className="text-brand-400">.</span> <span className="font-semibold text-stone-300">Admin</span>
          </Link>
          <nav aria-label="Admin" className="flex items-center gap-1 text-sm">
            <Link to="/entry-option" className="rounded-md px-2 py-1.5 hover:bg-white/10">
              Entry Option
            </Link>
            <Link to="/settings" className="rounded-md px-2 py-1.5 hover:bg-white/10">
              Settings
            </Link>
            <Link to="/logout" className="rounded-md px-2 py-1.5 hover:bg-white/10">
              Sign out
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" className="flex flex-1 flex-col">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
