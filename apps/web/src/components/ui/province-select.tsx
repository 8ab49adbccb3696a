import { pngProvinces, provinceFromText } from '@bilum/shared';
import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import { useT } from '../../i18n/react';
import { cn } from '../../lib/cn';
import { sharedText } from '../payment/shared-texts';
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
export function ProvinceSelect({ label, error, hint, current, className, ...select }: ProvinceSelectProps) {
  const t = useT();
  const id = useId();
  const shownError = sharedText(t, error);
  const unknown = current && !provinceFromText(current) ? current : null;
  return (
    <FieldFrame id={id} label={label ?? t('checkout.field.province')} error={shownError} hint={hint}>
      <select {...select} {...fieldAria(id, shownError, hint)} className={cn(inputClass, 'pr-8', className)}>
        <option value="">{t('checkout.field.chooseProvince')}</option>
        {unknown && <option value={unknown}>{t('checkout.field.unknownProvince', { saved: unknown })}</option>}
        {pngProvinces.map((province) => (
          <option key={province} value={province}>
            {province}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
