import type { RecoveryCodes } from '@bilum/shared';
import { totpCodeField } from '@bilum/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { ErrorState, Spinner } from '../../components/ui/states';
import { ApiError } from '../../lib/api-client';
import { useConfirmSetup, useStartSetup } from './second-factor.api';

/** "ABCD EFGH …": the secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Enrolment (issue 28): the server makes a secret; its QR code is drawn by the server as SVG and shown here as an
 * image (nothing is fetched from elsewhere), with the secret as text. The factor is on only once a code is right.
 */
export function SecondFactorSetup({ onEnrolled }: { onEnrolled: (answer: RecoveryCodes) => void }) {
  const start = useStartSetup();
  const confirm = useConfirmSetup();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const started = useRef(false);

  useEffect(() => {
    // One secret per visit: a second call would replace the one on the screen.
    if (started.current) return;
    started.current = true;
    start.mutate();
  }, [start]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = totpCodeField.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    confirm.mutate(parsed.data, {
      onSuccess: onEnrolled,
      onError: (failure) =>
        setError(failure instanceof ApiError ? failure.message : 'Something went wrong. Please try again.'),
    });
  }

  if (start.isPending || start.isIdle) return <Spinner label="Making your secret…" />;
  if (start.isError) {
    return <ErrorState message={start.error.message} onRetry={() => start.mutate()} />;
  }
  const setup = start.data;
  return (
    <div className="flex flex-col gap-5">
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm text-stone-700">
        <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 2FAS, …).</li>
        <li>Scan this QR code, or type the secret key into the app.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-center gap-3">
        <img
          src={`data:image/svg+xml;base64,${btoa(setup.qrSvg)}`}
          alt="QR code to scan with your authenticator app"
          width={200}
          height={200}
          className="rounded-lg border border-stone-300 bg-white"
        />
        <p className="text-center text-sm text-stone-700">
          Secret key:{' '}
          <code
            aria-label="Secret key"
            className="block break-all rounded bg-stone-100 px-2 py-1 font-mono text-sm text-stone-900 select-all"
          >
            {grouped(setup.secret)}
          </code>
        </p>
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label="6-digit code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error}
        />
        <Button type="submit" variant="dark" disabled={confirm.isPending}>
          {confirm.isPending ? 'Checking…' : 'Turn on the second factor'}
        </Button>
      </form>
    </div>
  );
}
