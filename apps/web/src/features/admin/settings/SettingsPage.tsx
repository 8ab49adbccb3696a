import { zodResolver } from '@hookform/resolvers/zod';
import { type ShopSettingsUpdateInput, settingsMessages, shopSettingsUpdateSchema } from '@bilum/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { ErrorState, Spinner } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { applyServerIssues } from '../../../lib/form-errors';
import { useShopSettings } from '../../../lib/shop-settings';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSaveSettings } from './settings.api';
import { AdminFooter, AdminPageHeader } from '../shared/AdminFooter';
import { InvoiceSettingsSection } from './InvoiceSettingsSection';
import { DeliverySettingsSection } from './DeliverySettingsSection';
import { PaymentSettingsSection } from './PaymentSettingsSection';
import { OrderAlertSettingsSection } from './OrderAlertSettingsSection';
import { MemberCodeRuleSection } from './MemberCodeRuleSection';
import { StaffSecuritySection } from '../staff/StaffSecuritySection';

const footerLinks = [
  { to: '/entry-option', label: 'Entry Option' },
  { to: '/contact', label: 'Contact page' },
  { to: '/', label: 'Shop' },
] as const;

const fields = ['contactEmail', 'phone', 'address', 'deliveryDays'] as const;

/**
 * A link to a section (`/settings#payments`, from the setup checklist) shows it: the sections load their own data
 * and grow, so the page keeps the section in view for a moment, until the admin scrolls or touches it.
 */
function useSectionFromHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    let ticks = 0;
    const timer = window.setInterval(() => {
      document.getElementById(id)?.scrollIntoView({ block: 'start' });
      if (++ticks >= 15) window.clearInterval(timer);
    }, 100);
    const stop = () => window.clearInterval(timer);
    const options = { once: true, passive: true } as const;
    window.addEventListener('wheel', stop, options);
    window.addEventListener('touchstart', stop, options);
    window.addEventListener('keydown', stop, options);
    return () => {
      stop();
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchstart', stop);
      window.removeEventListener('keydown', stop);
    };
  }, [hash]);
}

/** /settings: the shop's contact e-mail, phone and address (footers, /contact, e-mails) and delivery time. */
export default function SettingsPage() {
  useDocumentTitle('Shop Settings');
  useSectionFromHash();
  const settings = useShopSettings();

  return (
    <>
      <div className="mx-auto w-full max-w-2xl px-4 py-8">
        <AdminPageHeader title="Shop Settings" back={{ to: '/entry-option', label: 'Back to Entry Option' }} />
        {settings.isPending ? (
          <Spinner />
        ) : settings.isError ? (
          <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />
        ) : (
          <SettingsForm key={settings.dataUpdatedAt} defaults={settings.data} />
        )}
        <InvoiceSettingsSection />
        <DeliverySettingsSection />
        <PaymentSettingsSection />
        <MemberCodeRuleSection />
        <OrderAlertSettingsSection />
        <StaffSecuritySection />
      </div>
      <AdminFooter links={footerLinks} />
    </>
  );
}

function SettingsForm({ defaults }: { defaults: ShopSettingsUpdateInput }) {
  const save = useSaveSettings();
  const form = useForm<ShopSettingsUpdateInput, unknown, ShopSettingsUpdateInput>({
    resolver: zodResolver(shopSettingsUpdateSchema),
    defaultValues: defaults,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (answer) => {
        form.reset(answer.settings);
        toast.success(settingsMessages.saved);
      },
      onError: (error) => {
        applyServerIssues(error, form.setError, fields);
        toast.error(error instanceof ApiError && error.status === 400 ? error.message : settingsMessages.saveFailed);
      },
    }),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5 rounded-xl border border-stone-200 bg-white p-4 sm:p-6"
    >
      <p className="text-sm text-stone-600">
        Shown in the footer of every page, on the Contact page and in the shop’s e-mails. The delivery time gives the
        estimated delivery of orders placed before delivery zones; newer orders use their zone’s days (below).
      </p>
      <TextField
        label="Contact e-mail"
        type="email"
        autoComplete="off"
        error={errors.contactEmail?.message}
        {...form.register('contactEmail')}
      />
      <TextField
        label="Phone"
        type="tel"
        hint="A PNG number, e.g. +675 321 4567 or 7123 4567; other countries with their + code."
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <TextField label="Address" error={errors.address?.message} {...form.register('address')} />
      <TextField
        label="Delivery time (days)"
        type="number"
        min={1}
        max={60}
        step={1}
        inputMode="numeric"
        error={errors.deliveryDays?.message}
        {...form.register('deliveryDays', { valueAsNumber: true })}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}
