import { accountDelays, type LoginInput, safeReturnUrl } from '@bilum/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/form-field';
import { useT } from '../../i18n/react';
import { mergeGuestCartAfterSignIn } from '../../lib/cart-merge';
import { whenMissing } from '../../lib/form-errors';
import { useDelayedNavigate } from '../../lib/use-delayed-navigate';
import { useLogin } from './account.api';
import { AltLink, EmailField } from './AccountFormParts';
import { AuthCard, linkClass } from './AuthCard';
import { toastFailure } from './toasts';
import { lazyZodResolver } from '../../lib/lazy-resolver';

const loginResolver = lazyZodResolver(() => import('@bilum/shared/accounts.schema').then((m) => m.loginSchema));

/** /login?returnUrl=…: sign in, then the returnUrl (inside the shop only) or /dashboard after 1.5 s. */
export default function LoginPage() {
  const t = useT();
  const [params] = useSearchParams();
  const returnUrl = params.get('returnUrl') ?? undefined;
  const login = useLogin();
  const navigateLater = useDelayedNavigate();
  const queryClient = useQueryClient();
  const form = useForm<LoginInput>({ resolver: loginResolver, defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  const done = login.isSuccess;

  const onSubmit = form.handleSubmit(
    (values) =>
      login.mutate(
        { ...values, returnUrl },
        {
          onSuccess: ({ redirectTo }) => {
            toast.success(t('account.toast.loggedIn'));
            // A guest cart kept in this browser joins the account's cart (cleared only once the server has it).
            void mergeGuestCartAfterSignIn(queryClient);
            // The one return-URL check, against this page's origin: only a path of the shop.
            navigateLater(safeReturnUrl(redirectTo, undefined, window.location.origin), accountDelays.afterLogin, {
              replace: true,
            });
          },
          onError: (error) =>
            toastFailure(error, t, t('account.toast.loginFailedTitle'), t('account.toast.loginFailed')),
        },
      ),
    whenMissing(form.getValues, ['email', 'password'], () =>
      toast.error(t('account.toast.loginMissingTitle'), { description: t('account.toast.loginMissing') }),
    ),
  );

  return (
    <AuthCard
      title={t('signIn.title')}
      subtitle={t('signIn.subtitle')}
      footer={<AltLink question={t('signIn.newToBilum')} to="/register" label={t('signIn.createAccount')} />}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <PasswordField
          label={t('account.password')}
          autoComplete="current-password"
          error={errors.password?.message}
          aside={
            <Link to="/forgot-password" className={`text-sm ${linkClass}`}>
              {t('signIn.forgotPassword')}
            </Link>
          }
          {...form.register('password')}
        />
        <Button type="submit" size="lg" disabled={login.isPending || done} className="mt-2 w-full">
          {login.isPending ? t('signIn.signingIn') : done ? t('signIn.signedIn') : t('signIn.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
