import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { ErrorState, Spinner } from '../../components/ui/states';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { MessageId, Translate } from '../../i18n/i18n';
import { useT } from '../../i18n/react';
import { CartPopup } from './CartPopup';
import { MembershipStatusCard } from './MembershipStatusCard';
import { OrdersPopup } from './OrdersPopup';
import { ProfileForm } from './ProfileForm';
import { useProfile } from './profile.api';
import { SavedListPopup } from './SavedListPopup';
import { SignedOutNotice } from './SignedOutNotice';

type Popup = 'cart' | 'orders' | 'list' | null;

function loadFailure(error: unknown, t: Translate): string {
  if (error instanceof ApiError && error.isNetwork) return t('profile.loadNetwork');
  return t('profile.loadFailed');
}

const quickActions: { id: Exclude<Popup, null>; label: MessageId; text: MessageId }[] = [
  { id: 'cart', label: 'profile.action.cart', text: 'profile.action.cartText' },
  { id: 'orders', label: 'profile.action.orders', text: 'profile.action.ordersText' },
  { id: 'list', label: 'profile.action.list', text: 'profile.action.listText' },
];

/** /profile: the shopper's details (read-only, then Edit Profile), membership status and quick actions. */
export default function ProfilePage() {
  const t = useT();
  useDocumentTitle(t('profile.title'));
  const { isSignedIn, isLoading } = useSession();
  const profile = useProfile(isSignedIn);
  const [popup, setPopup] = useState<Popup>(null);

  if (isLoading) return <Spinner />;
  if (!isSignedIn) return <SignedOutNotice message={t('profile.notSignedIn')} />;
  if (profile.isPending) return <Spinner label={t('profile.loading')} />;
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 404) {
      return (
        <section className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
          <h1 className="text-2xl font-bold text-stone-900">{t('profile.notFoundTitle')}</h1>
          <p className="text-stone-600">{t('profile.notFound')}</p>
          <Button asChild size="lg">
            <Link to="/login?returnUrl=%2Fprofile">{t('profile.goToLogin')}</Link>
          </Button>
        </section>
      );
    }
    return (
      <div className="px-4 py-16">
        <ErrorState message={loadFailure(profile.error, t)}>
          <Button variant="outline" onClick={() => void profile.refetch()}>
            {t('profile.retry')}
          </Button>
        </ErrorState>
      </div>
    );
  }

  const data = profile.data;
  const close = (open: boolean) => !open && setPopup(null);
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold text-stone-900 sm:text-3xl">
            {t('profile.welcome', { name: data.firstName || data.fullName })}
          </h1>
          <p className="text-sm text-stone-600">{t('profile.intro')}</p>
        </div>
        <Button asChild variant="outline">
          <Link to="/dashboard">{t('profile.exit')}</Link>
        </Button>
      </header>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section
          aria-labelledby="profile-details"
          className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id="profile-details" className="mb-4 text-lg font-bold text-stone-900">
            {t('profile.details')}
          </h2>
          <ProfileForm profile={data} />
        </section>
        <div className="flex flex-col gap-6">
          <MembershipStatusCard membership={data.membership} />
          <section
            aria-labelledby="quick-actions"
            className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
          >
            <h2 id="quick-actions" className="text-lg font-bold text-stone-900">
              {t('profile.quickActions')}
            </h2>
            <div className="mt-3 grid gap-2">
              {quickActions.map((action) => (
                <button
                  key={action.id}
                  type="button"
                  onClick={() => setPopup(action.id)}
                  className="flex items-center justify-between rounded-xl border border-stone-200 px-4 py-3 text-left hover:border-brand-400 hover:bg-brand-50"
                >
                  <span>
                    <span className="block font-semibold text-stone-900">{t(action.label)}</span>
                    <span className="block text-xs text-stone-600">{t(action.text)}</span>
                  </span>
                  <span aria-hidden className="text-muted">
                    ›
                  </span>
                </button>
              ))}
              <Link to="/order-history" className="px-1 pt-1 text-sm font-semibold text-brand-700 hover:underline">
                {t('profile.fullHistory')}
              </Link>
            </div>
          </section>
        </div>
      </div>
      <CartPopup open={popup === 'cart'} onOpenChange={close} />
      <OrdersPopup open={popup === 'orders'} onOpenChange={close} />
      <SavedListPopup open={popup === 'list'} onOpenChange={close} />
    </div>
  );
}
