import { zodResolver } from '@hookform/resolvers/zod';
import {
  type InviteStaffInput,
  inviteStaffSchema,
  type StaffMember,
  staffMessages,
  staffRoleLabels,
  staffRoles,
  type StaffRole,
} from '@bilum/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { inputClass, TextField } from '../../../components/ui/form-field';
import { ErrorState, Spinner } from '../../../components/ui/states';
import { cn } from '../../../lib/cn';
import { applyServerIssues } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AdminFooter, AdminPageHeader } from '../shared/AdminFooter';
import { useAdminWhoami } from '../shared/admin.api';
import { useInviteStaff, useResetSecondFactor, useStaffList, useUpdateStaff } from './staff.api';

const roleHelp: Record<StaffRole, string> = {
  owner: 'Everything, including settings, staff and API keys.',
  manager: 'Products, stock, prices, orders and refunds, members, reports and the activity log.',
  staff: 'View orders, dispatch and deliver them.',
};

const statusStyles: Record<StaffMember['status'], string> = {
  active: 'bg-green-100 text-green-800',
  invited: 'bg-amber-100 text-amber-900',
  disabled: 'bg-stone-200 text-stone-700',
};

const failed = (error: unknown) => toast.error(error instanceof Error ? error.message : 'Something went wrong.');

function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const invite = useInviteStaff();
  const roleId = useId();
  const form = useForm<InviteStaffInput>({
    resolver: zodResolver(inviteStaffSchema),
    defaultValues: { email: '', fullName: '', role: 'staff' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (member) => {
        toast.success(staffMessages.invited(member.email));
        form.reset();
        onOpenChange(false);
      },
      onError: (error) => {
        if (!applyServerIssues(error, form.setError, ['email', 'fullName', 'role'])) failed(error);
      },
    }),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Invite a staff member"
      description="They get an e-mail with a link to choose their password (it works once, for 72 hours)."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField label="Name" autoComplete="off" error={errors.fullName?.message} {...form.register('fullName')} />
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="off"
          hint="They sign in at /admin-login with this address as their username."
          error={errors.email?.message}
          {...form.register('email')}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={roleId} className="text-sm font-medium text-stone-800">
            Role
          </label>
          <select id={roleId} aria-describedby={`${roleId}-help`} className={inputClass} {...form.register('role')}>
            {staffRoles.map((role) => (
              <option key={role} value={role}>
                {staffRoleLabels[role]}
              </option>
            ))}
          </select>
          <p id={`${roleId}-help`} className="text-sm text-stone-600">
            {roleHelp[form.watch('role')]}
          </p>
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="dark" disabled={invite.isPending}>
            {invite.isPending ? 'Sending…' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function StaffRow({ member, isMe }: { member: StaffMember; isMe: boolean }) {
  const update = useUpdateStaff();
  const reset = useResetSecondFactor();
  const locked = isMe || member.isConfiguredOwner;
  const roleId = useId();
  const save = (input: { role?: StaffRole; disabled?: boolean }, message: string) =>
    update.mutate({ id: member.id, ...input }, { onSuccess: () => toast.success(message), onError: failed });
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold text-stone-900">
          {member.fullName} {isMe && <span className="text-sm font-normal text-stone-600">(you)</span>}
        </p>
        <p className="break-all text-sm text-stone-600">{member.email}</p>
        <p className="mt-1 flex flex-wrap gap-2 text-xs">
          <span className={cn('rounded-full px-2 py-0.5 font-semibold', statusStyles[member.status])}>
            {member.status === 'active' ? 'Active' : member.status === 'invited' ? 'Invited' : 'Disabled'}
          </span>
          {member.secondFactor && (
            <span className="rounded-full bg-green-100 px-2 py-0.5 font-semibold text-green-900">Second factor on</span>
          )}
          {member.isConfiguredOwner && (
            <span className="rounded-full bg-stone-100 px-2 py-0.5 text-stone-700">Set by ADMIN_USERNAME</span>
          )}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <label htmlFor={roleId} className="sr-only">
          Role of {member.fullName}
        </label>
        <select
          id={roleId}
          value={member.role}
          disabled={locked || update.isPending}
          onChange={(event) => {
            const role = event.target.value as StaffRole;
            save({ role }, `${member.fullName} is now ${staffRoleLabels[role]}.`);
          }}
          className={cn(inputClass, 'h-9 w-36 shrink-0 py-1')}
        >
          {staffRoles.map((role) => (
            <option key={role} value={role}>
              {staffRoleLabels[role]}
            </option>
          ))}
        </select>
        {member.secondFactor && !isMe && (
          <Button
            size="sm"
            variant="outline"
            disabled={reset.isPending}
            aria-label={`Reset the second factor of ${member.fullName}`}
            onClick={() => {
              if (
                !window.confirm(
                  `Turn off the second factor of ${member.fullName}? Do this only if they lost their phone.`,
                )
              )
                return;
              reset.mutate(member.id, { onSuccess: (answer) => toast.success(answer.message), onError: failed });
            }}
          >
            Reset second factor
          </Button>
        )}
        {!locked &&
          (member.status === 'disabled' ? (
            <Button
              size="sm"
              variant="outline"
              disabled={update.isPending}
              onClick={() => save({ disabled: false }, `${member.fullName} can sign in again.`)}
            >
              Enable
            </Button>
          ) : (
            <Button
              size="sm"
              variant="danger"
              disabled={update.isPending}
              aria-label={`Disable ${member.fullName}`}
              onClick={() => save({ disabled: true }, `${member.fullName} is disabled and signed out.`)}
            >
              Disable
            </Button>
          ))}
      </div>
    </li>
  );
}

/** /staff: the staff accounts, invitations, roles and disabling (issue 21; permission "staff", the owner). */
export default function StaffPage() {
  useDocumentTitle('Staff');
  const staff = useStaffList();
  const me = useAdminWhoami().data?.user;
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <div className="mx-auto w-full max-w-4xl px-4 py-8">
        <AdminPageHeader
          title="Staff"
          back={{ to: '/entry-option', label: 'Entry Option' }}
          actions={
            <Button variant="dark" onClick={() => setInviting(true)}>
              Invite staff
            </Button>
          }
        />
        <dl className="mb-6 grid gap-3 text-sm sm:grid-cols-3">
          {staffRoles.map((role) => (
            <div key={role} className="rounded-lg border border-stone-200 bg-white p-3">
              <dt className="font-semibold text-stone-900">{staffRoleLabels[role]}</dt>
              <dd className="text-stone-600">{roleHelp[role]}</dd>
            </div>
          ))}
        </dl>
        {staff.isPending ? (
          <Spinner label="Loading the staff…" />
        ) : staff.isError ? (
          <ErrorState message={staff.error.message} onRetry={() => void staff.refetch()} />
        ) : (
          <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white px-4">
            {staff.data.staff.map((member) => (
              <StaffRow key={member.id} member={member} isMe={member.id === me?.id} />
            ))}
          </ul>
        )}
      </div>
      <InviteDialog open={inviting} onOpenChange={setInviting} />
      <AdminFooter
        links={[
          { to: '/entry-option', label: 'Entry Option' },
          { to: '/api-keys', label: 'API keys' },
          { to: '/activity', label: 'Activity' },
        ]}
      />
    </>
  );
}
