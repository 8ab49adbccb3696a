import type { forgotPasswordSchema } from '@bilum/shared/accounts.schema';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/react';
import { useForgotPassword } from './account.api';
import { AltLink, EmailField } from './AccountFormParts';
import { AuthCard } from './AuthCard';
import { toastFailure } from './toasts';
import { lazyZodResolver } from '../../lib/lazy-resolver';

const forgotPasswordResolver = lazyZodResolver(() =>
  import('@bilum/shared/accounts.schema').then((m) => m.forgotPasswordSchema),
);

type ForgotInput = z.input<typeof forgotPasswordSchema>;

/** /forgot-password: e-mails a 6-digit code and a reset link; the same answer whether or not the e-mail is known. */
export default function ForgotPasswordPage() {
  const t = useT();
  const forgot = useForgotPassword();
  const form = useForm<ForgotInput>({ resolver: forgotPasswordResolver, defaultValues: { email: '' } });
  const email = form.watch('email').trim().toLowerCase();

  const onSubmit = form.handleSubmit((values) =>
    forgot.mutate(values.email, {
      onError: (error) => toastFailure(error, t, t('account.toast.forgotFailedTitle')),
    }),
  );

  const footer = <AltLink question={t('account.forgot.remembered')} to="/login" label={t('account.backToSignIn')} />;

  if (forgot.isSuccess) {
    return (
      <AuthCard title={t('account.forgot.checkEmail')} footer={footer}>
        <div className="flex flex-col gap-5 text-center">
          <p role="status" className="text-stone-700">
            {forgot.data.message}
          </p>
          <p className="text-sm text-stone-600">{t('account.forgot.codeLifetime')}</p>
          <Button asChild size="lg" className="w-full">
            <Link to={`/verify-otp?email=${encodeURIComponent(email)}`}>{t('account.enterCode')}</Link>
          </Button>
          <Button variant="ghost" onClick={() => forgot.reset()}>
            {t('account.forgot.sendAnother')}
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('account.forgot.title')} subtitle={t('account.forgot.subtitle')} footer={footer}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <EmailField error={form.formState.errors.email?.message} {...form.register('email')} />
        <Button type="submit" size="lg" disabled={forgot.isPending} className="mt-2 w-full">
          {forgot.isPending ? t('account.forgot.sending') : t('account.forgot.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
