import { checkoutMessages } from '@bilum/shared/checkout';
import type { CheckoutOrder, PlacedOrderResponse } from '@bilum/shared/checkout.schema';
import { noPaymentMethodMessage, type PaymentMethod } from '@bilum/shared/payment-methods';
import type { ContactDetails, ContactDetailsInput } from '@bilum/shared/contact-details';
import { contactMessages, needsDeliveryOrPickup } from '@bilum/shared/contact-messages';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { billingFromContact } from '../../components/payment/card-details';
import { sharedText } from '../../components/payment/shared-texts';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/react';
import { ApiError } from '../../lib/api-client';
import { clearGuestCheckoutStorage } from '../../lib/checkout-handoff';
import { hasEmptyValue } from '../../lib/form-errors';
import { useDelayedNavigate } from '../../lib/use-delayed-navigate';
import { useDocumentTitle } from '../../lib/use-document-title';
import { type QuoteDestination, usePaymentConfig, usePaymentMethods } from './checkout.api';
import { availableMethods, NoPaymentMethodPanel, PayLaterPanel, PaymentMethodChoice } from './PaymentMethods';
import { clearAttempt, resolveAttempt, saveConfirmation, type CheckoutAttempt } from './checkout-attempt';
import { checkoutStep, guestDetailsConfirmed } from './checkout-steps';
import {
  CheckoutFrame,
  ContactSummaryPanel,
  EditContactDialog,
  LineChangesNotice,
  Panel,
  PaymentPanel,
  PaymentSystemError,
  PricedOrderSummary,
  PriceChangedNotice,
} from './CheckoutParts';
import { applyContactIssues, ContactFields, destinationOf, useContactForm, useQuoteDestination } from './ContactFields';
import { DiscountCodeField, useCheckoutCode } from './DiscountCodeField';
import { StepIndicator } from './StepIndicator';
import { useCardCollector } from './use-card-collector';
import { useCheckoutLines } from './use-checkout-lines';
import { orderErrorMessage, useCheckoutOrder } from './use-checkout-order';

/** Guest checkout toasts last 3 s, "Payment not successful." 5 s and "Order save failed!" 8 s (decisions.md). */
export const guestToastMs = { standard: 3_000, paymentNotSuccessful: 5_000, orderSaveFailed: 8_000 } as const;
/** An empty guest cart goes back to the home page after 3.5 s. */
export const emptyCartRedirectMs = 3_500;

const requiredFields = ['firstName', 'lastName', 'email', 'phone'] as const;

function contactFromAttempt(attempt: CheckoutAttempt): ContactDetailsInput | null {
  if (!attempt.contactJson) return null;
  try {
    return JSON.parse(attempt.contactJson) as ContactDetailsInput;
  } catch {
    return null;
  }
}

