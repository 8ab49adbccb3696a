import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useT } from '../../i18n/react';
import { Button } from './button';

interface NotFoundMessageProps {
  title: string;
  message: string;
  linkTo: string;
  linkLabel: string;
}

/** The not-found screen: the unknown-page one and the product-not-found one share it. */
export function NotFoundMessage({ title, message, linkTo, linkLabel }: NotFoundMessageProps) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-5 px-4 py-20 text-center">
      <p className="text-7xl font-black text-brand-600" aria-hidden>
        404
      </p>
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      <p className="text-stone-600">{message}</p>
      <Button asChild size="lg">
        <Link to={linkTo}>{linkLabel}</Link>
      </Button>
    </section>
  );
}

/** The spec's screen for any unknown address. */
export function PageNotFound() {
  const t = useT();
  return (
    <NotFoundMessage
      title={t('error.notFound.title')}
      message={t('error.notFound.message')}
      linkTo="/"
      linkLabel={t('error.notFound.home')}
    />
  );
}
