import { premiumPerks } from '@bilum/shared';
import { useT } from '../../i18n/react';

function Tick() {
  return (
    <svg viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden fill="currentColor">
      <path d="M7.6 14.2 3.4 10l1.4-1.4 2.8 2.8 7.6-7.6L16.6 5z" />
    </svg>
  );
}

/** The one list of Premium perks (decisions.md), as the membership screens show it (the catalogs' `perk.*`). */
export function PerksList() {
  const t = useT();
  return (
    <ul className="flex flex-col gap-3">
      {premiumPerks.map((perk) => (
        <li key={perk.id} className="flex gap-3">
          <Tick />
          <span>
            <span className="block font-semibold text-stone-900">{t(`perk.${perk.id}.title`)}</span>
            <span className="block text-sm text-stone-600">{t(`perk.${perk.id}.description`)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
