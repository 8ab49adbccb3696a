import {
  formatPhoneNumber,
  type Profile,
  type SavedAddress,
  splitPhoneNumber,
  type UpdateProfileInput,
} from '@bilum/shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { PasswordField, TextField } from '../../components/ui/form-field';
import { PhoneField } from '../../components/ui/phone-field';
import { ProvinceSelect, provinceValue } from '../../components/ui/province-select';
import { ApiError } from '../../lib/api-client';
import { applyServerIssues } from '../../lib/form-errors';
import { useSaveLastOrderAddress, useUpdateProfile } from './profile.api';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import type { Translate } from '../../i18n/i18n';
import { useT } from '../../i18n/react';

const updateProfileResolver = lazyZodResolver(() =>
  import('@bilum/shared/profile.schema').then((m) => m.updateProfileSchema),
);

const fields = [
  'firstName',
  'lastName',
  'email',
  'countryCode',
  'phone',
  'address',
  'city',
  'state',
  'postcode',
  'password',
  'currentPassword',
  'textMessages',
] as const;

function formValues(profile: Profile): UpdateProfileInput {
  const phone = splitPhoneNumber(profile.phone);
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    countryCode: phone.countryCode,
    phone: phone.number,
    address: profile.address,
    city: profile.city,
    // A saved state such as "NCD" reads as its province (issue 19); an unknown one stays as it was.
    state: provinceValue(profile.state),
    postcode: profile.postcode,
    password: '',
    currentPassword: '',
    textMessages: profile.textMessages,
  };
}

/** A new e-mail or password needs the current password (issue 16): the server checks it, the form asks for it. */
function changesSignIn(profile: Profile, email: string | undefined, password: string | undefined): boolean {
  return (email ?? '').trim().toLowerCase() !== profile.email || (password ?? '') !== '';
}

/**
 * Issue 31: texts about the shopper's orders (how to pay, payment received, dispatched, ready for pickup) to the
 * order's phone number; saved with the profile.
 */
function TextMessagesSwitch(props: UseFormRegisterReturn<'textMessages'>) {
  const t = useT();
  return (
    <div className="flex items-start gap-3 rounded-lg border border-stone-200 p-3">
      <input
        id="profile-text-messages"
        type="checkbox"
        role="switch"
        aria-describedby="profile-text-messages-hint"
        className="mt-1 size-5 shrink-0 accent-brand-700"
        {...props}
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor="profile-text-messages" className="font-medium text-stone-900">
          {t('profile.textMessages')}
        </label>
        <p id="profile-text-messages-hint" className="text-sm text-stone-600">
          {t('profile.textMessagesHint')}
        </p>
      </div>
    </div>
  );
}

/** A save failure in the spec's words: network, not signed in, or the server's message. */
function saveFailure(error: unknown, t: Translate): string {
  if (error instanceof ApiError && error.isNetwork) return t('profile.saveNetwork');
  if (error instanceof ApiError && error.status === 401) return t('profile.saveNotSignedIn');
  if (error instanceof ApiError && error.code !== 'INTERNAL' && error.code !== 'HTTP') return error.message;
  return t('profile.saveFailed');
}

/** One read-only line of the profile. */
function ReadOnlyField({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="min-h-11 rounded-lg border border-stone-200 bg-stone-50 px-3 py-2.5 text-stone-900 wrap-anywhere">
        {value || <span className="text-muted">{t('profile.notSet')}</span>}
      </dd>
      {note && <dd>{note}</dd>}
    </div>
  );
}

/**
 * Issue 17: while the profile has no address, the address the shopper's last order went to, saved with one click
 * (the server copies it from the order).
 */
function LastOrderAddress({ address }: { address: SavedAddress }) {
  const save = useSaveLastOrderAddress();
  const t = useT();
  const oneLine = [address.address, address.city, address.state, address.postcode].filter(Boolean).join(', ');
  return (
    <section
      aria-label={t('profile.lastOrderAddressLabel')}
      className="flex flex-col gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-stone-900"
    >
      <p>
        {t('profile.lastOrderAddressTitle')} <span className="font-semibold">{oneLine}</span>
      </p>
      <Button
        variant="outline"
        className="self-start"
        disabled={save.isPending}
        onClick={() =>
          save.mutate(undefined, {
            onSuccess: ({ message }) => toast.success(message),
            onError: (error) => toast.error(saveFailure(error, t)),
          })
        }
      >
        {save.isPending ? t('profile.saving') : t('profile.useLastOrderAddress')}
      </Button>
    </section>
  );
}

/** Under the e-mail address while a new one waits for the link e-mailed to it. */
function PendingEmail({ pendingEmail }: { pendingEmail: string }) {
  const t = useT();
  return (
    <p role="status" className="text-sm text-amber-800 break-words">
      {t('profile.pendingEmail', { email: pendingEmail })}
    </p>
  );
}

