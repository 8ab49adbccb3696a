import { resetCodeLength } from '@bilum/shared';
import type { verifyCodeSchema } from '@bilum/shared/accounts.schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import type { Translate } from '../../i18n/i18n';
import { useT } from '../../i18n/react';
import { ApiError } from '../../lib/api-client';
import { whenMissing } from '../../lib/form-errors';
import { resetPasswordWithCode, useVerifyCode } from './account.api';
import { EmailField, ResetLinks } from './AccountFormParts';
import { AuthCard } from './AuthCard';
import { NewPasswordForm } from './NewPasswordForm';
import { toastFailure } from './toasts';
import { lazyZodResolver } from '../../lib/lazy-resolver';

const verifyCodeResolver = lazyZodResolver(() =>
  import('@bilum/shared/accounts.schema').then((m) => m.verifyCodeSchema),
);

type CodeInput = z.input<typeof verifyCodeSchema>;

/** A wrong code is said in the spec's words; anything else as a failure. */
function toastCodeFailure(error: unknown, t: Translate) {
  if (error instanceof ApiError && error.status === 400 && error.issues.length === 0) {
    toast.error(t('account.toast.codeInvalid'));
  } else {
    toastFailure(error, t, t('account.toast.codeCheckFailed'));
  }
}

/** /verify-otp: step 1 e-mail and code, step 2 the new password twice, then /login after 2 s. */
export default function VerifyOtpPage() {
  const t = useT();
  const [params] = useSearchParams();
  const [verified, setVerified] = useState<{ email: string; code: string } | null>(null);
  const verify = useVerifyCode();
  const form = useForm<CodeInput>({
    resolver: verifyCodeResolver,
    defaultValues: { email: params.get('email') ?? '', code: '' },
  });
  const { errors } = form.formState;

  const onVerify = form.handleSubmit(
    (values) =>
      verify.mutate(values, {
        onSuccess: () => {
          toast.success(t('account.toast.codeVerified'));
          setVerified({ email: values.email, code: values.code });
        },
        onError: (error) => toastCodeFailure(error, t),
      }),
    whenMissing(form.getValues, ['email', 'code'], () => toast.error(t('account.toast.codeMissing'))),
  );

  if (verified) {
    return (
      <AuthCard
        title={t('account.reset.chooseTitle')}
        subtitle={t('account.verify.forEmail', { email: verified.email })}
        footer={<ResetLinks />}
      >
        <Steps current={2} />
        <NewPasswordForm
          missingPasswordMessage={t('account.toast.fillAllFields')}
          save={(password) => resetPasswordWithCode({ ...verified, password })}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('account.verify.title')} subtitle={t('account.verify.subtitle')} footer={<ResetLinks />}>
      <Steps current={1} />
      <form onSubmit={onVerify} noValidate className="flex flex-col gap-4">
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <TextField
          label={t('account.verify.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={resetCodeLength}
          placeholder="123456"
          className="font-mono tracking-[0.4em]"
          error={errors.code?.message}
          {...form.register('code')}
        />
        <Button type="submit" size="lg" disabled={verify.isPending} className="mt-2 w-full">
          {verify.isPending ? t('account.verify.checking') : t('account.verify.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}

function Steps({ current }: { current: 1 | 2 }) {
  const t = useT();
  const steps = [t('account.verify.stepCode'), t('account.verify.stepPassword')];
  return (
    <ol
      className="mb-6 flex items-center justify-center gap-3 text-xs font-medium"
      aria-label={t('account.verify.steps')}
    >
      {steps.map((label, index) => {
        const step = index + 1;
        const active = step === current;
        return (
          <li key={label} className="flex items-center gap-2" aria-current={active ? 'step' : undefined}>
            <span
              className={`flex size-6 items-center justify-center rounded-full ${step <= current ? 'bg-brand-600 text-white' : 'bg-stone-200 text-stone-600'}`}
            >
              {step}
            </span>
            <span className={active ? 'text-stone-900' : 'text-muted'}>{label}</span>
            {step < steps.length && <span className="h-px w-6 bg-stone-300" aria-hidden />}
          </li>
        );
      })}
    </ol>
  );
}
