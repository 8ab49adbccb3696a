import { type NewPasswordPair, staffMessages } from '@bilum/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/form-field';
import { api, ApiError } from '../../lib/api-client';
import { AuthCard } from './AuthCard';
import { lazyZodResolver } from '../../lib/lazy-resolver';

const newPasswordPairResolver = lazyZodResolver(() =>
  import('@bilum/shared/accounts.schema').then((m) => m.newPasswordPairSchema),
);

/** /staff-invite?token=…: the link from the invitation e-mail; the staff member chooses a password (issue 21). */
export default function StaffInvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const accept = useMutation({
    mutationFn: (password: string) =>
      api<{ message: string }>('/auth/staff-invite', { method: 'POST', body: { token, password } }),
  });
  const form = useForm<NewPasswordPair>({
    resolver: newPasswordPairResolver,
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  if (!token) {
    return (
      <AuthCard title="Staff invitation">
        <p role="alert" className="text-stone-700">
          {staffMessages.inviteInvalid}
        </p>
      </AuthCard>
    );
  }

  if (accept.isSuccess) {
    return (
      <AuthCard title="Password set">
        <div className="flex flex-col gap-4">
          <p role="status" className="text-stone-700">
            {accept.data.message}
          </p>
          <Button asChild variant="dark" size="lg">
            <Link to="/admin-login">Go to admin sign in</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit((values) =>
    accept.mutate(values.password, {
      onError: (error) => {
        const message = error instanceof ApiError && error.isNetwork ? 'Please check your connection.' : error.message;
        toast.error(message);
      },
    }),
  );

  return (
    <AuthCard title="Join the shop admin" subtitle="Choose the password you will sign in with.">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordField
          label="Repeat the password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" variant="dark" size="lg" disabled={accept.isPending} className="mt-2 w-full">
          {accept.isPending ? 'Saving…' : 'Set password'}
        </Button>
      </form>
    </AuthCard>
  );
}
