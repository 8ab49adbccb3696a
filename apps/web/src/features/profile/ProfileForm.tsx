import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatPhoneNumber,
  type Profile,
  profileMessages,
  splitPhoneNumber,
  type UpdateProfileInput,
  updateProfileSchema,
} from '@bilum/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { PasswordField, TextField } from '../../components/ui/form-field';
import { PhoneField } from '../../components/ui/phone-field';
import { ApiError } from '../../lib/api-client';
import { applyServerIssues } from '../../lib/form-errors';
import { useUpdateProfile } from './profile.api';

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
    state: profile.state,
    postcode: profile.postcode,
    password: '',
  };
}

/** A save failure in the spec's words: network, not signed in, or the server's message. */
function saveFailure(error: unknown): string {
  if (error instanceof ApiError && error.isNetwork) return profileMessages.saveNetwork;
  if (error instanceof ApiError && error.status === 401) return profileMessages.saveNotSignedIn;
  if (error instanceof ApiError && error.code !== 'INTERNAL' && error.code !== 'HTTP') return error.message;
  return profileMessages.saveFailed;
}

/** One read-only line of the profile. */
function ReadOnlyField({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="min-h-11 rounded-lg border border-stone-200 bg-stone-50 px-3 py-2.5 text-stone-900 break-words">
        {value || <span className="text-stone-400">Not set</span>}
      </dd>
    </div>
  );
}

/** The profile's details: read-only by default; Edit Profile, then Save Changes or Cancel. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateProfile();
  const form = useForm<UpdateProfileInput>({
    resolver: zodResolver(updateProfileSchema),
    values: formValues(profile),
    resetOptions: { keepDirtyValues: false },
  });
  const { errors } = form.formState;

  const cancel = () => {
    form.reset(formValues(profile));
    setEditing(false);
    toast.info(profileMessages.cancelled);
  };

  const save = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: ({ message, passwordChanged }) => {
        toast.success(message, passwordChanged ? { description: 'Your other devices have been signed out.' } : {});
        setEditing(false);
      },
      onError: (error) => {
        applyServerIssues(error, form.setError, fields);
        toast.error(saveFailure(error));
      },
    }),
  );

  if (!editing) {
    return (
      <div className="space-y-5">
        <dl className="grid gap-4 sm:grid-cols-2">
          <ReadOnlyField label="First Name" value={profile.firstName} />
          <ReadOnlyField label="Last Name" value={profile.lastName} />
          <ReadOnlyField label="Email Address" value={profile.email} />
          <ReadOnlyField label="Phone Number" value={profile.phone ? formatPhoneNumber(profile.phone) : ''} />
          <ReadOnlyField label="Password" value="••••••••" />
          <ReadOnlyField label="Address" value={profile.address} />
          <ReadOnlyField label="City" value={profile.city} />
          <ReadOnlyField label="State" value={profile.state} />
          <ReadOnlyField label="Postcode" value={profile.postcode} />
        </dl>
        <Button size="lg" onClick={() => setEditing(true)}>
          Edit Profile
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={save} noValidate className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First Name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
        <TextField
          label="Email Address"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PhoneField control={form.control} countryName="countryCode" numberName="phone" label="Phone Number" />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          placeholder={profileMessages.newPasswordPlaceholder}
          hint={profileMessages.newPasswordHint}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label="Address"
          autoComplete="street-address"
          error={errors.address?.message}
          {...form.register('address')}
        />
        <TextField label="City" autoComplete="address-level2" error={errors.city?.message} {...form.register('city')} />
        <TextField
          label="State"
          autoComplete="address-level1"
          error={errors.state?.message}
          {...form.register('state')}
        />
        <TextField
          label="Postcode"
          autoComplete="postal-code"
          inputMode="numeric"
          error={errors.postcode?.message}
          {...form.register('postcode')}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="lg" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save Changes'}
        </Button>
        <Button variant="outline" size="lg" onClick={cancel} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
