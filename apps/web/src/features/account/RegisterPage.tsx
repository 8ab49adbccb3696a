import {
  accountDelays,
  defaultPhoneCountryCode,
  passwordRules,
  type RegisterInput,
  safeReturnUrl,
} from '@bilum/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { PasswordField, TextField } from '../../components/ui/form-field';
import { PhoneField } from '../../components/ui/phone-field';
import { useT } from '../../i18n/react';
import { mergeGuestCartAfterSignIn } from '../../lib/cart-merge';
import { applyServerIssues, whenMissing } from '../../lib/form-errors';
import { useDelayedNavigate } from '../../lib/use-delayed-navigate';
import { useRegister } from './account.api';
import { AltLink, EmailField } from './AccountFormParts';
import { AuthCard } from './AuthCard';
import { toastFailure } from './toasts';
import { lazyZodResolver } from '../../lib/lazy-resolver';

const registerResolver = lazyZodResolver(() => import('@bilum/shared/accounts.schema').then((m) => m.registerSchema));

const fields = ['fullName', 'email', 'countryCode', 'phone', 'password'] as const;

/** /register: a shopper account, then /membership-choice after 1.5 s. */
export default function RegisterPage() {
  const t = useT();
  const registration = useRegister();
  const navigateLater = useDelayedNavigate();
  const queryClient = useQueryClient();
  const form = useForm<RegisterInput>({
    resolver: registerResolver,
    defaultValues: { fullName: '', email: '', countryCode: defaultPhoneCountryCode, phone: '', password: '' },
  });
  const { errors } = form.formState;
  const done = registration.isSuccess;

  const onSubmit = form.handleSubmit(
    (values) =>
      registration.mutate(values, {
        onSuccess: ({ redirectTo }) => {
          toast.success(t('account.toast.registered'));
          // A guest cart kept in this browser joins the new account's cart.
          void mergeGuestCartAfterSignIn(queryClient);
          navigateLater(safeReturnUrl(redirectTo, undefined, window.location.origin), accountDelays.afterRegister, {
            replace: true,
          });
        },
        onError: (error) => {
          applyServerIssues(error, form.setError, fields);
          toastFailure(error, t, t('account.toast.registerFailedTitle'), t('account.toast.somethingWrong'));
        },
      }),
    whenMissing(form.getValues, fields, () =>
      toast.error(t('account.toast.registerMissingTitle'), { description: t('account.toast.registerMissing') }),
    ),
  );

  return (
    <AuthCard
      title={t('account.register.title')}
      subtitle={t('account.register.subtitle')}
      footer={<AltLink question={t('account.haveAccount')} to="/login" label={t('account.signIn')} />}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label={t('account.register.fullName')}
          autoComplete="name"
          maxLength={100}
          error={errors.fullName?.message}
          {...form.register('fullName')}
        />
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <PhoneField
          control={form.control}
          countryName="countryCode"
          numberName="phone"
          hint={t('account.register.phoneHint')}
        />
        <PasswordField
          label={t('account.password')}
          autoComplete="new-password"
          hint={t('account.register.passwordHint', { min: passwordRules.min })}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" size="lg" disabled={registration.isPending || done} className="mt-2 w-full">
          {registration.isPending
            ? t('account.register.creating')
            : done
              ? t('account.register.created')
              : t('account.register.submit')}
        </Button>
        <p className="text-center text-xs text-muted">
          {t('account.register.agree')}{' '}
          <Link to="/terms" className="underline">
            {t('account.register.terms')}
          </Link>{' '}
          {t('account.register.and')}{' '}
          <Link to="/privacy" className="underline">
            {t('account.register.privacy')}
          </Link>
          .
        </p>
      </form>
    </AuthCard>
  );
}
