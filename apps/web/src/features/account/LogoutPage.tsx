import { accountDelays, accountMessages } from '@bilum/shared';
import { useEffect, useRef } from 'react';
import { Spinner } from '../../components/ui/states';
import { lazyToast } from '../../lib/toaster';
import { useDelayedNavigate } from '../../lib/use-delayed-navigate';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLogout } from './account.api';

/** /logout: ends the session, forgets the shopper's browser data, shows "Logging out..." and goes home after 0.5 s. */
export default function LogoutPage() {
  useDocumentTitle('Logging out');
  const logout = useLogout();
  const navigateLater = useDelayedNavigate();
  const started = useRef(false);

  const { mutate } = logout;
  useEffect(() => {
    // Sign out once, even when React runs effects twice in development; the timer is set again each time.
    if (!started.current) {
      started.current = true;
      // A direct visit to /logout may settle before the toaster has loaded: wait for it.
      mutate(undefined, {
        onSettled: () => void lazyToast().then((toast) => toast.success(accountMessages.loggedOut)),
      });
    }
    navigateLater('/', accountDelays.logout, { replace: true });
  }, [mutate, navigateLater]);

  return (
    <div className="py-16">
      <Spinner label={accountMessages.loggingOut} />
    </div>
  );
}
