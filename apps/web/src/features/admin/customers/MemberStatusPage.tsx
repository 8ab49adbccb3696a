import {
  formatPhoneNumber,
  type MemberRecord,
  memberStatusMessages as messages,
  memberStatusTone,
  searchMembers,
} from '@bilum/shared';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, Spinner } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatLongDate } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMembersOverview } from './customers.api';
import { AdminFooter, AdminPageHeader, AdminSearch } from '../shared/AdminFooter';
import { StatCard } from '../shared/StatCard';
import { AdminTable } from '../shared/AdminTable';

const footerLinks = [
  { to: '/entry-option', label: 'Entry Option' },
  { to: '/product-entry', label: 'Product Entry' },
  { to: '/product-inventory', label: 'Product Inventory' },
] as const;

/** The spec's fourth footer button: "Manage Membership" for members, "Premium Membership" otherwise. It was
 * only an alert placeholder; here it opens the real membership page. */
function useMembershipLink() {
  const { isMember } = useSession();
  return isMember
    ? { to: '/profile', label: 'Manage Membership' }
    : { to: '/membership-choice', label: 'Premium Membership' };
}

const toneClasses = {
  green: 'bg-green-100 text-green-800',
  yellow: 'bg-amber-100 text-amber-800',
  red: 'bg-red-100 text-red-800',
  grey: 'bg-stone-200 text-stone-700',
} as const;

const NA = messages.notApplicable;

/** "completed" -> "Completed", "refunded" -> "Refunded" (a year withdrawn by a refund, not "Expired"). */
const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

function StatusBadge({ status }: { status: MemberRecord['status'] }) {
  return (
    <span
      className={cn(
        'inline-block rounded-full px-2 py-0.5 text-xs font-semibold',
        toneClasses[memberStatusTone(status)],
      )}
    >
      {status ? statusLabel(status) : NA}
    </span>
  );
}

const typeLabel = (user: MemberRecord) =>
  user.membershipType ? user.membershipType.charAt(0).toUpperCase() + user.membershipType.slice(1) : NA;
const paymentDate = (user: MemberRecord) => (user.paymentDate ? formatLongDate(user.paymentDate) : NA);
const phone = (user: MemberRecord) => (user.phone ? formatPhoneNumber(user.phone) : NA);

/** The check_membership_status error text: "HTTP error! status: {code}" for an HTTP failure. */
function failureText(error: Error): string {
  if (error instanceof ApiError && error.status > 0) return messages.httpError(error.status);
  return error.message;
}

/** /member-status, "Membership Overview": counters, search and every shopper's membership record. */
export default function MemberStatusPage() {
  useDocumentTitle('Membership Overview');
  const overview = useMembersOverview();
  const membershipLink = useMembershipLink();
  const [term, setTerm] = useState('');
  const users = useMemo(() => searchMembers(overview.data?.users ?? [], term), [overview.data, term]);

  if (overview.isPending) return <Spinner label="Loading membership data…" />;
  if (overview.isError) {
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-16">
        <div role="alert" className="flex flex-col gap-2 rounded-xl border border-red-200 bg-red-50 p-6 text-center">
          <h1 className="text-lg font-bold text-red-800">{messages.errorTitle}</h1>
          <p className="text-red-800">{messages.errorText(failureText(overview.error))}</p>
          <p className="text-sm text-red-700">{messages.errorHint}</p>
          <Link to="/entry-option" className="mt-2 text-sm font-medium text-brand-700 hover:underline">
            Back
          </Link>
        </div>
      </div>
    );
  }

  const data = overview.data;
  return (
    <>
      <div className="mx-auto w-full max-w-7xl px-4 py-8">
        <AdminPageHeader title="Membership Overview" back={{ to: '/entry-option', label: 'Back' }} />
        <section aria-label="Membership figures" className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatCard label="Total Users" value={data.totalUsers} />
          <StatCard label="Active Members" value={data.activeMembers} tone="green" />
          <StatCard label="Pending Members" value={data.pendingMembers} tone="yellow" />
          <StatCard label="Non-Members" value={data.nonMembers} />
        </section>

        <h2 className="mb-3 text-lg font-semibold text-stone-900">All User Records</h2>
        <AdminSearch
          id="member-search"
          label="Search users"
          value={term}
          onChange={setTerm}
          placeholder="Search by name, email, or phone..."
        />

        {users.length === 0 ? (
          <EmptyState title={messages.noMatch}>
            <p className="text-sm text-stone-600">{messages.noMatchHint}</p>
          </EmptyState>
        ) : (
          <>
            <AdminTable
              columns={['Full Name', 'Email', 'Phone', 'Membership Type', 'Status', 'Payment Date', 'Reference']}
            >
              {users.map((user) => (
                <tr key={user.id}>
                  <td className="px-3 py-2 font-medium text-stone-900">{user.fullName}</td>
                  <td className="px-3 py-2 break-all">{user.email}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{phone(user)}</td>
                  <td className="px-3 py-2">{typeLabel(user)}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={user.status} />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{paymentDate(user)}</td>
                  <td className="px-3 py-2 font-mono text-xs break-all">{user.reference ?? NA}</td>
                </tr>
              ))}
            </AdminTable>
            <ul className="grid gap-3 sm:grid-cols-2 lg:hidden">
              {users.map((user) => (
                <li
                  key={user.id}
                  className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4 text-sm"
                >
                  <div className="flex items-start justify-between gap-2">
                    <h3 className="font-semibold text-stone-900">{user.fullName}</h3>
                    <StatusBadge status={user.status} />
                  </div>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-stone-700">
                    <dt className="text-muted">Email</dt>
                    <dd className="break-all">{user.email}</dd>
                    <dt className="text-muted">Phone</dt>
                    <dd>{phone(user)}</dd>
                    <dt className="text-muted">Type</dt>
                    <dd>{typeLabel(user)}</dd>
                    <dt className="text-muted">Paid</dt>
                    <dd>{paymentDate(user)}</dd>
                    <dt className="text-muted">Reference</dt>
                    <dd className="font-mono text-xs break-all">{user.reference ?? NA}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <AdminFooter links={[...footerLinks, membershipLink]}>
        <p>Questions about a membership? Write to the shop’s contact address shown on the Contact page.</p>
      </AdminFooter>
    </>
  );
}
