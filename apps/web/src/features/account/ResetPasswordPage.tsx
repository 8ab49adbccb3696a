import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/react';
import { resetPasswordWithToken } from './account.api';
import { ResetLinks } from './AccountFormParts';
import { AuthCard } from './AuthCard';
import { NewPasswordForm } from './NewPasswordForm';

/** /reset-password?token=…: the link from the e-mail; a new password twice, then /login after 2 s. */
export default function ResetPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';

  if (!token) {
    return (
      <AuthCard title={t('account.reset.title')} footer={<ResetLinks />}>
        <div className="flex flex-col items-center gap-4 text-center">
          <p role="alert" className="font-medium text-red-700">
            {t('account.reset.tokenMissing')}
          </p>
          <p className="text-sm text-stone-600">{t('account.reset.tokenHelp')}</p>
          <Button asChild size="lg" className="w-full">
            <Link to="/verify-otp">{t('account.enterCode')}</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('account.reset.chooseTitle')} subtitle={t('account.signedOutElsewhere')} footer={<ResetLinks />}>
      <NewPasswordForm
        missingPasswordMessage={t('account.toast.newPasswordMissing')}
        save={(password) => resetPasswordWithToken({ token, password })}
      />
    </AuthCard>
  );
}
