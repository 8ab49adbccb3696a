import { pngProvinces, provinceFromText } from '@bilum/shared';
import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import { cn } from '../../lib/cn';
import { FieldFrame, fieldAria, inputClass } from './form-field';

export interface ProvinceSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label?: string;
  error?: string;
  hint?: ReactNode;
  /** The value now in the form: a saved free-text state that is not one of the 22 stays visible as its own option. */
  current?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** The value a saved state/province takes in the select: its province ("NCD" -> National Capital District). */
export function provinceValue(saved: string | null | undefined): string {
  return provinceFromText(saved) ?? saved ?? '';
}

/**
 * PNG's 22 provinces (issue 19): the delivery fee is the province's zone's. A saved address from before the list
 * that names no province keeps its text as an extra option, marked, so nothing saved is hidden.
 */
export function ProvinceSelect({
  label = 'Province',
  error,
  hint,
  current,
  className,
  ...select
}: ProvinceSelectProps) {
  const id = useId();
  const unknown = current && !provinceFromText(current) ? current : null;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select {...select} {...fieldAria(id, error, hint)} className={cn(inputClass, 'pr-8', className)}>
        <option value="">Choose your province</option>
        {unknown && <option value={unknown}>{unknown} (saved: please choose a province)</option>}
        {pngProvinces.map((province) => (
          <option key={province} value={province}>
            {province}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