/** /guestcheckout: contact and shipping details, then the card, then the confirmation page. */
export default function GuestCheckoutPage() {
  const t = useT();
  useDocumentTitle(t('checkout.guest.title'));
  const [resolved] = useState(() => resolveAttempt('guest'));
  const [attempt, setAttempt] = useState(resolved.attempt);
  const [details, setDetails] = useState<ContactDetailsInput | null>(() => contactFromAttempt(resolved.attempt));
  const [editing, setEditing] = useState(false);
  const [paid, setPaid] = useState(false);
  const card = useCardCollector();
  const config = usePaymentConfig();
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const lines = attempt.selection.lines;
  const isEmpty = lines.length === 0;
  // The summary's delivery fee follows the province (or pickup) as the shopper picks it (issue 19).
  const [destination, setDestination] = useQuoteDestination(() => destinationOf(details));
  const priced = useCheckoutLines(attempt, setAttempt, attempt.created, destination);
  const hasPhysicalItems = needsDeliveryOrPickup(priced.purchasable ?? lines);
  // Issue 19: card, bank transfer or pay at pickup (only for an order collected at a pickup point).
  const methods = usePaymentMethods();
  const [method, setMethod] = useState<PaymentMethod>('card');
  const forPayment = { pickup: details?.pickup === true, hasPhysicalItems };
  const offered = availableMethods(methods.data, forPayment);
  // No way to pay the shop has on fits this order (e.g. only pay at pickup, delivered): say so, no Pay button.
  const noWayToPay = methods.data && offered.length === 0 ? noPaymentMethodMessage(methods.data, forPayment) : null;
  const chosen: PaymentMethod = offered.includes(method) ? method : (offered[0] ?? 'card');
  // With the card off (issue 19 follow-up) no card order is made up front: confirming the details opens the
  // payment step at once and the order is placed by "Place order" with the chosen way to pay.
  const cardOn = methods.data?.card ?? false;

  useEffect(() => {
    if (resolved.unreadable) {
      toast.error(t('checkout.guest.unreadable'), {
        duration: guestToastMs.standard,
      });
    }
    if (resolved.attempt.selection.lines.length === 0) navigateLater('/', emptyCartRedirectMs, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, in the language the page opened in
  }, [resolved, navigateLater]);

  const onPaid = useCallback(
    (order: CheckoutOrder, created: PlacedOrderResponse) => {
      setPaid(true);
      clearGuestCheckoutStorage();
      clearAttempt();
      const confirmation = {
        orderId: order.id,
        trackingCode: order.trackingCode,
        email: order.email,
        isGuest: true,
        checkoutToken: created.checkoutToken,
      };
      saveConfirmation(confirmation);
      void navigate('/order-confirmation', { state: confirmation, replace: true });
    },
    [navigate],
  );

  const checkout = useCheckoutOrder({
    attempt,
    setAttempt,
    purchasable: priced.purchasable,
    returnPath: '/guestcheckout',
    onPaid,
    declinedFallback: t('checkout.guest.declinedFallback'),
    // The total the summary shows now (the server's quote): sent with the order, never placed at another (decision 022).
    shownTotal: priced.purchasable && !priced.pricing ? priced.summary.totals.total : null,
    onPriceChanged: priced.refresh,
  });
  const created = attempt.created;
  const code = useCheckoutCode(attempt, setAttempt, priced);

  // A line sold out between the quote and the order: show the server's lines again.
  const refreshPrices = priced.refresh;
  useEffect(() => {
    if (checkout.orderError instanceof ApiError && checkout.orderError.code === 'OUT_OF_STOCK') refreshPrices();
  }, [checkout.orderError, refreshPrices]);

  // Toasts for the payment's failures, with the spec's durations.
  useEffect(() => {
    const failure = checkout.failure;
    if (!failure) return;
    if (failure.kind === 'declined') {
      toast.error(sharedText(t, checkoutMessages.paymentNotSuccessful), {
        description: sharedText(t, failure.message),
        duration: guestToastMs.paymentNotSuccessful,
      });
    } else if (failure.message === checkoutMessages.refundedCannotHonour || /refund/i.test(failure.message)) {
      toast.error(sharedText(t, checkoutMessages.orderSaveFailedToast), {
        description: sharedText(t, failure.message),
        duration: guestToastMs.orderSaveFailed,
      });
    } else {
      toast.error(sharedText(t, checkoutMessages.checkoutErrorToast), {
        description: sharedText(t, failure.message),
        duration: guestToastMs.standard,
      });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a toast per failure, not again when the language changes
  }, [checkout.failure]);

  // A reload with details but the order not yet made (or dropped after a failure): make it again once the server
  // has priced the lines.
  const priceKnown = priced.purchasable !== null;
  useEffect(() => {
    if (details && !created && !isEmpty && priceKnown && cardOn && checkout.phase === 'idle' && !checkout.orderError) {
      void checkout.placeOrder(details);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [details, created, priceKnown, cardOn]);

  const confirmDetails = async (values: ContactDetails) => {
    setDetails(values);
    if (!cardOn) return true;
    const made = await checkout.placeOrder(values);
    return made !== null;
  };

  const pay = async () => {
    if (!config.data) {
      return void toast.error(sharedText(t, checkoutMessages.paymentNotReady), { duration: guestToastMs.standard });
    }
    if (!details || !created) {
      return void toast.error(sharedText(t, checkoutMessages.confirmDetailsFirst), { duration: guestToastMs.standard });
    }
    if (!(created.payment.amount > 0))
      return void checkout.setFailure({ kind: 'checkout', message: checkoutMessages.invalidTotal });
    const collected = await card.collect(billingFromContact(details), sharedText(t, checkoutMessages.cardIncomplete));
    if (!collected.ok) return void checkout.setFailure({ kind: 'declined', message: collected.message });
    await checkout.pay(created, collected.input);
  };

  if (isEmpty && !paid) {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        <p role="alert" className="text-lg font-semibold text-stone-800">
          {sharedText(t, checkoutMessages.emptyGuestCart)}
        </p>
        <p className="text-sm text-muted">{t('checkout.guest.takingYouHome')}</p>
        <Button asChild variant="outline">
          <Link to="/">{t('confirmation.continueShopping')}</Link>
        </Button>
      </section>
    );
  }
  if (config.isError || card.loadFailed) return <PaymentSystemError />;

  const step = checkoutStep({
    detailsConfirmed: guestDetailsConfirmed({
      detailsGiven: details !== null,
      cardOrderMade: created !== null,
      cardOn,
    }),
    orderPaid: paid,
  });
  // The total to pay later: the card order's when one was made, else the server's quote for these lines.
  const quotedTotal = priced.purchasable && !priced.pricing ? priced.summary.totals.total : null;
  // To pay later: the amount the server last answered when it refused another (decision 022), else the card order's.
  const payLaterTotal = checkout.priceChange?.now ?? (created ? created.order.summary.total : quotedTotal);
  const orderError = checkout.orderError;
  const orderErrorText = orderError ? orderErrorMessage(orderError) : null;
  const needsAccount = orderError instanceof ApiError && orderError.details.reason === 'membership-needs-account';

  return (
    <CheckoutFrame
      title={t('checkout.guest.title')}
      steps={<StepIndicator current={step} />}
      main={
        <>
          <LineChangesNotice changes={priced.changes} />
          {priced.nothingToBuy && (
            <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
              <p>{sharedText(t, checkoutMessages.noPurchasableItems)}</p>
              <p className="mt-2 font-semibold">
                <Link to="/guest-cart" className="underline">
                  {t('checkout.backToCart')}
                </Link>
              </p>
            </div>
          )}
          {orderErrorText && (
            <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
              <p>{sharedText(t, orderErrorText)}</p>
              {needsAccount && (
                <p className="mt-2 flex gap-4 font-semibold">
                  <Link to="/login?returnUrl=/guest-cart" className="underline">
                    {t('checkout.signIn')}
                  </Link>
                  <Link to="/register" className="underline">
                    {t('checkout.register')}
                  </Link>
                </p>
              )}
            </div>
          )}
          {step === 1 || !details ? (
            <GuestDetailsForm
              hasPhysicalItems={hasPhysicalItems}
              defaults={details}
              busy={checkout.phase === 'placing'}
              ready={priced.purchasable !== null && !priced.nothingToBuy && !methods.isPending}
              serverError={checkout.orderError}
              onConfirm={confirmDetails}
              failureMessage={() => {
                // Issue 27: an order the shop could not store (or stored without its payment) is not the
                // contact details' fault: the toast says what happened, as the alert above does.
                const error = checkout.lastOrderError();
                return error instanceof ApiError && error.code === 'UNAVAILABLE'
                  ? error.message
                  : sharedText(t, contactMessages.guestSaveFailed);
              }}
              onDestinationChange={setDestination}
            />
          ) : (
            <>
              <ContactSummaryPanel
                details={details}
                editDisabled={checkout.phase !== 'idle'}
                onEdit={() => setEditing(true)}
              />
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
                      guest
                      method={chosen}
                      methods={methods.data}
                      total={payLaterTotal}
                      phase={checkout.phase}
                      failure={checkout.failure?.message ?? null}
                      onPlace={() => void checkout.placeWithMethod(details, chosen, payLaterTotal)}
                    />
                  )}
                </>
              )}
              <EditContactDialog
                open={editing}
                onOpenChange={setEditing}
                details={details}
                hasPhysicalItems={hasPhysicalItems}
                onSave={confirmDetails}
              />
            </>
          )}
        </>
      }
      aside={
        <div className="space-y-4">
          <PricedOrderSummary priced={priced} waiting={config.isPending} />
          <DiscountCodeField {...code} disabled={checkout.phase !== 'idle'} />
        </div>
      }
    />
  );
}

