import { translateMessage } from '@bilum/shared/message-translations';
import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { useLocale, useT } from '../../i18n/react';
import { cn } from '../../lib/cn';

/**
 * A field's error in the page's language (issue 31): the forms' checks are the shared zod schemas' English
 * messages, and the API's field issues come already in the shopper's language (an unknown text stays as it is).
 * The dictionary is not on the start-up path: only the lazily loaded pages' forms import this module.
 */
function FieldError({ id, error }: { id: string; error: string }) {
  const { locale } = useLocale();
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {translateMessage(error, locale)}
    </p>
  );
}

/** Input looks without a width, for controls that size themselves (e.g. the country code). */
export const inputBaseClass =
  'h-11 rounded-lg border border-control bg-white px-3 text-base text-stone-900 shadow-xs placeholder:text-muted focus:border-focus focus:outline-none focus:ring-2 focus:ring-focus disabled:bg-stone-100 aria-invalid:border-red-600 aria-invalid:focus:ring-red-600 sm:text-sm';
export const inputClass = `${inputBaseClass} w-full`;

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Something beside the label, e.g. a "Forgot password?" link. */
  aside?: ReactNode;
  children: ReactNode;
}

/** Label, control, hint and the field's error, wired together for screen readers. */
export function FieldFrame({ id, label, error, hint, aside, children }: FieldFrameProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-stone-800">
          {label}
        </label>
        {aside}
      </div>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`} error={error} />}
    </div>
  );
}

/**
 * A group of controls (checkboxes, say) under one legend, with the group's hint and error wired as a FieldFrame's
 * are: the fieldset is described by whichever shows.
 */
export function FieldsetFrame({
  legend,
  error,
  hint,
  children,
}: {
  legend: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
      aria-invalid={error ? true : undefined}
      className="flex flex-col gap-1.5"
    >
      <legend className="mb-1.5 text-sm font-medium text-stone-800">{legend}</legend>
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {children}
      {error && <FieldError id={`${id}-error`} error={error} />}
    </fieldset>
  );
}

/** aria props of a control inside a FieldFrame. */
export function fieldAria(id: string, error: string | undefined, hint: ReactNode) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  hint?: ReactNode;
  aside?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input with its inline error; spread react-hook-form's `register(...)` into it. */
export function TextField({ label, error, hint, aside, className, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} aside={aside}>
      <input {...input} {...fieldAria(id, error, hint)} className={cn(inputClass, className)} />
    </FieldFrame>
  );
}

/** A password input with a Show/Hide button, so people on small screens can check what they typed. */
export function PasswordField({ label, error, hint, aside, className, ...input }: TextFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const t = useT();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} aside={aside}>
      <div className="relative">
        <input
          {...input}
          {...fieldAria(id, error, hint)}
          type={visible ? 'text' : 'password'}
          className={cn(inputClass, 'pr-16', className)}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-controls={id}
          className="absolute inset-y-1 right-1 rounded-md px-2 text-xs font-semibold text-stone-600 hover:bg-stone-100 hover:text-stone-900"
        >
          {visible ? t('form.password.hide') : t('form.password.show')}
          <span className="sr-only">{t('form.password.what')}</span>
        </button>
      </div>
    </FieldFrame>
  );
}
