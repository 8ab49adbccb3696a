import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangeOwnPasswordInput, changeOwnPasswordSchema, staffRoleLabels } from '@bilum/shared';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/form-field';
import { applyServerIssues } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AdminFooter, AdminPageHeader } from '../shared/AdminFooter';
import { useAdminWhoami } from '../shared/admin.api';
import { useChangeOwnPassword } from './staff.api';

/**
 * /admin-account: who you are, your role, and your own password (every staff member, issue 21); `secondFactor` is
 * the second-factor section, composed in by src/app (issue 28).
 */
export default function AdminAccountPage({ secondFactor }: { secondFactor?: ReactNode }) {
  useDocumentTitle('My account');
  const me = useAdminWhoami().data?.user;
  const change = useChangeOwnPassword();
  const form = useForm<ChangeOwnPasswordInput>({
    resolver: zodResolver(changeOwnPasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        form.reset();
      },
      onError: (error) => {
        if (!applyServerIssues(error, form.setError, ['currentPassword', 'newPassword'])) {
          toast.error(error instanceof Error ? error.message : 'Something went wrong.');
        }
      },
    }),
  );
  return (
    <>
      <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-8">
        <AdminPageHeader title="My account" back={{ to: '/entry-option', label: 'Entry Option' }} />
        {me && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl border border-stone-200 bg-white p-4 text-sm">
            <dt className="font-semibold text-stone-700">Name</dt>
            <dd className="text-stone-900">{me.fullName}</dd>
            <dt className="font-semibold text-stone-700">Username</dt>
            <dd className="break-all text-stone-900">{me.email}</dd>
            <dt className="font-semibold text-stone-700">Role</dt>
            <dd className="text-stone-900">{me.staffRole ? staffRoleLabels[me.staffRole] : 'Owner'}</dd>
          </dl>
        )}
        <form
          onSubmit={onSubmit}
          noValidate
          className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4"
        >
          <h2 className="text-lg font-semibold text-stone-900">Change your password</h2>
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            hint="At least 8 characters. Your other devices are signed out."
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <Button type="submit" variant="dark" disabled={change.isPending} className="self-start">
            {change.isPending ? 'Saving…' : 'Change password'}
          </Button>
        </form>
        {secondFactor}
      </div>
      <AdminFooter links={[{ to: '/entry-option', label: 'Entry Option' }]} />
    </>
  );
}
