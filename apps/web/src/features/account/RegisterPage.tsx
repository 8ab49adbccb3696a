import {
  accountDelays,
  accountMessages,
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
          toast.success(accountMessages.registered);
          // A guest cart kept in this browser joins the new account's cart.
          void mergeGuestCartAfterSignIn(queryClient);
          navigateLater(safeReturnUrl(redirectTo, undefined, window.location.origin), accountDelays.afterRegister, {
            replace: true,
          });
        },
        onError: (error) => {
          applyServerIssues(error, form.setError, fields);
          toastFailure(error, accountMessages.registerFailedTitle, accountMessages.registerFailed);
        },
      }),
    whenMissing(form.getValues, fields, () =>
      toast.error(accountMessages.registerMissingTitle, { description: accountMessages.registerMissing }),
    ),
  );

  return (
    <AuthCard
      title="Create your account"
      subtitle="Shop with a cart that follows you, track your orders and join Premium for member prices."
      footer={<AltLink question="Already have an account?" to="/login" label="Sign in" />}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Full name"
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
          hint="PNG mobiles: 8 digits starting with 7 or 8. Landlines: 7 digits starting with 3 or 2."
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint={`At least ${passwordRules.min} characters. A short sentence is easy to remember.`}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" size="lg" disabled={registration.isPending || done} className="mt-2 w-full">
          {registration.isPending ? 'Creating your account…' : done ? 'Account created' : 'Create Account'}
        </Button>
        <p className="text-center text-xs text-muted">
          By creating an account you agree to our{' '}
          <Link to="/terms" className="underline">
            terms
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className="underline">
            privacy policy
          </Link>
          .
        </p>
      </form>
    </AuthCard>
  );
}
