import { cn } from '../../lib/cn';

interface RadioListProps<T extends string> {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}

/** A labelled group of large radio options, for filter sheets on small screens. */
export function RadioList<T extends string>({ legend, name, options, value, onChange, className }: RadioListProps<T>) {
  return (
    <fieldset className={cn('space-y-2', className)}>
      <legend className="mb-2 text-sm font-semibold text-stone-800">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-control px-3 py-2 text-sm text-stone-800 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-focus"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-brand-600"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Turns a label record into radio or select options, in the record's order. */
export function optionsFrom<T extends string>(labels: Record<T, string>): { value: T; label: string }[] {
  return (Object.keys(labels) as T[]).map((value) => ({ value, label: labels[value] }));
}
