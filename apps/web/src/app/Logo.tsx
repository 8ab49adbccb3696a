import { Link } from 'react-router';
import { useStartupT } from '../i18n/react';

export function Logo({ to = '/' }: { to?: string }) {
  const t = useStartupT();
  return (
    <Link
      to={to}
      className="flex items-center gap-2 text-xl font-extrabold tracking-tight text-white"
      aria-label={t('logo.home')}
    >
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
      <span>
        Bilum<span className="text-brand-400">.</span>
      </span>
    </Link>
  );
}
