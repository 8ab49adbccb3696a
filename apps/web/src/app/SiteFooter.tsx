import { Link } from 'react-router';
import NewsletterSignup from '../features/newsletter/NewsletterSignup';
import type { StartupMessageId } from '../i18n/i18n';
import { useStartupT } from '../i18n/react';
import { useCategories } from '../lib/categories';
import { cn } from '../lib/cn';
import { setDataSaver, useDataSaver } from '../lib/data-saver';
import { useSession } from '../lib/session';
import { ShopContact } from '../components/ui/shop-contact';
import { LanguageSwitch } from './LanguageSwitch';

const helpLinks: { to: string; label: StartupMessageId }[] = [
  { to: '/track-order', label: 'footer.trackYourOrder' },
  { to: '/contact', label: 'footer.contactUs' },
  { to: '/terms-of-service', label: 'footer.termsOfService' },
  { to: '/privacy-policy', label: 'footer.privacyPolicy' },
];

/** Spec: "Manage Membership" for members, "Premium Membership" otherwise. */
function useMembershipLink(): { to: string; label: StartupMessageId } {
  const { isMember } = useSession();
  return isMember
    ? { to: '/profile', label: 'footer.manageMembership' }
    : { to: '/membership-choice', label: 'footer.premiumMembership' };
}

/**
 * Data saver (decision 045): the smallest copy of each picture, and a home banner that does not turn by itself.
 * Kept in this browser's storage.
 */
function DataSaverSwitch() {
  const on = useDataSaver();
  const t = useStartupT();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-labelledby="data-saver-label"
      aria-describedby="data-saver-hint"
      onClick={() => setDataSaver(!on)}
      className="flex min-h-11 items-center gap-3 rounded-lg text-left text-sm text-stone-200 hover:text-white"
    >
      <span
        aria-hidden
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 rounded-full border-2 transition-colors',
          on ? 'border-brand-400 bg-brand-400' : 'border-stone-400 bg-stone-700',
        )}
      >
        <span
          className={cn(
            'absolute top-0.5 size-4 rounded-full shadow transition-transform',
            // A dark knob on the orange track when on (a white one would be 2:1, too faint to see).
            on ? 'translate-x-5 bg-ink' : 'translate-x-0.5 bg-white',
          )}
        />
      </span>
      <span>
        <span id="data-saver-label" className="block font-semibold">
          {t('footer.dataSaver')}
        </span>
        <span id="data-saver-hint" className="block text-xs text-stone-400">
          {t('footer.dataSaverHint')}
        </span>
      </span>
    </button>
  );
}

export function SiteFooter() {
  const membershipLink = useMembershipLink();
  const { categories } = useCategories();
  const t = useStartupT();
  return (
    <footer className="mt-12 bg-ink text-stone-300">
      <NewsletterSignup />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section>
          <h2 className="mb-3 text-base font-bold text-white">Bilum</h2>
          <p className="text-sm leading-relaxed">{t('footer.about')}</p>
          <div className="mt-4">
            <DataSaverSwitch />
          </div>
        </section>
        <section>
          <h2 className="mb-3 text-base font-bold text-white">{t('footer.shop')}</h2>
          <ul className="space-y-2 text-sm">
            {categories.map((category) => (
              <li key={category.slug}>
                <Link to={`/category/${category.slug}`} className="hover:text-brand-300">
                  {category.name}
                </Link>
              </li>
            ))}
            <li>
              <Link to={membershipLink.to} className="font-semibold text-brand-300 hover:text-brand-200">
                {t(membershipLink.label)}
              </Link>
            </li>
          </ul>
        </section>
        <section>
          <h2 className="mb-3 text-base font-bold text-white">{t('footer.help')}</h2>
          <ul className="space-y-2 text-sm">
            {helpLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-brand-300">
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2 className="mb-3 text-base font-bold text-white">{t('footer.contact')}</h2>
          <ShopContact look="footer" />
        </section>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-xs">
          <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
          <LanguageSwitch />
          <p className="flex gap-4">
            <Link to="/terms" className="hover:text-brand-300">
              {t('footer.terms')}
            </Link>
            <Link to="/privacy" className="hover:text-brand-300">
              {t('footer.privacy')}
            </Link>
            <Link to="/admin-login" className="hover:text-brand-300">
              {t('footer.adminLogin')}
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
