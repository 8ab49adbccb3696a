import type { ProfileMembership } from '@bilum/shared';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { formatLongDate } from '../../lib/dates';

const typeNames = { premium: 'Premium', basic: 'Basic' } as const;
const paymentWords = { completed: 'completed', failed: 'failed', pending: 'pending' } as const;

/** The profile's Membership Status card: Active Member (with Renew in the last 30 days) or Not a Member. */
export function MembershipStatusCard({ membership }: { membership: ProfileMembership }) {
  return (
    <section aria-labelledby="membership-status" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id="membership-status" className="text-lg font-bold text-stone-900">
        Membership Status
      </h2>
      {membership.isMember ? (
        <div className="mt-3 space-y-3">
          <p className="inline-flex items-center gap-2 rounded-full bg-green-100 px-3 py-1 text-sm font-bold text-green-800">
            Active Member
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt className="font-semibold text-stone-600">Type</dt>
            <dd>{membership.membershipType ? typeNames[membership.membershipType] : '—'}</dd>
            <dt className="font-semibold text-stone-600">Discount</dt>
            <dd>{Math.round(membership.discountRate * 100)}%</dd>
            <dt className="font-semibold text-stone-600">Expires</dt>
            <dd>{membership.endsAt ? formatLongDate(membership.endsAt) : '—'}</dd>
            <dt className="font-semibold text-stone-600">Last Payment</dt>
            <dd>
              {membership.lastPaymentAt ? formatLongDate(membership.lastPaymentAt) : '—'}
              {membership.lastPaymentStatus ? ` (${paymentWords[membership.lastPaymentStatus]})` : ''}
            </dd>
          </dl>
          {membership.canRenew && (
            <div className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
              <p>Your membership ends soon. Renew now to add another year.</p>
              <Button asChild size="sm" className="mt-2">
                <Link to="/membership-payment">Renew</Link>
              </Button>
            </div>
          )}
        </div>
      ) : (
        <div className="mt-3 space-y-3">
          <p className="inline-flex rounded-full bg-stone-100 px-3 py-1 text-sm font-bold text-stone-700">
            Not a Member
          </p>
          <p className="text-sm text-stone-600">Join Premium for 10% off every product and member-only deals.</p>
          <Button asChild>
            <Link to="/membership-payment">Become a Member!</Link>
          </Button>
        </div>
      )}
    </section>
  );
}
