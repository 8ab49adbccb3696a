import { checkoutMessages } from '@bilum/shared/checkout';
import type { ContactDetailsInput } from '@bilum/shared/contact-details';
import { contactMessages, needsDeliveryOrPickup } from '@bilum/shared/contact-messages';
import type { Profile } from '@bilum/shared/profile.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { RequireSignIn } from '../../components/RequireSignIn';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/states';
import { sharedText } from '../../components/payment/shared-texts';
import { useT } from '../../i18n/react';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  contactDetailsKey,
  type QuoteDestination,
  saveContactDetails,
  useAccountDetails,
  useContactDetails,
} from './checkout.api';
import { resolveAttempt } from './checkout-attempt';
import { CheckoutFrame, Panel, PricedOrderSummary } from './CheckoutParts';
import {
  applyContactIssues,
  ContactFields,
  destinationOf,
  emptyContact,
  toContactFormValues,
  useContactForm,
  useQuoteDestination,
} from './ContactFields';
import { loadContactDraft, saveContactDraft } from './contact-draft';
import { StepIndicator } from './StepIndicator';
import { useCheckoutLines } from './use-checkout-lines';

/** /contact-details (signed in): the contact and shipping form before /checkout. */
export default function ContactDetailsPage() {
  const t = useT();
  useDocumentTitle(t('checkout.contactDetails'));
  return (
    <RequireSignIn>
      <ContactDetailsContent />
    </RequireSignIn>
  );
}

function ContactDetailsContent() {
  const t = useT();
  const [{ attempt: handedOver, unreadable }] = useState(() => resolveAttempt('member'));
  const [attempt, setAttempt] = useState(handedOver);
  const lines = attempt.selection.lines;
  const navigate = useNavigate();
  const saved = useContactDetails();
  const [draft] = useState(loadContactDraft);
  // Where the order goes: where the details the form opens with send it (as the server rendered the page), then as
  // the shopper picks it; the summary shows the delivery fee for it (issue 27).
  const [destination, setDestination] = useQuoteDestination(() =>
    needsDeliveryOrPickup(lines) ? destinationOf(toContactFormValues(saved.data?.contactDetails ?? draft)) : null,
  );
  // The summary is the server's view of the lines from the first step (issue 17, defects 1 and 4).
  const priced = useCheckoutLines(attempt, setAttempt, null, destination);
  // A first checkout (nothing saved, no draft) starts from the account's own details, phone included.
  const firstCheckout = saved.isSuccess && !saved.data.contactDetails && !draft;
  const account = useAccountDetails(firstCheckout);

  useEffect(() => {
    if (lines.length > 0) return;
    toast.error(sharedText(t, unreadable ? checkoutMessages.noPurchasableItems : checkoutMessages.noItems));
    void navigate('/cart', { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the toast is said once, in the page's language then
  }, [lines.length, unreadable, navigate]);

  if (lines.length === 0) return null;
  if (saved.isPending || (firstCheckout && account.isPending)) return <Spinner label={t('checkout.loadingDetails')} />;
  return (
    <ContactDetailsForm
      lines={lines}
      priced={priced}
      onDestinationChange={setDestination}
      stored={saved.data?.contactDetails ?? draft ?? (account.data ? accountContact(account.data) : null)}
    />
  );
}

/** The account's contact fields (the phone as "+675…", split by `toContactFormValues`). */
function accountContact({ firstName, lastName, email, phone, address, city, state, postcode }: Profile) {
  return toContactFormValues({ firstName, lastName, email, phone, address, city, state, postcode });
}

function ContactDetailsForm({
  lines,
  priced,
  onDestinationChange,
  stored,
}: {
  lines: ReturnType<typeof resolveAttempt>['attempt']['selection']['lines'];
  priced: ReturnType<typeof useCheckoutLines>;
  onDestinationChange: (destination: QuoteDestination) => void;
  /** Saved on the server, else the draft, else the account's details. */
  stored: ContactDetailsInput | null;
}) {
  const t = useT();
  const { user, membership } = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const hasPhysicalItems = needsDeliveryOrPickup(lines);
  const [defaults] = useState(() => {
    if (stored) return toContactFormValues(stored);
    // The account could not be read: start from the session's name and e-mail.
    const [firstName = '', ...rest] = (user?.fullName ?? '').trim().split(/\s+/);
    return { ...emptyContact, firstName, lastName: rest.join(' '), email: user?.email ?? '' };
  });
  const form = useContactForm(hasPhysicalItems, defaults);
  const [saving, setSaving] = useState(false);

  const submit = form.handleSubmit(
    async (values) => {
      setSaving(true);
      const savedLocally = saveContactDraft(values);
      try {
        const answer = await saveContactDetails({ ...values, hasPhysicalItems });
        client.setQueryData(contactDetailsKey, { contactDetails: answer.contactDetails });
        void navigate('/checkout');
      } catch (error) {
        if (applyContactIssues(error, form) || !savedLocally || (error instanceof ApiError && error.status === 401)) {
          toast.error(sharedText(t, contactMessages.saveFailed));
          return;
        }
        // The details are kept in the browser; checkout can go on with them.
        toast.warning(sharedText(t, contactMessages.savedLocallyOnly));
        void navigate('/checkout');
      } finally {
        setSaving(false);
      }
    },
    () => toast.error(sharedText(t, contactMessages.missingDetails)),
  );

  return (
    <CheckoutFrame
      title={t('checkout.contactDetails')}
      steps={<StepIndicator current={1} />}
      main={
        <Panel title={t('checkout.contactShippingDetails')}>
          <form onSubmit={submit} noValidate className="flex flex-col gap-5">
            <ContactFields form={form} hasPhysicalItems={hasPhysicalItems} onDestinationChange={onDestinationChange} />
            <Button type="submit" size="lg" disabled={saving} className="w-full sm:w-auto sm:self-end">
              {saving ? t('checkout.saving') : t('checkout.continueToCheckoutCaps')}
            </Button>
          </form>
        </Panel>
      }
      aside={<PricedOrderSummary priced={priced} membership={membership} />}
    />
  );
}
