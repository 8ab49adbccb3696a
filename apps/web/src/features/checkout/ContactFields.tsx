import {
  type ContactDetails,
  type ContactDetailsInput,
  defaultPhoneCountryCode,
  splitPhoneNumber,
} from '@bilum/shared';
import { zoneForProvince } from '@bilum/shared/delivery';
import { formatKina } from '@bilum/shared/money';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useForm, type UseFormReturn, useWatch } from 'react-hook-form';
import { sharedText } from '../../components/payment/shared-texts';
import { FieldFrame, fieldAria, inputClass, TextField } from '../../components/ui/form-field';
import { PhoneField } from '../../components/ui/phone-field';
import { ProvinceSelect, provinceValue } from '../../components/ui/province-select';
import { useT } from '../../i18n/react';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { type QuoteDestination, useDeliveryOptions } from './checkout.api';

export type ContactForm = UseFormReturn<ContactDetailsInput, unknown, ContactDetails>;

export const contactFieldNames = [
  'firstName',
  'lastName',
  'email',
  'countryCode',
  'phone',
  'pickup',
  'pickupLocation',
  'pickupPointId',
  'address',
  'city',
  'state',
  'postcode',
  'notes',
] as const;

export const emptyContact: ContactDetailsInput = {
  firstName: '',
  lastName: '',
  email: '',
  countryCode: defaultPhoneCountryCode,
  phone: '',
  pickup: false,
  pickupLocation: '',
  pickupPointId: null,
  address: '',
  city: '',
  state: '',
  postcode: '',
  notes: '',
};

/** Where the details deliver to, for the quote's delivery fee (issue 19). */
/**
 * Where the quote delivers to: null until the shopper has chosen pickup or a province. Nothing chosen is one
 * destination, whether the form has mounted or not: the quote the page came with (the server's, decision 034)
 * is not asked for again, with the button it enables disabled meanwhile, when the form reports its empty choice.
 */
export function quoteDestination(pickup: boolean, province: string | null | undefined): QuoteDestination {
  if (pickup) return { pickup: true, province: null };
  return province ? { pickup: false, province } : null;
}

export function destinationOf(details: Partial<ContactDetailsInput> | null | undefined): QuoteDestination {
  return details ? quoteDestination(details.pickup === true, details.state) : null;
}

const sameDestination = (a: QuoteDestination, b: QuoteDestination) =>
  a === b || (a !== null && b !== null && a.pickup === b.pickup && a.province === b.province);

/**
 * Where a checkout page's quote delivers to, from the details it opens with (the server rendered the page with the
 * same, so the app's first rendering asks for the quote the page came with) and then as the form reports it
 * (`onDestinationChange`). The form reports its choice when it mounts: the same place is no change, so the page
 * neither renders again nor asks for a second quote in the app's take-over (issue 29).
 */
export function useQuoteDestination(initial: () => QuoteDestination) {
  const [destination, setDestination] = useState(initial);
  const change = useCallback(
    (next: QuoteDestination) => setDestination((current) => (sameDestination(current, next) ? current : next)),
    [],
  );
  return [destination, change] as const;
}

/** Stored details (the phone as "+67571234567" or split) as form values. */
export function toContactFormValues(details: Partial<ContactDetailsInput> | null | undefined): ContactDetailsInput {
  if (!details) return emptyContact;
  // A saved state such as "NCD" reads as its province (issue 19); an unknown one stays, for the shopper to change.
  const merged = { ...emptyContact, ...details, state: provinceValue(details.state) };
  const phone = String(merged.phone ?? '');
  if (phone.startsWith('+') && !details.countryCode) {
    const split = splitPhoneNumber(phone);
    return { ...merged, countryCode: split.countryCode, phone: split.number };
  }
  return merged;
}

/**
 * The one contact form's state: react-hook-form with the shared schema for this order (physical items or only
 * the membership), so all four contact forms apply the same rules.
 */
