import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import type { Translate } from '../../i18n/i18n';
import { useT } from '../../i18n/react';
import { ApiError } from '../../lib/api-client';
import { confirmEmailChange } from './account.api';
import { AuthCard, linkClass } from './AuthCard';

function failure(error: unknown, t: Translate): string {
  if (error instanceof ApiError && error.isNetwork) return t('account.confirmEmail.unreachable');
  if (error instanceof ApiError && error.code !== 'INTERNAL' && error.code !== 'HTTP') return error.message;
  return t('account.confirmEmail.linkInvalid');
}

/**
 * /confirm-email?token=…: the link e-mailed to a new address (issue 16). It confirms only when the button is
 * pressed, so a mail scanner that opens links changes nothing; it works signed in or not (another device).
 */
export default function ConfirmEmailPage() {
  const t = useT();
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
      <AuthCard title={t('account.confirmEmail.confirmedTitle')}>
        <div className="flex flex-col items-center gap-4 text-center">
          <p role="status" className="font-medium text-brand-700">
            {confirm.data.message}
          </p>
          <p className="text-sm text-stone-700">
            {t('account.confirmEmail.signInWith')} <strong className="break-all">{confirm.data.email}</strong>{' '}
            {t('account.confirmEmail.fromNowOn')}
          </p>
          <Button asChild size="lg" className="w-full">
            <Link to="/profile">{t('account.confirmEmail.goToProfile')}</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('account.confirmEmail.title')}
      subtitle={t('account.confirmEmail.subtitle')}
      footer={
        <Link to="/profile" className={linkClass}>
          {t('account.confirmEmail.backToProfile')}
        </Link>
      }
    >
      <div className="flex flex-col items-center gap-4 text-center">
        {!token || confirm.isError ? (
          <p role="alert" className="font-medium text-red-700">
            {token ? failure(confirm.error, t) : t('account.confirmEmail.linkInvalid')}
          </p>
        ) : null}
        {token ? (
          <Button size="lg" className="w-full" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
            {confirm.isPending ? t('account.confirmEmail.confirming') : t('account.confirmEmail.submit')}
          </Button>
        ) : null}
      </div>
    </AuthCard>
  );
}
