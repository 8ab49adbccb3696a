import { accountMessages, secondFactorCodeField } from '@bilum/shared';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/states';
import { ApiError } from '../../lib/api-client';
import { usePendingSignIn, useSecondFactorSignIn } from './second-factor.api';
import { StepCard } from './StepCard';

/** When the password step has expired or never happened: back to the sign-in. */
export function SignInAgain() {
  return (
    <div className="flex flex-col gap-4 text-center">
      <p className="text-sm text-stone-700">Your sign-in has expired. Please sign in again.</p>
      <Link to="/admin-login" className="font-semibold text-brand-700 underline underline-offset-2">
        Back to admin sign in
      </Link>
    </div>
  );
}

/** /admin-login/code: the second step of a staff sign-in, with the app's code or a recovery code (issue 28). */
export default function SignInCodePage() {
  const pending = usePendingSignIn();
  const verify = useSecondFactorSignIn();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = secondFactorCodeField.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    verify.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast.success(accountMessages.adminLoggedIn);
        navigate(answer.redirectTo, { replace: true });
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 401) {
          void pending.refetch();
          return;
        }
        setError(failure instanceof ApiError ? failure.message : accountMessages.somethingWrong);
        setCode('');
      },
    });
  }

  return (
    <StepCard
      title="Enter your code"
      subtitle="Your account has a second factor. Open your authenticator app and type the code it shows."
    >
      {pending.isPending ? (
        <Spinner />
      ) : pending.isError ? (
        <SignInAgain />
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <p className="text-center text-sm text-stone-700">
            Signing in as <strong className="break-all">{pending.data.email}</strong>
          </p>
          <TextField
            label="6-digit code or recovery code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            hint="Lost your phone? Type one of your recovery codes instead."
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error}
          />
          <Button type="submit" variant="dark" size="lg" disabled={verify.isPending} className="w-full">
            {verify.isPending ? 'Checking…' : 'Sign In'}
          </Button>
          <p className="text-center text-sm text-stone-600">
            No phone and no recovery codes? Ask the shop owner to reset your second factor.
          </p>
        </form>
      )}
    </StepCard>
  );
}
