import { cn } from '../../lib/cn';

const tones = {
  stone: 'border-stone-200',
  green: 'border-green-300',
  red: 'border-red-300',
  yellow: 'border-amber-300',
  blue: 'border-sky-300',
  brand: 'border-brand-300',
} as const;

/** One figure of an admin overview (inventory stat cards, membership counters). */
export function StatCard({
  label,
  value,
  tone = 'stone',
}: {
  label: string;
  value: number;
  tone?: keyof typeof tones;
}) {
  return (
    <div
      className={cn('flex flex-col gap-1 rounded-xl border-l-4 border-y border-r bg-white p-4 shadow-xs', tones[tone])}
    >
      <span className="text-xs font-medium uppercase tracking-wide text-muted">{label}</span>
      <span className="text-2xl font-bold text-stone-900" data-testid={`stat-${label}`}>
        {value}
      </span>
    </div>
  );
}
