import { accountMessages } from '@bilum/shared';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { resetPasswordWithToken } from './account.api';
import { ResetLinks } from './AccountFormParts';
import { AuthCard } from './AuthCard';
import { NewPasswordForm } from './NewPasswordForm';

/** /reset-password?token=…: the link from the e-mail; a new password twice, then /login after 2 s. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';

  if (!token) {
    return (
      <AuthCard title="Reset your password" footer={<ResetLinks />}>
        <div className="flex flex-col items-center gap-4 text-center">
          <p role="alert" className="font-medium text-red-700">
            {accountMessages.tokenMissing}
          </p>
          <p className="text-sm text-stone-600">
            Open the link from the email again, or enter the code from it instead.
          </p>
          <Button asChild size="lg" className="w-full">
            <Link to="/verify-otp">Enter the code</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" subtitle="You will be signed out everywhere else." footer={<ResetLinks />}>
      <NewPasswordForm
        missingPasswordMessage={accountMessages.newPasswordMissing}
        save={(password) => resetPasswordWithToken({ token, password })}
      />
    </AuthCard>
  );
}
