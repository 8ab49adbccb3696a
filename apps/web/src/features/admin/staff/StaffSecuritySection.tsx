import { useId } from 'react';
import { toast } from 'sonner';
import { ErrorState, Spinner } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { useSaveStaffSecuritySettings, useStaffSecuritySettings } from './staff.api';
import { useCan } from '../shared/use-can';

/**
 * /settings, "Sign-in security" (issue 28, decision 027): the owner requires a second factor of every staff
 * account. It applies from each one's next sign-in; sessions already open keep working.
 */
export function StaffSecuritySection() {
  const can = useCan();
  const allowed = can('staff');
  const settings = useStaffSecuritySettings(allowed);
  const save = useSaveStaffSecuritySettings();
  const headingId = useId();
  const checkboxId = useId();
  const hintId = useId();
  if (!allowed) return null;

  function change(requireStaffSecondFactor: boolean) {
    save.mutate(
      { requireStaffSecondFactor },
      {
        onSuccess: () =>
          toast.success(
            requireStaffSecondFactor
              ? 'A second factor is now required of every staff account.'
              : 'A second factor is no longer required.',
          ),
        onError: (failure) =>
          toast.error(failure instanceof ApiError ? failure.message : 'Could not save. Please try again.'),
      },
    );
  }

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="mb-3 text-lg font-bold text-stone-900">
        Sign-in security
      </h2>
      <div className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
        {settings.isPending ? (
          <Spinner />
        ) : settings.isError ? (
          <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />
        ) : (
          <div className="flex items-start gap-3">
            <input
              id={checkboxId}
              type="checkbox"
              aria-describedby={hintId}
              checked={settings.data.requireStaffSecondFactor}
              disabled={save.isPending}
              onChange={(event) => change(event.target.checked)}
              className="mt-1 size-5 shrink-0 accent-brand-700"
            />
            <div>
              <label htmlFor={checkboxId} className="font-medium text-stone-900">
                Require a second factor for every staff account
              </label>
              <p id={hintId} className="mt-1 text-sm text-stone-600">
                At their next sign-in, staff without one must set up an authenticator app before they can use the admin.
                Turn on your own on My account first.
              </p>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
