import { phoneCountryCodes, typedPhoneNumber } from '@bilum/shared';
import { useId } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useT } from '../../i18n/react';
import { cn } from '../../lib/cn';
import { sharedText } from '../payment/shared-texts';
import { FieldFrame, fieldAria, inputBaseClass } from './form-field';

interface PhoneFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** The form's country-code field (one of the shop's nine codes, +675 by default). */
  countryName: Path<T>;
  /** The form's number field: digits only, at most 8 for +675 and 12 otherwise, as the shopper types. */
  numberName: Path<T>;
  label?: string;
  hint?: string;
}

/** Country code and phone number side by side, applying the shop's one phone rule (packages/shared/phone.ts). */
export function PhoneField<T extends FieldValues>({
  control,
  countryName,
  numberName,
  label,
  hint,
}: PhoneFieldProps<T>) {
  const t = useT();
  const id = useId();
  const country = useController({ control, name: countryName });
  const number = useController({ control, name: numberName });
  const code = String(country.field.value ?? '+675');
  const error = sharedText(t, number.fieldState.error?.message ?? country.fieldState.error?.message);
  return (
    <FieldFrame id={id} label={label ?? t('checkout.field.phoneNumber')} error={error} hint={hint}>
      <div className="flex gap-2">
        <select
          aria-label={t('checkout.field.countryCode')}
          name={country.field.name}
          ref={country.field.ref}
          value={code}
          onBlur={country.field.onBlur}
          onChange={(event) => {
            country.field.onChange(event.target.value);
            number.field.onChange(typedPhoneNumber(event.target.value, String(number.field.value ?? '')));
          }}
          className={cn(inputBaseClass, 'w-24 shrink-0 px-2')}
        >
          {phoneCountryCodes.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <input
          {...fieldAria(id, error, hint)}
          name={number.field.name}
          ref={number.field.ref}
          value={String(number.field.value ?? '')}
          onBlur={number.field.onBlur}
          onChange={(event) => number.field.onChange(typedPhoneNumber(code, event.target.value))}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder={code === '+675' ? '7123 4567' : ''}
          className={cn(inputBaseClass, 'w-full min-w-0 flex-1')}
        />
      </div>
    </FieldFrame>
  );
}
