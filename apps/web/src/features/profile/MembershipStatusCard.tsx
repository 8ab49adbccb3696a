import type { ProfileMembership } from '@bilum/shared';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { formatLongDate } from '../../lib/dates';
import type { MessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/react';

const typeNames = {
  premium: 'profile.membership.typePremium',
  basic: 'profile.membership.typeBasic',
} as const satisfies Record<string, MessageId>;
const paymentWords = {
  completed: 'profile.membership.paymentCompleted',
  failed: 'profile.membership.paymentFailed',
  pending: 'profile.membership.paymentPending',
} as const satisfies Record<string, MessageId>;

/** The profile's Membership Status card: Active Member (with Renew in the last 30 days) or Not a Member. */
export function MembershipStatusCard({ membership }: { membership: ProfileMembership }) {
  const t = useT();
  return (
    <section aria-labelledby="membership-status" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id="membership-status" className="text-lg font-bold text-stone-900">
        {t('profile.membership.title')}
      </h2>
      {membership.isMember ? (
        <div className="mt-3 space-y-3">
          <p className="inline-flex items-center gap-2 rounded-full bg-green-100 px-3 py-1 text-sm font-bold text-green-800">
            {t('profile.membership.active')}
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt className="font-semibold text-stone-600">{t('profile.membership.type')}</dt>
            <dd>{membership.membershipType ? t(typeNames[membership.membershipType]) : '—'}</dd>
            <dt className="font-semibold text-stone-600">{t('profile.membership.discount')}</dt>
            <dd>{Math.round(membership.discountRate * 100)}%</dd>
            <dt className="font-semibold text-stone-600">{t('profile.membership.expires')}</dt>
            <dd>{membership.endsAt ? formatLongDate(membership.endsAt) : '—'}</dd>
            <dt className="font-semibold text-stone-600">{t('profile.membership.lastPayment')}</dt>
            <dd>
              {membership.lastPaymentAt ? formatLongDate(membership.lastPaymentAt) : '—'}
              {membership.lastPaymentStatus ? ` (${t(paymentWords[membership.lastPaymentStatus])})` : ''}
            </dd>
          </dl>
          {membership.canRenew && (
            <div className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
              <p>{t('profile.membership.endsSoon')}</p>
              <Button asChild size="sm" className="mt-2">
                <Link to="/membership-payment">{t('profile.membership.renew')}</Link>
              </Button>
            </div>
          )}
        </div>
      ) : (
        <div className="mt-3 space-y-3">
          <p className="inline-flex rounded-full bg-stone-100 px-3 py-1 text-sm font-bold text-stone-700">
            {t('profile.membership.notMember')}
          </p>
          <p className="text-sm text-stone-600">{t('profile.membership.join')}</p>
          <Button asChild>
            <Link to="/membership-payment">{t('profile.membership.becomeMember')}</Link>
          </Button>
        </div>
      )}
    </section>
  );
}
