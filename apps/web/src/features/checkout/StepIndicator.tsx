import { useT } from '../../i18n/react';
import { cn } from '../../lib/cn';
import { checkoutStepLabels } from './checkout-steps';

/** User Details, Payment, Order Confirmation: done steps ticked, the current one highlighted. */
export function StepIndicator({ current }: { current: 1 | 2 | 3 }) {
  const t = useT();
  return (
    <ol
      aria-label={t('checkout.step.label')}
      className="mx-auto flex w-full max-w-2xl items-start justify-between gap-2"
    >
      {checkoutStepLabels.map((label, index) => {
        const step = index + 1;
        const state = step < current ? 'done' : step === current ? 'current' : 'todo';
        return (
          <li
            key={label}
            aria-current={state === 'current' ? 'step' : undefined}
            className="relative flex flex-1 flex-col items-center gap-1.5 text-center"
          >
            {index > 0 && (
              <span
                aria-hidden
                className={cn(
                  'absolute top-4 right-1/2 h-0.5 w-full',
                  step <= current ? 'bg-brand-500' : 'bg-stone-200',
                )}
              />
            )}
            <span
              className={cn(
                'relative z-10 flex size-8 items-center justify-center rounded-full text-sm font-bold',
                state === 'done' && 'bg-brand-600 text-white',
                state === 'current' && 'bg-brand-600 text-white ring-4 ring-brand-100',
                state === 'todo' && 'bg-stone-200 text-stone-600',
              )}
            >
              {state === 'done' ? '✓' : step}
            </span>
            <span className={cn('text-xs font-medium sm:text-sm', state === 'todo' ? 'text-muted' : 'text-stone-900')}>
              {t(label)}
              {state === 'done' && <span className="sr-only"> {t('checkout.step.done')}</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
