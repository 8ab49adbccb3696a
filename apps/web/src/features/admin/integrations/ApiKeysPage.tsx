import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ApiKeyScope,
  apiKeyScopeLabels,
  apiKeyScopes,
  type CreateApiKeyInput,
  createApiKeySchema,
} from '@bilum/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/form-field';
import { EmptyState, ErrorState, Spinner } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/dates';
import { applyServerIssues } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AdminFooter, AdminPageHeader } from '../shared/AdminFooter';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './integrations.api';

const failed = (error: unknown) => toast.error(error instanceof Error ? error.message : 'Something went wrong.');

function CreateKeyForm({ onCreated }: { onCreated: (key: string) => void }) {
  const create = useCreateApiKey();
  const form = useForm<CreateApiKeyInput>({
    resolver: zodResolver(createApiKeySchema),
    defaultValues: { name: '', scopes: [] },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (answer) => {
        form.reset();
        onCreated(answer.key);
      },
      onError: (error) => {
        if (!applyServerIssues(error, form.setError, ['name', 'scopes'])) failed(error);
      },
    }),
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4"
    >
      <h2 className="text-lg font-semibold text-stone-900">New API key</h2>
      <TextField
        label="Name"
        hint="What uses it, e.g. “Warehouse stock sync”."
        error={errors.name?.message}
        {...form.register('name')}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-stone-800">It may</legend>
        {apiKeyScopes.map((scope) => (
          <label key={scope} className="flex items-center gap-2 text-sm text-stone-800">
            <input type="checkbox" value={scope} className="size-4" {...form.register('scopes')} />
            {apiKeyScopeLabels[scope]}
          </label>
        ))}
        {errors.scopes?.message && (
          <p role="alert" className="text-sm text-red-700">
            {errors.scopes.message}
          </p>
        )}
      </fieldset>
      <Button type="submit" variant="dark" disabled={create.isPending} className="self-start">
        {create.isPending ? 'Creating…' : 'Create key'}
      </Button>
    </form>
  );
}

/** /api-keys: keys for other systems (issue 21; permission "integrations"): created, shown once, revoked. */
export default function ApiKeysPage() {
  useDocumentTitle('API keys');
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [shown, setShown] = useState<string | null>(null);
  return (
    <>
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8">
        <AdminPageHeader title="API keys" back={{ to: '/entry-option', label: 'Entry Option' }} />
        <p className="text-sm text-stone-700">
          Other systems call the admin API with{' '}
          <code className="rounded bg-stone-100 px-1">Authorization: Bearer …</code> and reach only what their key
          allows; everything else is refused. The API is described at{' '}
          <a href="/api/docs" className="font-medium text-brand-700 underline">
            /api/docs
          </a>
          .
        </p>
        <CreateKeyForm onCreated={setShown} />
        {keys.isPending ? (
          <Spinner label="Loading the keys…" />
        ) : keys.isError ? (
          <ErrorState message={keys.error.message} onRetry={() => void keys.refetch()} />
        ) : keys.data.keys.length === 0 ? (
          <EmptyState title="No API keys yet" />
        ) : (
          <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white px-4">
            {keys.data.keys.map((key) => (
              <li key={key.id} className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-semibold text-stone-900">
                    {key.name} <span className="font-mono text-sm font-normal text-stone-600">{key.prefix}…</span>
                  </p>
                  <p className="text-sm text-stone-700">
                    {key.scopes.map((scope: ApiKeyScope) => apiKeyScopeLabels[scope]).join(' · ')}
                  </p>
                  <p className="text-xs text-stone-600">
                    Created {formatDateTime(key.createdAt)} ·{' '}
                    {key.lastUsedAt ? `last used ${formatDateTime(key.lastUsedAt)}` : 'never used'}
                    {key.revokedAt && ` · revoked ${formatDateTime(key.revokedAt)}`}
                  </p>
                </div>
                {key.revokedAt ? (
                  <span className="self-start rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">
                    Revoked
                  </span>
                ) : (
                  <Button
                    size="sm"
                    variant="danger"
                    className="self-start sm:self-auto"
                    disabled={revoke.isPending}
                    aria-label={`Revoke ${key.name}`}
                    onClick={() =>
                      revoke.mutate(key.id, {
                        onSuccess: () => toast.success(`${key.name} is revoked.`),
                        onError: failed,
                      })
                    }
                  >
                    Revoke
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <Dialog
        open={shown !== null}
        onOpenChange={(open) => !open && setShown(null)}
        title="Your new API key"
        description="Copy it now: it is shown only this once. The shop keeps only a fingerprint of it."
      >
        <p className="break-all rounded-md bg-stone-100 p-3 font-mono text-sm text-stone-900" data-testid="new-api-key">
          {shown}
        </p>
        <div className="flex justify-end gap-2">
          <Button
            variant="outline"
            onClick={() => {
              if (shown) void navigator.clipboard?.writeText(shown).then(() => toast.success('Copied.'));
            }}
          >
            Copy
          </Button>
          <Button variant="dark" onClick={() => setShown(null)}>
            Done
          </Button>
        </div>
      </Dialog>
      <AdminFooter
        links={[
          { to: '/entry-option', label: 'Entry Option' },
          { to: '/integrations', label: 'Webhooks' },
          { to: '/activity', label: 'Activity' },
        ]}
      />
    </>
  );
}