function GuestDetailsForm({
  hasPhysicalItems,
  defaults,
  busy,
  ready,
  serverError,
  onConfirm,
  failureMessage,
  onDestinationChange,
}: {
  hasPhysicalItems: boolean;
  defaults: ContactDetailsInput | null;
  busy: boolean;
  /** False while the server prices the lines, or when none can be bought. */
  ready: boolean;
  serverError: unknown;
  onConfirm: (details: ContactDetails) => Promise<boolean>;
  /** The toast when `onConfirm` failed. */
  failureMessage: () => string;
  onDestinationChange: (destination: QuoteDestination) => void;
}) {
  const t = useT();
  const form = useContactForm(hasPhysicalItems, defaults ?? undefined);
  const [missing, setMissing] = useState(false);
  const submit = form.handleSubmit(
    async (values) => {
      setMissing(false);
      const ok = await onConfirm(values);
      if (!ok) toast.error(failureMessage(), { duration: guestToastMs.standard });
    },
    () => {
      const values = form.getValues() as Record<string, unknown>;
      const pickup = values.pickup === true;
      const needed = hasPhysicalItems
        ? [...requiredFields, ...(pickup ? ['pickupPointId'] : ['address', 'city', 'state', 'postcode'])]
        : requiredFields;
      if (hasEmptyValue(values, needed)) {
        setMissing(true);
        toast.error(sharedText(t, contactMessages.missingInfoToast), { duration: guestToastMs.standard });
      }
    },
  );
  // Server field issues (400 with contact.* paths) go back to the fields.
  useEffect(() => {
    if (serverError) applyContactIssues(serverError, form);
  }, [serverError, form]);
  return (
    <Panel title={t('checkout.contactShippingDetails')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        {missing && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {sharedText(t, contactMessages.missingShippingDetails)}
          </p>
        )}
        <ContactFields form={form} hasPhysicalItems={hasPhysicalItems} onDestinationChange={onDestinationChange} />
        <Button type="submit" size="lg" disabled={busy || !ready} className="w-full sm:w-auto sm:self-end">
          {busy ? t('checkout.saving') : t('checkout.continueToCheckout')}
        </Button>
      </form>
    </Panel>
  );
}
