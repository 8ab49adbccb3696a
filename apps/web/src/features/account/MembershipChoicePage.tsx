import { accountDelays, formatKina, premiumPerks, signInPath } from '@bilum/shared';
import { usePremiumPriceText } from '../../lib/premium-offer';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { RequireSignIn } from '../../components/RequireSignIn';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import type { MessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/react';
import { useSession, useSessionEnded } from '../../lib/session';
import { useDelayedNavigate } from '../../lib/use-delayed-navigate';
import { AltLink } from './AccountFormParts';
import { AuthCard } from './AuthCard';

const basicFeatures: readonly MessageId[] = [
  'account.plan.basic.browse',
  'account.plan.basic.cart',
  'account.plan.basic.checkout',
  'account.plan.basic.history',
];

function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden fill="currentColor">
      <path d="M7.6 14.2 3.4 10l1.4-1.4 2.8 2.8 7.6-7.6L16.6 5z" />
    </svg>
  );
}

interface PlanProps {
  /** The plan's id in the page ("basic", "premium"), the same in every language. */
  id: string;
  name: string;
  price: string;
  period: string;
  features: readonly string[];
  highlighted?: boolean;
  action: ReactNode;
}

function Plan({ id, name, price, period, features, highlighted = false, action }: PlanProps) {
  const t = useT();
  return (
    <article
      aria-labelledby={`plan-${id}`}
      className={`flex flex-col gap-5 rounded-2xl border p-6 ${highlighted ? 'border-brand-500 bg-brand-50 shadow-md' : 'border-stone-200 bg-white'}`}
    >
      <header>
        <div className="flex items-center justify-between gap-2">
          <h2 id={`plan-${id}`} className="text-lg font-bold text-stone-900">
            {name}
          </h2>
          {highlighted && (
            <span className="rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">
              {t('account.plan.off')}
            </span>
          )}
        </div>
        <p className="mt-2">
          <span className="text-3xl font-black text-stone-900">{price}</span>{' '}
          <span className="text-sm text-stone-600">{period}</span>
        </p>
      </header>
      <ul className="flex flex-1 flex-col gap-2 text-sm text-stone-700">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon />
            {feature}
          </li>
        ))}
      </ul>
      {action}
    </article>
  );
}

/** Basic and Premium side by side, each with its action. */
function Plans({ basicAction, premiumAction }: { basicAction: ReactNode; premiumAction: ReactNode }) {
  const t = useT();
  const premiumPrice = usePremiumPriceText();
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <Plan
        id="basic"
        name={t('account.plan.basicName')}
        price={formatKina(0)}
        period={t('account.plan.free')}
        features={basicFeatures.map((feature) => t(feature))}
        action={basicAction}
      />
      <Plan
        id="premium"
        name={t('account.plan.premiumName')}
        price={premiumPrice}
        period={t('account.plan.perYear')}
        features={premiumPerks.map((perk) => t(`account.plan.perk.${perk.id}`))}
        highlighted
        action={premiumAction}
      />
    </div>
  );
}

/** The plans for a visitor without an account: the price and perks, and how to join. */
function GuestChoice() {
  const t = useT();
  return (
    <AuthCard
      title={t('account.plan.title')}
      subtitle={t('account.plan.guestSubtitle')}
      wide
      footer={
        <AltLink
          question={t('account.haveAccount')}
          to={signInPath('/membership-payment')}
          label={t('account.signIn')}
        />
      }
    >
      <Plans
        basicAction={
          <Button asChild variant="outline" size="lg">
            <Link to="/register">{t('account.plan.createFree')}</Link>
          </Button>
        }
        premiumAction={
          <Button asChild size="lg">
            <Link to="/register">{t('account.plan.createAccount')}</Link>
          </Button>
        }
      />
    </AuthCard>
  );
}

function Choice() {
  const t = useT();
  const { isMember } = useSession();
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const [basicChosen, setBasicChosen] = useState(false);

  const chooseBasic = () => {
    // Choosing Basic does not end a Premium membership, so a member is not told they are on Basic.
    if (isMember) return void toast.info(t('account.toast.alreadyMember'));
    setBasicChosen(true);
    navigateLater('/dashboard', accountDelays.afterBasicPlan, { replace: true });
  };
  const choosePremium = () => {
    if (isMember) toast.info(t('account.toast.alreadyMember'));
    else void navigate('/membership-payment');
  };

  return (
    <AuthCard title={t('account.plan.title')} subtitle={t('account.plan.memberSubtitle')} wide>
      <Plans
        basicAction={
          <Button variant="outline" size="lg" onClick={chooseBasic} disabled={basicChosen}>
            {t('account.plan.chooseBasic')}
          </Button>
        }
        premiumAction={
          <Button size="lg" onClick={choosePremium}>
            {t('account.plan.choosePremium')}
          </Button>
        }
      />
      <Dialog
        open={basicChosen}
        onOpenChange={(open) => {
          if (!open) void navigate('/dashboard', { replace: true });
        }}
        title={t('account.plan.welcome')}
        description={t('account.plan.onBasic')}
      >
        <p className="text-sm text-stone-600">{t('account.plan.joinAnyTime')}</p>
      </Dialog>
    </AuthCard>
  );
}

/**
 * /membership-choice: Basic (K0.00) or Premium (K200.50 per year), after registration. A visitor without an
 * account (the footer's "Premium Membership") sees the same plans with "Create account".
 */
export default function MembershipChoicePage() {
  const { isSignedIn, isLoading } = useSession();
  const { ended } = useSessionEnded();
  if (!isLoading && !isSignedIn && !ended) return <GuestChoice />;
  return (
    <RequireSignIn>
      <Choice />
    </RequireSignIn>
  );
}
