import {
  type ChoosableVariant,
  chooseValue,
  type ProductOption,
  type ValueState,
  valueStates,
  type VariantValues,
} from '@bilum/shared';
import type { MessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/react';
import { cn } from '../../lib/cn';

const stateClass: Record<ValueState, string> = {
  chosen: 'border-brand-700 bg-brand-700 text-white shadow-sm',
  available: 'border-stone-300 bg-white text-stone-900 hover:border-brand-600 hover:text-brand-800',
  'sold-out': 'border-dashed border-stone-300 bg-stone-50 text-stone-600 line-through decoration-stone-500',
  none: 'border-dashed border-stone-200 bg-white text-stone-500',
};

/** What a screen reader hears after the value: only the states a sighted shopper sees drawn. */
const stateWords: Partial<Record<ValueState, MessageId>> = {
  'sold-out': 'product.variant.soldOut',
  none: 'product.variant.none',
};

interface VariantChooserProps<T extends ChoosableVariant> {
  options: readonly ProductOption[];
  variants: readonly T[];
  chosen: T;
  onChoose: (variant: T) => void;
}

/**
 * The product page's choice of variant (issue 30): one row of buttons per option, not a select, so every value
 * shows at a glance. A value whose combination with the other choices is sold out is struck through; one the
 * owner does not sell with them is dashed, and choosing it moves to a combination that exists.
 */
export function VariantChooser<T extends ChoosableVariant>({
  options,
  variants,
  chosen,
  onChoose,
}: VariantChooserProps<T>) {
  const t = useT();
  const states = valueStates(options, variants, chosen.values);
  return (
    <div className="space-y-4">
      {options.map((option, index) => (
        <fieldset key={option.name} className="min-w-0">
          <legend className="mb-2 text-sm font-semibold text-stone-700">
            {option.name}: <span className="font-bold text-stone-900">{chosen.values[index]}</span>
          </legend>
          <div className="flex flex-wrap gap-2">
            {option.values.map((value, valueIndex) => {
              const state = states[index]?.[valueIndex] ?? 'none';
              const words = stateWords[state];
              return (
                <button
                  key={value}
                  type="button"
                  aria-pressed={state === 'chosen'}
                  onClick={() => {
                    const next = chooseValue(variants, chosen.values as VariantValues, index, value);
                    if (next && next.id !== chosen.id) onChoose(next);
                  }}
                  className={cn(
                    'min-h-11 min-w-14 rounded-lg border-2 px-3 py-2 text-sm font-semibold transition-colors',
                    'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                    stateClass[state],
                  )}
                >
                  {value}
                  {words && <span className="sr-only">{` ${t(words)}`}</span>}
                </button>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
