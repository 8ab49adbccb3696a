import { checkoutMessages } from '@bilum/shared/checkout';
import type { CheckoutOrder, PlacedOrderResponse } from '@bilum/shared/checkout.schema';
import { noPaymentMethodMessage, type PaymentMethod } from '@bilum/shared/payment-methods';
import { type ContactDetails, type ContactDetailsInput, contactDetailsSchema } from '@bilum/shared/contact-details';
import { contactMessages, needsDeliveryOrPickup } from '@bilum/shared/contact-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { billingFromContact } from '../../components/payment/card-details';
import { sharedText } from '../../components/payment/shared-texts';
import { RequireSignIn } from '../../components/RequireSignIn';
import { Button } from '../../components/ui/button';
import { ErrorState, Spinner } from '../../components/ui/states';
import { useT } from '../../i18n/react';
import { ApiError } from '../../lib/api-client';
import { clearSignedInCheckoutStorage } from '../../lib/checkout-handoff';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  contactDetailsKey,
  saveContactDetails,
  useContactDetails,
  usePaymentConfig,
  usePaymentMethods,
} from './checkout.api';
import { availableMethods, NoPaymentMethodPanel, PayLaterPanel, PaymentMethodChoice } from './PaymentMethods';
import { clearAttempt, resolveAttempt, saveConfirmation } from './checkout-attempt';
import { checkoutStep } from './checkout-steps';
import {
  CheckoutFrame,
  ContactStepForm,
  ContactSummaryPanel,
  EditContactDialog,
  LineChangesNotice,
  PaymentPanel,
  PaymentSystemError,
  PricedOrderSummary,
  PriceChangedNotice,
} from './CheckoutParts';
import { destinationOf, toContactFormValues } from './ContactFields';
import { DiscountCodeField, useCheckoutCode } from './DiscountCodeField';
import { loadContactDraft, saveContactDraft } from './contact-draft';
import { StepIndicator } from './StepIndicator';
import { useCardCollector } from './use-card-collector';
import { useCheckoutLines } from './use-checkout-lines';
import { orderErrorMessage, useCheckoutOrder } from './use-checkout-order';

/** /checkout (signed in): contact summary with an edit modal, the card, and the order summary. */
export default function CheckoutPage() {
  const t = useT();
  useDocumentTitle(t('checkout.title'));
  return (
    <RequireSignIn>
      <CheckoutContent />
    </RequireSignIn>
  );
}

