import { usePremiumPriceText } from '../../lib/premium-offer';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import type { StartupMessageId } from '../../i18n/i18n';
import { useStartupT } from '../../i18n/react';
import { useSession } from '../../lib/session';

/** Where the promotion's button leads: guests register, signed-in shoppers pay, members manage. */
function promoAction(isSignedIn: boolean, isMember: boolean): { to: string; label: StartupMessageId } {
  if (isMember) return { to: '/profile', label: 'promo.manage' };
  if (isSignedIn) return { to: '/membership-payment', label: 'promo.joinPremium' };
  return { to: '/register', label: 'promo.join' };
}

/** The Premium Membership promotion with its Join button. */
export function PremiumPromo() {
  const { isSignedIn, isMember } = useSession();
  const action = promoAction(isSignedIn, isMember);
  const premiumPrice = usePremiumPriceText();
  const t = useStartupT();
  return (
    <section
      aria-labelledby="premium-heading"
      className="flex flex-col items-start gap-4 rounded-2xl bg-gradient-to-r from-brand-600 to-brand-800 p-6 text-white shadow-lg sm:p-8 md:flex-row md:items-center md:justify-between"
    >
      <div>
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-100">{t('promo.kicker')}</p>
        <h2 id="premium-heading" className="mt-1 text-2xl font-extrabold sm:text-3xl">
          {isMember ? t('promo.memberHeading') : t('promo.heading')}
        </h2>
        <p className="mt-2 max-w-xl text-brand-50">
          {isMember ? t('promo.memberText') : t('promo.text', { price: premiumPrice })}
        </p>
      </div>
      <Button asChild size="lg" variant="dark" className="shrink-0">
        <Link to={action.to}>{t(action.label)}</Link>
      </Button>
    </section>
  );
}
