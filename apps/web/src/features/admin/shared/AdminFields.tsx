import {
  type InputHTMLAttributes,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { FieldFrame, fieldAria, inputClass } from '../../../components/ui/form-field';
import { cn } from '../../../lib/cn';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  error?: string;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select with its inline error; spread react-hook-form's `register(...)` into it. */
export function SelectField({ label, error, options, placeholder, className, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select {...select} {...fieldAria(id, error, undefined)} className={cn(inputClass, className)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, error, hint, className, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <textarea
        {...textarea}
        {...fieldAria(id, error, hint)}
        className={cn(inputClass, 'h-auto min-h-24 py-2', className)}
      />
    </FieldFrame>
  );
}

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ label, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input {...input} id={id} type="checkbox" className="size-4 rounded border-stone-400 accent-brand-600" />
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
    </div>
  );
}

/** A select's choices that show what they send (the condition of a product). */
export const toOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
