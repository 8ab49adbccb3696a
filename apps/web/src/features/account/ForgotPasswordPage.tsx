import { accountMessages } from '@bilum/shared';
import type { forgotPasswordSchema } from '@bilum/shared/accounts.schema';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../components/ui/button';
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
  const forgot = useForgotPassword();
  const form = useForm<ForgotInput>({ resolver: forgotPasswordResolver, defaultValues: { email: '' } });
  const email = form.watch('email').trim().toLowerCase();

  const onSubmit = form.handleSubmit((values) =>
    forgot.mutate(values.email, {
      onError: (error) => toastFailure(error, accountMessages.forgotFailedTitle),
    }),
  );

  const footer = <AltLink question="Remembered it?" to="/login" label="Back to sign in" />;

  if (forgot.isSuccess) {
    return (
      <AuthCard title="Check your email" footer={footer}>
        <div className="flex flex-col gap-5 text-center">
          <p role="status" className="text-stone-700">
            {forgot.data.message}
          </p>
          <p className="text-sm text-stone-600">
            The code and the link work once, for 15 minutes. Not there? Look in your spam folder, or ask again.
          </p>
          <Button asChild size="lg" className="w-full">
            <Link to={`/verify-otp?email=${encodeURIComponent(email)}`}>Enter the code</Link>
          </Button>
          <Button variant="ghost" onClick={() => forgot.reset()}>
            Send another code
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email of your account. We will send you a 6-digit code and a link to choose a new password."
      footer={footer}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <EmailField error={form.formState.errors.email?.message} {...form.register('email')} />
        <Button type="submit" size="lg" disabled={forgot.isPending} className="mt-2 w-full">
          {forgot.isPending ? 'Sending…' : 'Send Reset Code'}
        </Button>
      </form>
    </AuthCard>
  );
}
