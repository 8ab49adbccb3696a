import { accountDelays, type NewPasswordPair, passwordRules } from '@bilum/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/form-field';
import { useT } from '../../i18n/react';
import { hasEmptyValue } from '../../lib/form-errors';
import { useDelayedNavigate } from '../../lib/use-delayed-navigate';
import { toastFailure } from './toasts';
import { lazyZodResolver } from '../../lib/lazy-resolver';

const newPasswordPairResolver = lazyZodResolver(() =>
  import('@bilum/shared/accounts.schema').then((m) => m.newPasswordPairSchema),
);

interface NewPasswordFormProps {
  /** Saves the new password on the server. */
  save: (password: string) => Promise<unknown>;
  /** What to say when the new password is left empty (the spec's two reset screens word it differently). */
  missingPasswordMessage: string;
}

/**
 * New password twice, as on /verify-otp (step 2) and /reset-password; on success "Password reset
 * successfully!" and /login after 2 s.
 */
export function NewPasswordForm({ save, missingPasswordMessage }: NewPasswordFormProps) {
  const t = useT();
  const navigateLater = useDelayedNavigate();
  const reset = useMutation({
    mutationFn: save,
    onSuccess: () => {
      toast.success(t('account.toast.passwordReset'));
      navigateLater('/login', accountDelays.afterPasswordReset, { replace: true });
    },
    onError: (error) => toastFailure(error, t, t('account.toast.resetFailed')),
  });
  const busy = reset.isPending;
  const done = reset.isSuccess;
  const form = useForm<NewPasswordPair>({
    resolver: newPasswordPairResolver,
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(
    (values) => reset.mutate(values.password),
    (invalid) => {
      const values = form.getValues();
      if (values.password === '') toast.error(missingPasswordMessage);
      else if (hasEmptyValue(values, ['confirmPassword'])) toast.error(t('account.toast.fillAllFields'));
      else toast.error(invalid.password?.message ?? invalid.confirmPassword?.message ?? t('account.toast.resetFailed'));
    },
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <PasswordField
        label={t('account.newPassword.label')}
        autoComplete="new-password"
        hint={t('account.newPassword.hint', { min: passwordRules.min })}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordField
        label={t('account.newPassword.confirm')}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" size="lg" disabled={busy || done} className="mt-2 w-full">
        {busy
          ? t('account.newPassword.saving')
          : done
            ? t('account.newPassword.changed')
            : t('account.newPassword.submit')}
      </Button>
    </form>
  );
}
