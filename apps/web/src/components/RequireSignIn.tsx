import { signInPath } from '@bilum/shared';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { clearShopperStorage } from '../lib/shopper-storage';
import { useSession, useSessionEnded } from '../lib/session';
import { Button } from './ui/button';
import { Spinner } from './ui/states';
import { useT } from '../i18n/react';

/** The current page's path with its query, to come back to after signing in. */
function useHerePath(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

interface GuardPanelProps {
  title: string;
  message: string;
  /** The sign-in link's label; it leads to /login?returnUrl={this page}. */
  actionLabel: string;
  onAction?: () => void;
}

function GuardPanel({ title, message, actionLabel, onAction }: GuardPanelProps) {
  const here = useHerePath();
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <div role="alert" className="flex flex-col items-center gap-2">
        <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
        <p className="text-stone-600">{message}</p>
      </div>
      <Button asChild size="lg">
        <Link to={signInPath(here)} onClick={onAction}>
          {actionLabel}
        </Link>
      </Button>
    </section>
  );
}

/**
 * Shows its children only to a signed-in shopper. Otherwise "Sign In Required" with Sign In to
 * /login?returnUrl={path}, or, when the server has just refused a session the browser believed in,
 * "Authentication Error" with Re-login (storefront.md 6).
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { isSignedIn, isLoading } = useSession();
  const { ended, acknowledge } = useSessionEnded();
  const t = useT();
  if (ended) {
    return (
      <GuardPanel
        title={t('account.guard.sessionInvalidTitle')}
        message={t('account.guard.sessionInvalid')}
        actionLabel={t('account.guard.relogin')}
        onAction={() => {
          clearShopperStorage();
          acknowledge();
        }}
      />
    );
  }
  if (isLoading) return <Spinner />;
  if (!isSignedIn) {
    return (
      <GuardPanel
        title={t('account.guard.signInRequiredTitle')}
        message={t('account.guard.signInRequired')}
        actionLabel={t('account.guard.signIn')}
      />
    );
  }
  return children;
}

/**
 * For actions that need an account (e.g. a button on a public page): returns a function that says
 * "Sign In Required" with a Sign In action to /login?returnUrl={this page}.
 */
export function useSignInPrompt() {
  const navigate = useNavigate();
  const here = useHerePath();
  const t = useT();
  return (message: string = t('account.guard.signInRequired')) =>
    toast.info(t('account.guard.signInRequiredTitle'), {
      description: message,
      action: { label: t('account.guard.signIn'), onClick: () => navigate(signInPath(here)) },
    });
}
