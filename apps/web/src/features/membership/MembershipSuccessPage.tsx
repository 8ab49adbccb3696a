import { Link } from 'react-router';
import { RequireSignIn } from '../../components/RequireSignIn';
import { Button } from '../../components/ui/button';
import { formatShopDay } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useT } from '../../i18n/react';
import { PerksList } from './PerksList';

/** For a signed-in shopper who is not (or no longer) a member: no welcome, the perks and the way to join. */
function NotAMember() {
  const t = useT();
  return (
    <div className="bg-linear-to-b from-brand-50 to-stone-50 px-4 py-8 sm:py-14">
      <section
        aria-labelledby="not-member"
        className="mx-auto max-w-xl rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h1 id="not-member" className="text-center text-2xl font-extrabold text-stone-900">
          {t('membership.notMember.title')}
        </h1>
        <p className="mt-2 text-center text-stone-600">{t('membership.notMember.join')}</p>
        <div className="mt-6">
          <PerksList />
        </div>
        <div className="mt-8 grid gap-3 sm:grid-cols-2">
          <Button asChild size="lg">
            <Link to="/membership-payment">{t('membership.becomeMember')}</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/dashboard">{t('membership.continueShopping')}</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}

function Welcome() {
  const { user, isMember, membership } = useSession();
  const t = useT();
  if (!isMember) return <NotAMember />;
  const firstName = user?.fullName.split(/\s+/)[0];
  return (
    <div className="bg-linear-to-b from-brand-50 to-stone-50 px-4 py-8 sm:py-14">
      <section
        aria-labelledby="welcome"
        className="mx-auto max-w-xl rounded-2xl border border-brand-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <div className="flex justify-end">
          <Button asChild variant="ghost" size="sm">
            <Link to="/">{t('membership.exit')}</Link>
          </Button>
        </div>
        <div className="text-center">
          <span aria-hidden className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-100">
            <svg viewBox="0 0 24 24" className="size-8 text-brand-600" fill="currentColor">
              <path d="M12 2.5l2.9 5.9 6.5.9-4.7 4.6 1.1 6.5L12 17.3l-5.8 3.1 1.1-6.5-4.7-4.6 6.5-.9z" />
            </svg>
          </span>
          <h1 id="welcome" className="mt-2 text-2xl font-extrabold text-stone-900 sm:text-3xl">
            {firstName ? t('membership.welcomeName', { name: firstName }) : t('membership.welcome')}
          </h1>
          {membership.endsAt ? (
            <p role="status" className="mt-2 font-semibold text-emerald-800">
              {t('membership.activeUntil', { date: formatShopDay(membership.endsAt) })}
            </p>
          ) : null}
          <p className="mt-2 text-stone-600">{t('membership.hereIsWhatYouGet')}</p>
        </div>
        <div className="mt-6">
          <PerksList />
        </div>
        <p className="mt-6 text-center text-sm text-stone-700">
          {t('membership.receipt.before')}{' '}
          <Link to="/order-history" className="font-semibold text-brand-800 underline underline-offset-2">
            {t('membership.receipt.link')}
          </Link>
          {t('membership.receipt.after')}
        </p>
        <div className="mt-8 grid gap-3 sm:grid-cols-2">
          <Button asChild size="lg">
            <Link to="/dashboard">{t('membership.startShopping')}</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/login">{t('membership.goToLogin')}</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}

/**
 * /membership-success: welcome, the one perks list, buttons to /dashboard and /login, and Exit to /. Only an
 * active member is welcomed (the server session says so); others are asked to sign in or invited to join.
 */
export default function MembershipSuccessPage() {
  const { isMember } = useSession();
  const t = useT();
  useDocumentTitle(isMember ? t('membership.welcomeTitle') : t('membership.title'));
  return (
    <RequireSignIn>
      <Welcome />
    </RequireSignIn>
  );
}
