import { Link } from 'react-router';
import NewsletterSignup from '../features/newsletter/NewsletterSignup';
import { useCategories } from '../lib/categories';
import { useSession } from '../lib/session';
import { ShopContact } from '../components/ui/shop-contact';

const helpLinks = [
  { to: '/track-order', label: 'Track your order' },
  { to: '/contact', label: 'Contact us' },
  { to: '/terms-of-service', label: 'Terms of service' },
  { to: '/privacy-policy', label: 'Privacy policy' },
];

/** Spec: "Manage Membership" for members, "Premium Membership" otherwise. */
function useMembershipLink() {
  const { isMember } = useSession();
  return isMember
    ? { to: '/profile', label: 'Manage Membership' }
    : { to: '/membership-choice', label: 'Premium Membership' };
}

export function SiteFooter() {
  const membershipLink = useMembershipLink();
  const { categories } = useCategories();
  return (
    <footer className="mt-12 bg-ink text-stone-300">
      <NewsletterSignup />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section>
          <h2 className="mb-3 text-base font-bold text-white">Bilum</h2>
          <p className="text-sm leading-relaxed">
            Phones, computers, cameras, vehicles and accessories for Papua New Guinea, priced in kina.
          </p>
        </section>
        <section>
          <h2 className="mb-3 text-base font-bold text-white">Shop</h2>
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
                {membershipLink.label}
              </Link>
            </li>
          </ul>
        </section>
        <section>
          <h2 className="mb-3 text-base font-bold text-white">Help</h2>
          <ul className="space-y-2 text-sm">
            {helpLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-brand-300">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2 className="mb-3 text-base font-bold text-white">Contact</h2>
          <ShopContact look="footer" />
        </section>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-xs">
          <p>© {new Date().getFullYear()} Bilum. Prices in kina (PGK), GST inclusive.</p>
          <p className="flex gap-4">
            <Link to="/terms" className="hover:text-brand-300">
              Terms
            </Link>
            <Link to="/privacy" className="hover:text-brand-300">
              Privacy
            </Link>
            <Link to="/admin-login" className="hover:text-brand-300">
              Admin login
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
