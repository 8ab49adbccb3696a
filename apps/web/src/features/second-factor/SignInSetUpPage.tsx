import type { RecoveryCodes } from '@bilum/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/states';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { SecondFactorSetup } from './SecondFactorSetup';
import { usePendingSignIn } from './second-factor.api';
import { SignInAgain } from './SignInCodePage';
import { StepCard } from './StepCard';

/**
 * /admin-login/set-up: the owner requires a second factor and this account has none; nothing else in the admin
 * opens until it is set up (issue 28).
 */
export default function SignInSetUpPage() {
  const pending = usePendingSignIn();
  const navigate = useNavigate();
  const [done, setDone] = useState<RecoveryCodes | null>(null);

  return (
    <StepCard
      title="Set up your second factor"
      subtitle="The shop owner requires a second factor for every staff account. Set it up to continue."
    >
      {done ? (
        <div className="flex flex-col gap-5">
          <RecoveryCodesPanel codes={done.recoveryCodes} />
          <Button
            type="button"
            variant="dark"
            size="lg"
            onClick={() => navigate(done.redirectTo ?? '/entry-option', { replace: true })}
          >
            I have saved my codes: continue
          </Button>
        </div>
      ) : pending.isPending ? (
        <Spinner />
      ) : pending.isError || pending.data.stage !== 'enrol' ? (
        <SignInAgain />
      ) : (
        <SecondFactorSetup onEnrolled={setDone} />
      )}
    </StepCard>
  );
}
