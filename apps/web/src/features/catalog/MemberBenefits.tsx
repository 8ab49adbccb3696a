import { premiumPerks } from '@bilum/shared';
import { CheckIcon } from '../../components/ui/action-icons';
import { useStartupT } from '../../i18n/react';

/** The member-benefits cards: the one list of Premium perks. */
export function MemberBenefits() {
  const t = useStartupT();
  return (
    <section aria-labelledby="member-benefits-heading">
      <h2 id="member-benefits-heading" className="mb-4 text-xl font-bold text-stone-900 sm:text-2xl">
        {t('benefits.heading')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {premiumPerks.map((perk) => (
          <li
            key={perk.id}
            className="flex gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm lg:flex-col"
          >
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
              <CheckIcon />
            </span>
            <div>
              <h3 className="font-semibold text-stone-900">{t(`perk.${perk.id}.title`)}</h3>
              <p className="mt-1 text-sm text-stone-600">{t(`perk.${perk.id}.description`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
