import { accountDelays, accountMessages, type AdminLoginInput } from '@bilum/shared';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { PasswordField, TextField } from '../../components/ui/form-field';
import { ApiError } from '../../lib/api-client';
import { whenMissing } from '../../lib/form-errors';
import { useDelayedNavigate } from '../../lib/use-delayed-navigate';
import { useAdminLogin } from './account.api';
import { AltLink } from './AccountFormParts';
import { AuthCard } from './AuthCard';
import { lazyZodResolver } from '../../lib/lazy-resolver';

const adminLoginResolver = lazyZodResolver(() =>
  import('@bilum/shared/accounts.schema').then((m) => m.adminLoginSchema),
);

/** The admin sign-in's failures in the spec's words (checkout-and-admin.md 6, 8). */
function adminFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return accountMessages.network;
    if (error.status === 401) return accountMessages.adminFailed;
    if (error.status === 403) return accountMessages.notAdmin;
    if (error.status === 429) return error.message;
  }
  return accountMessages.somethingWrong;
}

/** /admin-login: username and password; an administrator goes to /entry-option after 1 s. */
export default function AdminLoginPage() {
  const login = useAdminLogin();
  const navigateLater = useDelayedNavigate();
  const navigate = useNavigate();
  const form = useForm<AdminLoginInput>({
    resolver: adminLoginResolver,
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;
  const done = login.isSuccess && !login.data.secondFactor;

  const onSubmit = form.handleSubmit(
    (values) =>
      login.mutate(values, {
        onSuccess: (answer) => {
          // Issue 28: the password was right, and the second factor (or its set-up) comes next.
          if (answer.secondFactor) {
            navigate(answer.redirectTo, { replace: true });
            return;
          }
          toast.success(accountMessages.adminLoggedIn);
          navigateLater('/entry-option', accountDelays.afterAdminLogin, { replace: true });
        },
        onError: (error) => toast.error(adminFailure(error)),
      }),
    whenMissing(form.getValues, ['username', 'password'], () => toast.error(accountMessages.adminMissing)),
  );

  return (
    <AuthCard
      title="Admin sign in"
      subtitle="For shop staff: products, orders and memberships."
      footer={<AltLink question="Shopping with us?" to="/login" label="Customer sign in" />}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...form.register('username')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" variant="dark" size="lg" disabled={login.isPending || done} className="mt-2 w-full">
          {login.isPending ? 'Signing in…' : done ? 'Signed in' : 'Sign In'}
        </Button>
      </form>
    </AuthCard>
  );
}
