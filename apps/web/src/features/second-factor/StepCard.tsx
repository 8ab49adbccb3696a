import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The frame of the sign-in's second step: a centred card that fills a phone's width (as the sign-in page). */
export function StepCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="bg-linear-to-b from-brand-50 to-stone-50 px-4 py-8 sm:py-14">
      <section
        aria-labelledby="step-title"
        className="mx-auto w-full max-w-md rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <header className="mb-6 text-center">
          <h1 id="step-title" className="text-2xl font-bold text-stone-900">
            {title}
          </h1>
          {subtitle && <p className="mt-2 text-sm text-stone-600">{subtitle}</p>}
        </header>
        {children}
      </section>
    </div>
  );
}
