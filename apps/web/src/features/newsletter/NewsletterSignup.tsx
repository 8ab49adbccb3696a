import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { useStartupT } from '../../i18n/react';
import { useNewsletterSignup } from './newsletter.api';

/**
 * The newsletter form. It uses the browser's own e-mail check instead of a form library so that the home
 * page stays light; the server checks the address again and says whether it was already signed up.
 */
export default function NewsletterSignup() {
  const signup = useNewsletterSignup();
  const t = useStartupT();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (email) signup.mutate(email);
  };
  const error = signup.error?.message;
  return (
    <section aria-labelledby="newsletter-heading" className="border-b border-white/10 bg-stone-900 text-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="newsletter-heading" className="text-xl font-bold">
            {t('newsletter.heading')}
          </h2>
          <p className="text-sm text-stone-300">{t('newsletter.text')}</p>
        </div>
        <div className="w-full md:max-w-md">
          <form onSubmit={onSubmit} className="flex gap-2">
            <label htmlFor="newsletter-email" className="sr-only">
              {t('newsletter.emailLabel')}
            </label>
            <input
              id="newsletter-email"
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="email"
              placeholder={t('newsletter.placeholder')}
              aria-describedby="newsletter-result"
              className="h-11 min-w-0 flex-1 rounded-lg border-0 bg-white px-3 text-base text-stone-900 placeholder:text-muted sm:text-sm"
            />
            <Button type="submit" disabled={signup.isPending}>
              {signup.isPending ? t('newsletter.subscribing') : t('newsletter.subscribe')}
            </Button>
          </form>
          <p id="newsletter-result" role="status" className="mt-2 min-h-5 text-sm font-medium text-brand-200">
            {signup.data?.message ?? (error ? <span className="text-red-300">{error}</span> : null)}
          </p>
        </div>
      </div>
    </section>
  );
}