/** The profile's details: read-only by default; Edit Profile, then Save Changes or Cancel. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateProfile();
  const t = useT();
  const [initialValues] = useState(() => formValues(profile));
  const form = useForm<UpdateProfileInput>({ resolver: updateProfileResolver, defaultValues: initialValues });
  // The form follows the profile as the server changes it (a save, an e-mail confirmed elsewhere), but not when it
  // mounts: react-hook-form resets a form given `values` once after mounting, a second rendering of the whole form
  // in the same long task as the app's take-over of the page the server rendered (issue 29).
  const shownProfile = useRef(profile);
  useEffect(() => {
    if (shownProfile.current === profile) return;
    shownProfile.current = profile;
    form.reset(formValues(profile), { keepDirtyValues: false });
  }, [form, profile]);
  const { errors } = form.formState;
  const currentState = useWatch({ control: form.control, name: 'state' }) ?? '';
  const askCurrentPassword = changesSignIn(profile, form.watch('email'), form.watch('password'));

  const cancel = () => {
    form.reset(formValues(profile));
    setEditing(false);
    toast.info(t('profile.cancelled'));
  };

  const save = form.handleSubmit((values) =>
    update.mutate(changesSignIn(profile, values.email, values.password) ? values : { ...values, currentPassword: '' }, {
      onSuccess: ({ message, passwordChanged }) => {
        // A new e-mail's "check your inbox" is in the message and stays under the address (PendingEmail).
        toast.success(message, passwordChanged ? { description: t('profile.otherDevicesSignedOut') } : {});
        setEditing(false);
      },
      onError: (error) => {
        applyServerIssues(error, form.setError, fields);
        toast.error(saveFailure(error, t));
      },
    }),
  );

  if (!editing) {
    return (
      <div className="space-y-5">
        <dl className="grid gap-4 sm:grid-cols-2">
          <ReadOnlyField label={t('profile.field.firstName')} value={profile.firstName} />
          <ReadOnlyField label={t('profile.field.lastName')} value={profile.lastName} />
          <ReadOnlyField
            label={t('profile.field.email')}
            value={profile.email}
            note={profile.pendingEmail && <PendingEmail pendingEmail={profile.pendingEmail} />}
          />
          <ReadOnlyField
            label={t('profile.field.phone')}
            value={profile.phone ? formatPhoneNumber(profile.phone) : ''}
          />
          <ReadOnlyField label={t('profile.field.password')} value="••••••••" />
          <ReadOnlyField label={t('profile.field.address')} value={profile.address} />
          <ReadOnlyField label={t('profile.field.city')} value={profile.city} />
          <ReadOnlyField label={t('profile.field.province')} value={profile.state} />
          <ReadOnlyField label={t('profile.field.postcode')} value={profile.postcode} />
          <ReadOnlyField
            label={t('profile.textMessages')}
            value={profile.textMessages ? t('profile.textMessagesOn') : t('profile.textMessagesOff')}
          />
        </dl>
        {profile.lastOrderAddress && <LastOrderAddress address={profile.lastOrderAddress} />}
        <Button size="lg" onClick={() => setEditing(true)}>
          {t('profile.editProfile')}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={save} noValidate className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('profile.field.firstName')}
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          label={t('profile.field.lastName')}
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
        <div className="flex flex-col gap-1">
          <TextField
            label={t('profile.field.email')}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          {profile.pendingEmail && <PendingEmail pendingEmail={profile.pendingEmail} />}
        </div>
        <PhoneField
          control={form.control}
          countryName="countryCode"
          numberName="phone"
          label={t('profile.field.phone')}
        />
        <PasswordField
          label={t('profile.field.password')}
          autoComplete="new-password"
          placeholder={t('profile.newPasswordPlaceholder')}
          hint={t('profile.newPasswordHint')}
          error={errors.password?.message}
          {...form.register('password')}
        />
        {askCurrentPassword && (
          <PasswordField
            label={t('profile.currentPasswordLabel')}
            autoComplete="current-password"
            hint={t('profile.currentPasswordHint')}
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
        )}
        <TextField
          label={t('profile.field.address')}
          autoComplete="street-address"
          error={errors.address?.message}
          {...form.register('address')}
        />
        <TextField
          label={t('profile.field.city')}
          autoComplete="address-level2"
          error={errors.city?.message}
          {...form.register('city')}
        />
        <ProvinceSelect
          label={t('profile.field.province')}
          autoComplete="address-level1"
          current={currentState}
          error={errors.state?.message}
          {...form.register('state')}
        />
        <TextField
          label={t('profile.field.postcode')}
          autoComplete="postal-code"
          inputMode="numeric"
          error={errors.postcode?.message}
          {...form.register('postcode')}
        />
      </div>
      <TextMessagesSwitch {...form.register('textMessages')} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="lg" disabled={update.isPending}>
          {update.isPending ? t('profile.saving') : t('profile.saveChanges')}
        </Button>
        <Button variant="outline" size="lg" onClick={cancel} disabled={update.isPending}>
          {t('profile.cancel')}
        </Button>
      </div>
    </form>
  );
}
