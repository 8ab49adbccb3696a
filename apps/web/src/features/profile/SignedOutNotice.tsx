import { signInPath } from '@bilum/shared';
import { Link, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/react';

/** The spec's own signed-out message of a page (profile, order history), with Go to Login and a way back. */
export function SignedOutNotice({ message }: { message: string }) {
  const location = useLocation();
  const t = useT();
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      {/* The page's main heading: focus goes to it after a route change (app/RouteAnnouncer.tsx). */}
      <div role="alert">
        <h1 className="text-lg font-semibold text-stone-900">{message}</h1>
      </div>
      <Button asChild size="lg">
        <Link to={signInPath(`${location.pathname}${location.search}`)}>{t('profile.goToLogin')}</Link>
      </Button>
    </section>
  );
}
