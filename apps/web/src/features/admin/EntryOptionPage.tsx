import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

const options = [
  { to: '/product-inventory', label: 'Product Inventory', text: 'Add, edit and delete products.' },
  { to: '/order-inventory', label: 'Order Inventory', text: 'Dispatch, deliver or cancel orders.' },
  { to: '/member-status', label: 'Member Status', text: 'Premium memberships and payments.' },
] as const;

/** /entry-option: the admin's start page with the spec's four buttons, and the shop settings. */
export default function EntryOptionPage() {
  useDocumentTitle('Inventory Dashboard');
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Inventory Dashboard</h1>
        <p className="mt-1 text-stone-600">Choose what to manage.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {options.map((option) => (
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
        <Link to="/settings" className="text-sm font-medium text-brand-700 hover:underline">
          Settings: contact details and delivery time
        </Link>
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
