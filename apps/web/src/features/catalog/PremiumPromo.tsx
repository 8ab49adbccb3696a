import { usePremiumPriceText } from '../../lib/premium-offer';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { useSession } from '../../lib/session';

/** Where the promotion's button leads: guests register, signed-in shoppers pay, members manage. */
function promoAction(isSignedIn: boolean, isMember: boolean) {
  if (isMember) return { to: '/profile', label: 'Manage Membership' };
  if (isSignedIn) return { to: '/membership-payment', label: 'Join Premium' };
  return { to: '/register', label: 'Join' };
}

/** The Premium Membership promotion with its Join button. */
export function PremiumPromo() {
  const { isSignedIn, isMember } = useSession();
  const action = promoAction(isSignedIn, isMember);
  const premiumPrice = usePremiumPriceText();
  return (
    <section
      aria-labelledby="premium-heading"
      className="flex flex-col items-start gap-4 rounded-2xl bg-gradient-to-r from-brand-600 to-brand-800 p-6 text-white shadow-lg sm:p-8 md:flex-row md:items-center md:justify-between"
    >
      <div>
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-100">Bilum Premium</p>
        <h2 id="premium-heading" className="mt-1 text-2xl font-extrabold sm:text-3xl">
          {isMember ? 'You are a Premium member' : 'Premium Membership'}
        </h2>
        <p className="mt-2 max-w-xl text-brand-50">
          {isMember
            ? 'Your 10% member price is applied across the shop, with free shipping and member-only deals.'
            : `10% off all products, member-only deals, early access, priority support and free shipping for ${premiumPrice} a year.`}
        </p>
      </div>
      <Button asChild size="lg" variant="dark" className="shrink-0">
        <Link to={action.to}>{action.label}</Link>
      </Button>
    </section>
  );
}