function CheckoutContent() {
  const t = useT();
  const [resolved] = useState(() => resolveAttempt('member'));
  const [attempt, setAttempt] = useState(resolved.attempt);
  const lines = attempt.selection.lines;
  const navigate = useNavigate();
  const client = useQueryClient();
  const saved = useContactDetails();
  const config = usePaymentConfig();
  const [editing, setEditing] = useState(false);
  const [paid, setPaid] = useState(false);
  const card = useCardCollector();
  const { membership } = useSession();
  // The server's details win; a draft kept in the browser (its save failed) is the fallback.
  const [override, setOverride] = useState<ContactDetailsInput | null>(null);
  const stored = saved.data?.contactDetails ?? null;
  const contact: ContactDetailsInput | null =
    override ?? (stored ? toContactFormValues(stored) : saved.isPending ? null : loadContactDraft());
  // The summary's delivery fee is the server's for the saved province or pickup (issue 19).
  const priced = useCheckoutLines(attempt, setAttempt, attempt.created, destinationOf(contact));
  const hasPhysicalItems = needsDeliveryOrPickup(priced.purchasable ?? lines);
  // Issue 19: card, bank transfer or pay at pickup (only for an order collected at a pickup point).
  const methods = usePaymentMethods();
  const [method, setMethod] = useState<PaymentMethod>('card');
  const forPayment = { pickup: contact?.pickup === true, hasPhysicalItems };
  const offered = availableMethods(methods.data, forPayment);
  // No way to pay the shop has on fits this order (e.g. only pay at pickup, delivered): say so, no Pay button.
  const noWayToPay = methods.data && offered.length === 0 ? noPaymentMethodMessage(methods.data, forPayment) : null;
  const chosen: PaymentMethod = offered.includes(method) ? method : (offered[0] ?? 'card');
  const cardOn = methods.data?.card ?? false;

  useEffect(() => {
    if (lines.length === 0 && !paid) {
      toast.error(sharedText(t, resolved.unreadable ? checkoutMessages.noPurchasableItems : checkoutMessages.noItems));
      void navigate('/cart', { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the toast is said once, in the page's language then
  }, [lines.length, paid, resolved.unreadable, navigate]);

  useEffect(() => {
    if (lines.length > 0 && !saved.isPending && !contact) {
      toast.error(sharedText(t, contactMessages.notFound));
      void navigate('/contact-details', { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the toast is said once, in the page's language then
  }, [lines.length, saved.isPending, contact, navigate]);

  const onPaid = useCallback(
    (order: CheckoutOrder, created: PlacedOrderResponse) => {
      setPaid(true);
      clearSignedInCheckoutStorage();
      clearAttempt();
      void client.invalidateQueries({ queryKey: ['cart'] });
      const confirmation = {
        orderId: order.id,
        trackingCode: order.trackingCode,
        email: order.email,
        isGuest: false,
        checkoutToken: created.checkoutToken,
      };
      saveConfirmation(confirmation);
      void navigate('/order-confirmation', { state: confirmation, replace: true });
    },
    [client, navigate],
  );

  // The total the summary shows now (the server's quote): sent with the order, never placed at another (decision 022).
  const quotedTotal = priced.purchasable && !priced.pricing ? priced.summary.totals.total : null;
  const checkout = useCheckoutOrder({
    attempt,
    setAttempt,
    purchasable: priced.purchasable,
    returnPath: '/checkout',
    onPaid,
    declinedFallback: sharedText(t, checkoutMessages.paymentFailed),
    shownTotal: quotedTotal,
    onPriceChanged: priced.refresh,
  });
  const created = attempt.created;
  const code = useCheckoutCode(attempt, setAttempt, priced);

  // A line sold out between the quote and the order: show the server's lines again.
  const refreshPrices = priced.refresh;
  useEffect(() => {
    if (checkout.orderError instanceof ApiError && checkout.orderError.code === 'OUT_OF_STOCK') refreshPrices();
  }, [checkout.orderError, refreshPrices]);

  // Saved details that do not meet this order's rule (a delivery without an address, ...) open step 1 with the
  // missing fields marked, as does the order's refusal of a contact field: never a "Try again" that cannot work.
  const contactIncomplete = contact !== null && !contactDetailsSchema({ hasPhysicalItems }).safeParse(contact).success;
  const contactRefused =
    checkout.orderError instanceof ApiError &&
    checkout.orderError.code === 'VALIDATION' &&
    checkout.orderError.issues.some((issue) => issue.path.startsWith('contact.'));
  const needsDetails = contactIncomplete || contactRefused;

  // The order (and its payment) is made once the contact details are complete and the server has priced the items.
  const contactJson = contact ? JSON.stringify(contact) : null;
  const buyKey = priced.purchasable
    ? JSON.stringify(priced.purchasable.map((l) => [l.productId, l.variantId, l.quantity]))
    : null;
  useEffect(() => {
    if (!contact || lines.length === 0 || paid || checkout.returnedFromAuthentication) return;
    if (contactIncomplete || !buyKey || priced.nothingToBuy || !cardOn) return;
    if (created && attempt.contactJson === contactJson) return;
    void checkout.placeOrder(contact);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [contactJson, lines.length, buyKey, contactIncomplete, cardOn, attempt.discountCode]);

  useEffect(() => {
    if (checkout.failure) toast.error(sharedText(t, checkout.failure.message));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a toast per failure, not again when the language changes
  }, [checkout.failure]);

  const saveEdited = async (values: ContactDetails) => {
    saveContactDraft(values);
    try {
      const answer = await saveContactDetails({ ...values, hasPhysicalItems });
      client.setQueryData(contactDetailsKey, { contactDetails: answer.contactDetails });
      setOverride(toContactFormValues(answer.contactDetails));
    } catch {
      toast.warning(sharedText(t, contactMessages.savedLocallyOnly));
      setOverride(values);
    }
    return true;
  };

  const pay = async () => {
    if (!config.data) return void toast.error(sharedText(t, checkoutMessages.paymentNotReady));
    if (!contact) {
      toast.error(t('checkout.contactNotFound'));
      return void navigate('/contact-details');
    }
    if (!created) return void toast.error(sharedText(t, checkoutMessages.prepareFailed));
    if (!(created.payment.amount > 0)) return void toast.error(sharedText(t, checkoutMessages.invalidTotal));
    const collected = await card.collect(billingFromContact(contact), sharedText(t, checkoutMessages.cardMissing));
    if (!collected.ok) return void checkout.setFailure({ kind: 'declined', message: collected.message });
    await checkout.pay(created, collected.input);
  };

  if (lines.length === 0 && !paid) return null;
  if (config.isError || card.loadFailed) return <PaymentSystemError />;
  if (!contact) return <Spinner label={t('checkout.loadingDetails')} />;

  const step = checkoutStep({ detailsConfirmed: !needsDetails, orderPaid: paid });
  return (
    <CheckoutFrame
      title={t('checkout.title')}
      steps={<StepIndicator current={step} />}
      main={
        <>
          <LineChangesNotice changes={priced.changes} />
          {needsDetails ? (
            <ContactStepForm
              details={contact}
              hasPhysicalItems={hasPhysicalItems}
              serverError={contactRefused ? checkout.orderError : null}
              onSave={saveEdited}
            />
          ) : (
            <ContactSummaryPanel
              details={contact}
              editDisabled={checkout.phase !== 'idle'}
              onEdit={() => setEditing(true)}
            />
          )}
          {needsDetails ? null : priced.nothingToBuy ? (
            <ErrorState message={sharedText(t, checkoutMessages.noPurchasableItems)}>
              <Button variant="outline" onClick={() => void navigate('/cart')}>
                {t('checkout.backToCart')}
              </Button>
            </ErrorState>
          ) : checkout.orderError ? (
            <ErrorState message={sharedText(t, orderErrorMessage(checkout.orderError))}>
              <div className="flex flex-wrap justify-center gap-2">
                <Button variant="outline" onClick={() => void checkout.placeOrder(contact)}>
                  {t('checkout.tryAgain')}
                </Button>
                <Button variant="ghost" onClick={() => void navigate('/cart')}>
                  {t('checkout.backToCart')}
                </Button>
              </div>
            </ErrorState>
          ) : (
            <>
              {noWayToPay ? (
                <NoPaymentMethodPanel message={noWayToPay} />
              ) : (
                <>
                  <PriceChangedNotice change={checkout.priceChange} />
                  <PaymentMethodChoice
                    methods={offered}
                    value={chosen}
                    onChange={setMethod}
                    disabled={checkout.phase !== 'idle'}
                  />
                  {chosen === 'card' ? (
                    <PaymentPanel
                      config={config.data}
                      card={card}
                      phase={checkout.phase}
                      total={created ? created.payment.amount : null}
                      failure={checkout.failure?.message ?? null}
                      onPay={() => void pay()}
                    />
                  ) : (
                    <PayLaterPanel
                      method={chosen}
                      methods={methods.data}
                      total={checkout.priceChange?.now ?? quotedTotal}
                      phase={checkout.phase}
                      failure={checkout.failure?.message ?? null}
                      onPlace={() =>
                        void checkout.placeWithMethod(contact, chosen, checkout.priceChange?.now ?? quotedTotal)
                      }
                    />
                  )}
                </>
              )}
            </>
          )}
          <EditContactDialog
            open={editing}
            onOpenChange={setEditing}
            details={contact}
            hasPhysicalItems={hasPhysicalItems}
            emailReadOnly
            showNotes={false}
            onSave={saveEdited}
          />
        </>
      }
      aside={
        <div className="space-y-4">
          <PricedOrderSummary priced={priced} membership={membership} />
          <DiscountCodeField {...code} disabled={checkout.phase !== 'idle'} />
        </div>
      }
    />
  );
}