export function useContactForm(
  hasPhysicalItems: boolean,
  defaultValues: ContactDetailsInput = emptyContact,
  /** 'onChange' for a form that opens with its missing fields marked: a mark goes as the field is filled in. */
  mode: 'onTouched' | 'onChange' = 'onTouched',
) {
  const resolver = useMemo(
    () =>
      lazyZodResolver(() =>
        import('@bilum/shared/contact-details').then((m) => m.contactDetailsSchema({ hasPhysicalItems })),
      ),
    [hasPhysicalItems],
  );
  return useForm<ContactDetailsInput, unknown, ContactDetails>({
    resolver,
    defaultValues,
    mode,
  });
}

interface ContactFieldsProps {
  form: ContactForm;
  /** False for an order that holds only the membership: no pickup choice, and the address is optional. */
  hasPhysicalItems: boolean;
  /** The signed-in edit modal shows the account's e-mail without letting it change. */
  emailReadOnly?: boolean;
  showNotes?: boolean;
  notesRows?: number;
  /** Told the destination as the shopper picks it (issue 19), for the summary's delivery fee. */
  onDestinationChange?: (destination: QuoteDestination) => void;
}

/**
 * The fields of every contact form: names, e-mail and phone always; then pickup (location required, the address
 * fields disabled) or delivery (street address, city, state/province, postcode); optional notes.
 */
