import { accountDelays } from '@bilum/shared';
import { useEffect, useRef } from 'react';
import { Spinner } from '../../components/ui/states';
import { useT } from '../../i18n/react';
import { lazyToast } from '../../lib/toaster';
import { useDelayedNavigate } from '../../lib/use-delayed-navigate';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLogout } from './account.api';

/** /logout: ends the session, forgets the shopper's browser data, shows "Logging out..." and goes home after 0.5 s. */
export default function LogoutPage() {
  const t = useT();
  useDocumentTitle(t('account.logout.title'));
  const logout = useLogout();
  const navigateLater = useDelayedNavigate();
  const started = useRef(false);

  const { mutateAsync } = logout;
  useEffect(() => {
    // Sign out once, even when React runs effects twice in development; the timer is set again each time.
    if (!started.current) {
      started.current = true;
      // The toast follows the sign-out wherever the shopper is by then: the queries the sign-out asks again can
      // outlast the half second on this page, and mutate's own callbacks are dropped once the page is left (a
      // journey that missed "Logged out." on a slow run). A direct visit may settle before the toaster has
      // loaded: lazyToast waits for it.
      void mutateAsync()
        .catch(() => undefined)
        .then(() => lazyToast())
        .then((toast) => toast.success(t('account.toast.loggedOut')));
    }
    navigateLater('/', accountDelays.logout, { replace: true });
  }, [mutateAsync, navigateLater, t]);

  return (
    <div className="py-16">
      <Spinner label={t('account.logout.loggingOut')} />
    </div>
  );
}
