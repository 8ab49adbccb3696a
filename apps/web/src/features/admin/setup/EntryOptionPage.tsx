import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SetupChecklist } from './SetupChecklist';
import { useCan } from '../shared/use-can';

const options = [
  {
    to: '/product-inventory',
    label: 'Product Inventory',
    text: 'Add, edit and delete products.',
    permission: 'catalog',
  },
  {
    to: '/categories',
    label: 'Categories',
    text: 'Add, rename, order and hide the shop’s categories.',
    permission: 'catalog',
  },
  {
    to: '/discount-codes',
    label: 'Discount codes',
    text: 'Codes for a percentage or an amount off, or free delivery.',
    permission: 'catalog',
  },
  {
    to: '/order-inventory',
    label: 'Order Inventory',
    text: 'Dispatch, deliver or cancel orders.',
    permission: 'orders.view',
  },
  { to: '/member-status', label: 'Member Status', text: 'Premium memberships and payments.', permission: 'members' },
  {
    to: '/reports',
    label: 'Dashboard',
    text: "The day's numbers: sales, stock, orders waiting.",
    permission: 'reports',
  },
  {
    to: '/customers',
    label: 'Customers',
    text: 'Shoppers and guests, their orders and membership.',
    permission: 'members',
  },
] as const;

/** The owner's (and managers') other pages, each shown only to a role that may use it (issue 21). */
const moreLinks = [
  { to: '/settings', label: 'Settings: contact details and delivery time', permission: 'settings' },
  { to: '/integrations', label: 'Integrations: webhooks', permission: 'integrations' },
  { to: '/api-keys', label: 'API keys', permission: 'integrations' },
  { to: '/staff', label: 'Staff accounts', permission: 'staff' },
  { to: '/activity', label: 'Activity log', permission: 'activity' },
] as const;

/** /entry-option: the admin's start page with the spec's four buttons, and the shop settings. */
export default function EntryOptionPage() {
  useDocumentTitle('Inventory Dashboard');
  const can = useCan();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Inventory Dashboard</h1>
        <p className="mt-1 text-stone-600">Choose what to manage.</p>
      </div>
      <SetupChecklist enabled={can('settings')} />
      <div className="grid gap-4 sm:grid-cols-3">
        {options
          .filter((option) => can(option.permission))
          .map((option) => (
            <Link
              key={option.to}
              to={option.to}
              className="flex flex-col gap-1 rounded-xl border border-stone-200 bg-white p-5 shadow-xs transition hover:border-brand-400 hover:shadow-md focus-visible:outline-2 focus-visible:outline-focus"
            >
              <span className="text-lg font-semibold text-stone-900">{option.label}</span>
              <span className="text-sm text-stone-600">{option.text}</span>
            </Link>
          ))}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 pt-6">
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {moreLinks
            .filter((link) => can(link.permission))
            .map((link) => (
              <Link key={link.to} to={link.to} className="text-sm font-medium text-brand-700 hover:underline">
                {link.label}
              </Link>
            ))}
        </div>
        <Link
          to="/"
          className="inline-flex h-11 items-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 hover:bg-stone-100"
        >
          Exit
        </Link>
      </div>
    </div>
  );
}