export function ContactFields({
  form,
  hasPhysicalItems,
  emailReadOnly = false,
  showNotes = true,
  notesRows = 3,
  onDestinationChange,
}: ContactFieldsProps) {
  const t = useT();
  const { errors: fieldErrors } = form.formState;
  // The shared schema's messages (English) in the page's language; a server's message as it came.
  const errors = Object.fromEntries(
    Object.entries(fieldErrors).map(([name, error]) => [name, { message: sharedText(t, error?.message) }]),
  ) as Partial<Record<keyof ContactDetailsInput, { message?: string }>>;
  const pickup = useWatch({ control: form.control, name: 'pickup' }) === true && hasPhysicalItems;
  const province = useWatch({ control: form.control, name: 'state' }) ?? '';
  const options = useDeliveryOptions();
  const zone = options.data ? zoneForProvince(options.data.zones, province) : null;
  const points = options.data?.pickupPoints ?? [];
  const pointId = useWatch({ control: form.control, name: 'pickupPointId' });
  const point = points.find((candidate) => candidate.id === pointId);
  useEffect(() => {
    if (!onDestinationChange) return;
    onDestinationChange(hasPhysicalItems ? quoteDestination(pickup, province) : null);
  }, [onDestinationChange, hasPhysicalItems, pickup, province]);
  const notesId = useId();
  const pickupId = useId();
  const pickupPointId = useId();
  const optional = !hasPhysicalItems;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('checkout.field.firstName')}
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          label={t('checkout.field.lastName')}
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <TextField
        label={t('checkout.field.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        readOnly={emailReadOnly}
        hint={emailReadOnly ? t('checkout.field.emailOfAccount') : undefined}
        className={emailReadOnly ? 'bg-stone-100 text-stone-600' : undefined}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <PhoneField
        control={form.control}
        countryName="countryCode"
        numberName="phone"
        label={t('checkout.field.phone')}
        hint={t('checkout.field.phoneHint')}
      />
      {hasPhysicalItems && (
        <div className="rounded-xl border border-stone-200 bg-stone-50 p-3">
          <label
            htmlFor={pickupId}
            className="flex cursor-pointer items-center gap-3 text-sm font-medium text-stone-800"
          >
            <input
              id={pickupId}
              type="checkbox"
              className="size-5 accent-brand-600"
              {...form.register('pickup', {
                onChange: (event: { target: { checked: boolean } }) => {
                  // Unticking pickup clears the pickup point (spec); ticking it makes the address irrelevant, and
                  // with one pickup point it is the choice.
                  if (!event.target.checked) {
                    form.setValue('pickupLocation', '');
                    form.setValue('pickupPointId', null);
                  } else if (points.length === 1 && points[0]) {
                    form.setValue('pickupPointId', points[0].id);
                  }
                  for (const field of ['address', 'city', 'state', 'postcode', 'pickupPointId'] as const) {
                    form.clearErrors(field);
                  }
                },
              })}
            />
            {t('checkout.field.pickUpMyOrder')}
          </label>
          {pickup && (
            <div className="mt-3">
              <FieldFrame
                id={pickupPointId}
                label={t('checkout.field.pickupPoint')}
                error={errors.pickupPointId?.message}
                hint={
                  point
                    ? t('checkout.field.pickupPointHint', { address: point.address, hours: point.openingHours })
                    : undefined
                }
              >
                <select
                  {...fieldAria(pickupPointId, errors.pickupPointId?.message, point ? 'hint' : undefined)}
                  className={cn(inputClass, 'pr-8')}
                  {...form.register('pickupPointId', {
                    setValueAs: (value: unknown) =>
                      value === '' || value === null || value === undefined ? null : Number(value),
                  })}
                >
                  <option value="">
                    {points.length ? t('checkout.field.choosePickupPoint') : t('checkout.field.noPickupPoints')}
                  </option>
                  {points.map((candidate) => (
                    <option key={candidate.id} value={candidate.id}>
                      {candidate.name}
                    </option>
                  ))}
                </select>
              </FieldFrame>
            </div>
          )}
        </div>
      )}
      <fieldset disabled={pickup} className={cn('flex flex-col gap-4', pickup && 'opacity-60')}>
        <legend className="sr-only">{t('checkout.summary.deliveryAddress')}</legend>
        <TextField
          label={t(optional ? 'checkout.field.streetAddressOptional' : 'checkout.field.streetAddress')}
          autoComplete="street-address"
          error={pickup ? undefined : errors.address?.message}
          {...form.register('address')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t(optional ? 'checkout.field.cityOptional' : 'checkout.field.city')}
            autoComplete="address-level2"
            error={pickup ? undefined : errors.city?.message}
            {...form.register('city')}
          />
          <TextField
            label={t(optional ? 'checkout.field.postcodeOptional' : 'checkout.field.postcode')}
            autoComplete="postal-code"
            inputMode="numeric"
            error={pickup ? undefined : errors.postcode?.message}
            {...form.register('postcode')}
          />
        </div>
        <ProvinceSelect
          label={t(optional ? 'checkout.field.provinceOptional' : 'checkout.field.province')}
          autoComplete="address-level1"
          current={province}
          error={pickup ? undefined : errors.state?.message}
          hint={
            zone && !pickup && hasPhysicalItems
              ? zone.feeToea === 0
                ? t('checkout.field.zoneHintFree', { zone: zone.name, days: zone.deliveryDays })
                : t('checkout.field.zoneHint', {
                    zone: zone.name,
                    fee: formatKina(zone.feeToea),
                    days: zone.deliveryDays,
                  })
              : undefined
          }
          {...form.register('state')}
        />
      </fieldset>
      {showNotes && (
        <FieldFrame id={notesId} label={t('checkout.field.orderNotesOptional')} error={errors.notes?.message}>
          <textarea
            rows={notesRows}
            placeholder={t('checkout.field.orderNotesPlaceholder')}
            {...fieldAria(notesId, errors.notes?.message, undefined)}
            {...form.register('notes')}
            className={cn(inputClass, 'h-auto py-2')}
          />
        </FieldFrame>
      )}
    </div>
  );
}

/**
 * Puts the server's contact issues on the form's fields: `PUT /api/contact-details` names them plainly
 * (`firstName`), `POST /api/orders` under `contact.` (`contact.firstName`). True when any matched.
 */
export function applyContactIssues(error: unknown, form: ContactForm): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const issue of error.issues) {
    const name = issue.path.replace(/^contact\./, '');
    const field = contactFieldNames.find((candidate) => candidate === name);
    if (!field) continue;
    form.setError(field, { type: 'server', message: issue.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
