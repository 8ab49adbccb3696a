import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreatedWebhookEndpoint,
  type FailedEmail,
  type WebhookDelivery,
  webhookDeliveryLabels,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  webhookEndpointInputSchema,
  webhookEventLabels,
  webhookEventTypes,
  webhookMessages,
  type WebhookOverview,
} from '@bilum/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/form-field';
import { EmptyState, ErrorState, Spinner } from '../../../components/ui/states';
import { api } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { applyServerIssues } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AdminFooter, AdminPageHeader } from '../shared/AdminFooter';

const webhooksKey = ['admin', 'webhooks'] as const;

const footerLinks = [
  { to: '/entry-option', label: 'Entry Option' },
  { to: '/settings', label: 'Settings' },
  { to: '/', label: 'Shop' },
] as const;

function useWebhooks() {
  return useQuery({
    queryKey: webhooksKey,
    queryFn: ({ signal }) => api<WebhookOverview>('/admin/webhooks', { signal }),
    // Deliveries move on in the background (retries): keep the list current while the page is open.
    refetchInterval: 10_000,
  });
}

function useWebhookMutation<T, V>(mutationFn: (value: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }) });
}

const failed = (error: unknown) => toast.error(error instanceof Error ? error.message : 'Something went wrong.');

/** /integrations: outgoing webhooks (issue 21, decision 017); permission "integrations". */
export default function IntegrationsPage() {
  useDocumentTitle('Integrations');
  const webhooks = useWebhooks();
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);

  return (
    <>
      <div className="mx-auto w-full max-w-4xl px-4 py-8">
        <AdminPageHeader title="Integrations" back={{ to: '/entry-option', label: 'Back to Entry Option' }} />
        <section aria-labelledby="webhooks-heading" className="flex flex-col gap-4">
          <div>
            <h2 id="webhooks-heading" className="text-lg font-bold text-stone-900">
              Webhooks
            </h2>
            <p className="mt-1 text-sm text-stone-600">
              The shop tells another system (a courier, a point of sale, the accountant’s tools) when an order is paid,
              an order’s status changes or a product runs low, by sending a signed POST to its address. A receiver that
              is down gets the event again later, up to 8 tries.
            </p>
          </div>
          <AddWebhookForm onCreated={setCreated} />
          {webhooks.isPending ? (
            <Spinner />
          ) : webhooks.isError ? (
            <ErrorState message={webhooks.error.message} onRetry={() => void webhooks.refetch()} />
          ) : (
            <>
              <EndpointList endpoints={webhooks.data.endpoints} />
              <DeliveryList deliveries={webhooks.data.deliveries} />
              <FailedEmailList emails={webhooks.data.failedEmails} />
            </>
          )}
        </section>
      </div>
      <SecretDialog created={created} onClose={() => setCreated(null)} />
      <AdminFooter links={footerLinks} />
    </>
  );
}

function AddWebhookForm({ onCreated }: { onCreated: (created: CreatedWebhookEndpoint) => void }) {
  const create = useWebhookMutation((body: WebhookEndpointInput) =>
    api<CreatedWebhookEndpoint>('/admin/webhooks', { method: 'POST', body }),
  );
  const eventsId = useId();
  const form = useForm<WebhookEndpointInput, unknown, WebhookEndpointInput>({
    resolver: zodResolver(webhookEndpointInputSchema),
    defaultValues: { url: '', description: '', events: [...webhookEventTypes] },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (answer) => {
        form.reset();
        onCreated(answer);
      },
      onError: (error) => {
        if (!applyServerIssues(error, form.setError, ['url', 'description', 'events'])) failed(error);
      },
    }),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4 sm:p-6"
      aria-label="Add a webhook"
    >
      <TextField
        label="Receiver address"
        type="url"
        inputMode="url"
        placeholder="https://example.com/bilum-webhooks"
        error={errors.url?.message}
        {...form.register('url')}
      />
      <TextField
        label="Description (optional)"
        placeholder="e.g. Courier bookings"
        error={errors.description?.message}
        {...form.register('description')}
      />
      <fieldset aria-describedby={errors.events ? `${eventsId}-error` : undefined}>
        <legend className="text-sm font-medium text-stone-800">Events</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {webhookEventTypes.map((type) => (
            <label key={type} className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
              <input
                type="checkbox"
                value={type}
                className="size-5 rounded border-control accent-brand-600"
                {...form.register('events')}
              />
              {webhookEventLabels[type]}
            </label>
          ))}
        </div>
        {errors.events && (
          <p id={`${eventsId}-error`} className="mt-1 text-sm text-red-700">
            {errors.events.message ?? webhookMessages.events}
          </p>
        )}
      </fieldset>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add webhook'}
        </Button>
      </div>
    </form>
  );
}

