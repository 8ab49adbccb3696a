import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { inputClass } from '../../../components/ui/form-field';

export interface FooterLink {
  to: string;
  label: string;
}

/** The footer of an admin page: the links the spec gives that page, and the shop's short about text. */
export function AdminFooter({ links, children }: { links: readonly FooterLink[]; children?: ReactNode }) {
  return (
    <footer className="mt-auto border-t border-stone-200 bg-white">
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-4 py-6 text-sm text-stone-600">
        <nav aria-label="Admin footer">
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="font-medium text-stone-700 hover:text-brand-700 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {children}
        <p>Bilum admin: products, orders and memberships of the shop.</p>
      </div>
    </footer>
  );
}

/** A page heading with an optional back link and actions. */
export function AdminPageHeader({ title, back, actions }: { title: string; back?: FooterLink; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex flex-col gap-1">
        {back && (
          <Link to={back.to} className="text-sm font-medium text-brand-700 hover:underline">
            ← {back.label}
          </Link>
        )}
        <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{title}</h1>
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** The search box above an admin list, labelled for screen readers. */
export function AdminSearch({
  id,
  label,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  return (
    <div className="mb-4">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className={`${inputClass} max-w-xl`}
      />
    </div>
  );
}
