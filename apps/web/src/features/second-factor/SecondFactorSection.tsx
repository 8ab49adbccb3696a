import { disableSecondFactorSchema, type RecoveryCodes, totpCodeField } from '@bilum/shared';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { PasswordField, TextField } from '../../components/ui/form-field';
import { ErrorState, Spinner } from '../../components/ui/states';
import { ApiError } from '../../lib/api-client';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { SecondFactorSetup } from './SecondFactorSetup';
import { useDisableSecondFactor, useRegenerateRecoveryCodes, useSecondFactorStatus } from './second-factor.api';

const failureText = (failure: unknown) =>
  failure instanceof ApiError ? failure.message : 'Something went wrong. Please try again.';

/** /admin-account, "Second factor" (issue 28): set it up, make new recovery codes, or turn it off. */
export function SecondFactorSection() {
  const status = useSecondFactorStatus();
  const headingId = useId();
  const [settingUp, setSettingUp] = useState(false);
  const [codes, setCodes] = useState<RecoveryCodes | null>(null);

  let body;
  if (status.isPending) body = <Spinner />;
  else if (status.isError) body = <ErrorState message={status.error.message} onRetry={() => void status.refetch()} />;
  else if (codes) {
    body = (
      <div className="flex flex-col gap-4">
        <RecoveryCodesPanel codes={codes.recoveryCodes} />
        <Button type="button" variant="dark" className="self-start" onClick={() => setCodes(null)}>
          I have saved my codes
        </Button>
      </div>
    );
  } else if (!status.data.enabled) {
    body = settingUp ? (
      <SecondFactorSetup
        onEnrolled={(answer) => {
          setSettingUp(false);
          setCodes(answer);
          toast.success(answer.message);
        }}
      />
    ) : (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-stone-700">
          {status.data.required
            ? 'The shop owner requires a second factor. Set it up now; you will need it at your next sign-in.'
            : 'Off. With a second factor, a stolen password alone cannot open the admin: signing in also needs a code from an app on your phone.'}
        </p>
        <Button type="button" variant="dark" className="self-start" onClick={() => setSettingUp(true)}>
          Set up a second factor
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-6">
        <p className="text-sm text-stone-700">
          <strong className="text-green-800">On</strong>
          {status.data.enabledAt ? ` since ${new Date(status.data.enabledAt).toLocaleDateString('en-PG')}` : ''}.{' '}
          {status.data.recoveryCodesLeft} of 10 recovery codes left.
        </p>
        <RegenerateForm onDone={setCodes} />
        {status.data.required ? (
          <p className="text-sm text-stone-700">The shop owner requires a second factor, so it cannot be turned off.</p>
        ) : (
          <DisableForm />
        )}
      </div>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-lg font-semibold text-stone-900">
        Second factor
      </h2>
      {body}
    </section>
  );
}

function RegenerateForm({ onDone }: { onDone: (answer: RecoveryCodes) => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = totpCodeField.safeParse(code);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    regenerate.mutate(parsed.data, {
      onSuccess: (answer) => {
        setCode('');
        toast.success(answer.message);
        onDone(answer);
      },
      onError: (failure) => setError(failureText(failure)),
    });
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <h3 className="font-semibold text-stone-900">New recovery codes</h3>
      <TextField
        label="6-digit code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        hint="The old recovery codes stop working."
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
      />
      <Button type="submit" variant="outline" disabled={regenerate.isPending} className="self-start">
        {regenerate.isPending ? 'Making…' : 'Make new recovery codes'}
      </Button>
    </form>
  );
}

function DisableForm() {
  const disable = useDisableSecondFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = disableSecondFactorSchema.safeParse({ password, code });
    if (!parsed.success) {
      const found: { password?: string; code?: string } = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as 'password' | 'code'] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    disable.mutate(parsed.data, {
      onSuccess: (answer) => {
        setPassword('');
        setCode('');
        toast.success(answer.message);
      },
      onError: (failure) => {
        const field = failure instanceof ApiError ? failure.issues?.[0]?.path : undefined;
        setErrors(field === 'password' ? { password: failureText(failure) } : { code: failureText(failure) });
      },
    });
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <h3 className="font-semibold text-stone-900">Turn off the second factor</h3>
      <PasswordField
        label="Your password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <TextField
        label="6-digit code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={errors.code}
      />
      <Button type="submit" variant="outline" disabled={disable.isPending} className="self-start">
        {disable.isPending ? 'Turning off…' : 'Turn off'}
      </Button>
    </form>
  );
}