function EndpointList({ endpoints }: { endpoints: WebhookEndpoint[] }) {
  const update = useWebhookMutation(({ id, active }: { id: number; active: boolean }) =>
    api<WebhookEndpoint>(`/admin/webhooks/${id}`, { method: 'PATCH', body: { active } }),
  );
  const remove = useWebhookMutation((id: number) => api<null>(`/admin/webhooks/${id}`, { method: 'DELETE' }));
  const test = useWebhookMutation((id: number) =>
    api<WebhookDelivery>(`/admin/webhooks/${id}/test`, { method: 'POST', body: {} }),
  );

  if (endpoints.length === 0) {
    return (
      <EmptyState title="No webhooks yet">Add a receiver’s address above to send it the shop’s events.</EmptyState>
    );
  }
  return (
    <ul className="flex flex-col gap-3" aria-label="Webhooks">
      {endpoints.map((endpoint) => (
        <li key={endpoint.id} className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4">
          <div className="flex flex-col gap-1">
            <p className="break-all font-mono text-sm font-semibold text-stone-900">{endpoint.url}</p>
            {endpoint.description && <p className="text-sm text-stone-700">{endpoint.description}</p>}
            <p className="text-sm text-stone-600">
              {endpoint.events
                .map((type) => webhookEventLabels[type as keyof typeof webhookEventLabels] ?? type)
                .join(', ')}
              {' · '}
              <span className={endpoint.active ? 'font-medium text-green-800' : 'font-medium text-stone-700'}>
                {endpoint.active ? 'On' : 'Off'}
              </span>
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                test.mutate(endpoint.id, {
                  onSuccess: () => toast.success(webhookMessages.testQueued),
                  onError: failed,
                })
              }
            >
              Send test event
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => update.mutate({ id: endpoint.id, active: !endpoint.active }, { onError: failed })}
            >
              {endpoint.active ? 'Turn off' : 'Turn on'}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-red-700 hover:bg-red-50"
              aria-label={`Remove webhook ${endpoint.url}`}
              onClick={() => {
                if (!window.confirm(`Remove the webhook ${endpoint.url}? Its deliveries are removed too.`)) return;
                remove.mutate(endpoint.id, {
                  onSuccess: () => toast.success(webhookMessages.deleted),
                  onError: failed,
                });
              }}
            >
              Remove
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

const statusStyle: Record<WebhookDelivery['status'], string> = {
  done: 'bg-green-100 text-green-900',
  pending: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-900',
};

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' }) : '';

function DeliveryList({ deliveries }: { deliveries: WebhookDelivery[] }) {
  return (
    <section aria-labelledby="deliveries-heading" className="mt-4 flex flex-col gap-3">
      <h2 id="deliveries-heading" className="text-lg font-bold text-stone-900">
        Recent deliveries
      </h2>
      {deliveries.length === 0 ? (
        <p className="text-sm text-stone-600">No events sent yet.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Recent deliveries">
          {deliveries.map((delivery) => (
            <li
              key={delivery.id}
              className="grid gap-1 rounded-lg border border-stone-200 bg-white p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center"
            >
              <div className="flex min-w-0 flex-col gap-0.5">
                <p className="font-semibold text-stone-900">
                  {delivery.eventType} <span className="font-normal text-stone-600">· {when(delivery.createdAt)}</span>
                </p>
                <p className="truncate text-stone-700" title={delivery.url}>
                  {delivery.url}
                </p>
                <p className="text-stone-600">
                  Tries {delivery.attempts} of {delivery.maxAttempts}
                  {delivery.responseStatus !== null && ` · answered ${delivery.responseStatus}`}
                  {delivery.status === 'pending' &&
                    delivery.attempts > 0 &&
                    ` · next try ${when(delivery.nextAttemptAt)}`}
                </p>
                {delivery.lastError && delivery.status !== 'done' && (
                  <p className="break-words text-red-800">{delivery.lastError}</p>
                )}
              </div>
              <span
                className={cn(
                  'justify-self-start rounded-full px-2.5 py-1 text-xs font-semibold sm:justify-self-end',
                  statusStyle[delivery.status],
                )}
              >
                {delivery.status === 'pending' && delivery.attempts === 0
                  ? 'Queued'
                  : webhookDeliveryLabels[delivery.status]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** E-mails the outbox gave up on (decision 017): a person follows them up (the customer may need a call). */
function FailedEmailList({ emails }: { emails: FailedEmail[] }) {
  return (
    <section aria-labelledby="failed-emails-heading" className="mt-4 flex flex-col gap-3">
      <h2 id="failed-emails-heading" className="text-lg font-bold text-stone-900">
        E-mails that could not be sent
      </h2>
      {emails.length === 0 ? (
        <p className="text-sm text-stone-600">None: every e-mail went out or is still being tried.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="E-mails that could not be sent">
          {emails.map((email) => (
            <li
              key={email.id}
              className="flex flex-col gap-0.5 rounded-lg border border-stone-200 bg-white p-3 text-sm"
            >
              <p className="font-semibold text-stone-900">{email.subject}</p>
              <p className="break-all text-stone-700">
                To {email.to} · {when(email.createdAt)} · {email.attempts} tries
              </p>
              {email.lastError && <p className="break-words text-red-800">{email.lastError}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The signing secret, shown once after the endpoint is made. */
function SecretDialog({ created, onClose }: { created: CreatedWebhookEndpoint | null; onClose: () => void }) {
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
      toast.success('Secret copied.');
    } catch {
      toast.error('Could not copy: select the secret and copy it.');
    }
  };
  return (
    <Dialog
      open={created !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Webhook added"
      description={webhookMessages.created}
    >
      {created && (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-stone-700">
            The receiver checks each request’s <code className="font-mono">Bilum-Signature</code> header (
            <code className="font-mono">t=…,v1=…</code>, an HMAC-SHA256 of <code className="font-mono">t.body</code>{' '}
            under this secret) and ignores an event id it has seen before.
          </p>
          <label className="flex flex-col gap-1.5 text-sm font-medium text-stone-800">
            Signing secret
            <input
              readOnly
              value={created.secret}
              onFocus={(event) => event.currentTarget.select()}
              className="h-11 w-full rounded-lg border border-control bg-stone-50 px-3 font-mono text-sm text-stone-900"
            />
          </label>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => void copy()}>
              Copy secret
            </Button>
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
