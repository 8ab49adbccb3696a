import { Link } from 'react-router';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-2 text-xl font-extrabold tracking-tight text-white"
      aria-label="Bilum home"
    >
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
      <span>
        Bilum<span className="text-brand-400">.</span>
      </span>
    </Link>
  );
}
