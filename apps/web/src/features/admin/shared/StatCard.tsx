import { cn } from '../../../lib/cn';

const tones = {
  stone: 'border-stone-200',
  green: 'border-green-300',
  red: 'border-red-300',
  yellow: 'border-amber-300',
  blue: 'border-sky-300',
  brand: 'border-brand-300',
} as const;

/**
 * One figure of an admin overview (inventory stat cards, membership counters). `dense`: smaller on a phone, where
 * a list follows that should start on the first screen (the orders, issue 30).
 */
export function StatCard({
  label,
  value,
  tone = 'stone',
  dense = false,
}: {
  label: string;
  value: number;
  tone?: keyof typeof tones;
  dense?: boolean;
}) {
  return (
    <div
      className={cn(
        'flex flex-col rounded-xl border-l-4 border-y border-r bg-white shadow-xs',
        dense ? 'min-w-0 gap-0.5 px-2 py-1.5 sm:gap-1 sm:p-4' : 'gap-1 p-4',
        tones[tone],
      )}
    >
      <span
        className={cn(
          'font-medium uppercase text-muted',
          dense ? 'truncate text-[0.625rem] tracking-normal sm:text-xs sm:tracking-wide' : 'text-xs tracking-wide',
        )}
      >
        {label}
      </span>
      <span
        className={cn('font-bold text-stone-900', dense ? 'text-lg sm:text-2xl' : 'text-2xl')}
        data-testid={`stat-${label}`}
      >
        {value}
      </span>
    </div>
  );
}
