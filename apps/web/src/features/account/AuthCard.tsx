import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card, e.g. "Back to sign in". */
  footer?: ReactNode;
  /** Wider and without the card, for content that brings its own cards (the plan comparison). */
  wide?: boolean;
}

/** The frame of the account pages: a centred card that fills a phone's width. */
export function AuthCard({ title, subtitle, children, footer, wide = false }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <div className="bg-linear-to-b from-brand-50 to-stone-50 px-4 py-8 sm:py-14">
      <section
        aria-labelledby="auth-title"
        className={
          wide
            ? 'mx-auto w-full max-w-4xl'
            : 'mx-auto w-full max-w-md rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8'
        }
      >
        <header className="mb-6 text-center">
          <h1 id="auth-title" className="text-2xl font-bold text-stone-900">
            {title}
          </h1>
          {subtitle && <p className="mt-2 text-sm text-stone-600">{subtitle}</p>}
        </header>
        {children}
      </section>
      {footer && <div className="mx-auto mt-6 max-w-md text-center text-sm text-stone-600">{footer}</div>}
    </div>
  );
}

/** A link styled for the account pages. */
export const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline';
