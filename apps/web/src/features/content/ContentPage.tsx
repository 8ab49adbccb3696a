import { Fragment, type ReactNode } from 'react';
import { useT } from '../../i18n/react';
import { useDocumentTitle } from '../../lib/use-document-title';

export interface ContentSection {
  heading: string;
  body: ReactNode;
}

/** What a message with a link in it gets for its `{link}` placeholder; `withLink` puts the link there. */
export const linkPlaceholder = { link: '{link}' };

/**
 * A message with one link inside (`t('content.contact.where', linkPlaceholder)`: "Use {link} with…"), with the
 * link (its own message) where the message says: the words around it differ by language.
 */
export function withLink(message: string, link: ReactNode): ReactNode {
  const [before = '', ...after] = message.split(linkPlaceholder.link);
  return (
    <>
      {before}
      {link}
      {after.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}

/** A readable text page (terms, privacy, contact): a title, a short lead and numbered sections. */
export function ContentPage({
  title,
  lead,
  updated,
  sections,
  children,
}: {
  title: string;
  lead: ReactNode;
  updated?: string;
  sections: ContentSection[];
  children?: ReactNode;
}) {
  const t = useT();
  useDocumentTitle(title);

  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <header className="mb-8 border-b border-stone-200 pb-6">
        <h1 className="text-3xl font-extrabold text-stone-900 sm:text-4xl">{title}</h1>
        {updated && <p className="mt-2 text-sm text-muted">{t('content.lastUpdated', { date: updated })}</p>}
        <div className="mt-4 text-lg leading-relaxed text-stone-700">{lead}</div>
      </header>
      {children}
      <div className="space-y-8">
        {sections.map((section, index) => (
          <section key={section.heading} aria-labelledby={`section-${index}`}>
            <h2 id={`section-${index}`} className="mb-2 text-xl font-bold text-stone-900">
              {index + 1}. {section.heading}
            </h2>
            <div className="space-y-3 leading-relaxed text-stone-700 [&_a]:text-brand-700 [&_a]:underline [&_li]:ml-5 [&_li]:list-disc [&_li]:pl-1 [&_ul]:space-y-1">
              {section.body}
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}
