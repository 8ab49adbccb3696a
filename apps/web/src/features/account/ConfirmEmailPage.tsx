import { profileMessages } from '@bilum/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { confirmEmailChange } from './account.api';
import { AuthCard, linkClass } from './AuthCard';

function failure(error: unknown): string {
  if (error instanceof ApiError && error.isNetwork) return 'Could not reach the shop. Please try again.';
  if (error instanceof ApiError && error.code !== 'INTERNAL' && error.code !== 'HTTP') return error.message;
  return profileMessages.emailLinkInvalid;
}

/**
 * /confirm-email?token=…: the link e-mailed to a new address (issue 16). It confirms only when the button is
 * pressed, so a mail scanner that opens links changes nothing; it works signed in or not (another device).
 */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const client = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => confirmEmailChange(token),
    // The account's address changed: whatever the page shows about it is read again.
    onSuccess: () => client.invalidateQueries(),
  });

  if (confirm.isSuccess) {
    return (
      <AuthCard title="E-mail address confirmed">
        <div className="flex flex-col items-center gap-4 text-center">
          <p role="status" className="font-medium text-brand-700">
            {confirm.data.message}
          </p>
          <p className="text-sm text-stone-700">
            Sign in with <strong className="break-all">{confirm.data.email}</strong> from now on.
          </p>
          <Button asChild size="lg" className="w-full">
            <Link to="/profile">Go to my profile</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Confirm your new e-mail address"
      subtitle="Your account will use this address to sign in and for its e-mails."
      footer={
        <Link to="/profile" className={linkClass}>
          Back to my profile
        </Link>
      }
    >
      <div className="flex flex-col items-center gap-4 text-center">
        {!token || confirm.isError ? (
          <p role="alert" className="font-medium text-red-700">
            {token ? failure(confirm.error) : profileMessages.emailLinkInvalid}
          </p>
        ) : null}
        {token ? (
          <Button size="lg" className="w-full" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
            {confirm.isPending ? 'Confirming…' : 'Confirm my new e-mail address'}
          </Button>
        ) : null}
      </div>
    </AuthCard>
  );
}
