import { MEMBERSHIP_SUCCESS_DELAY_MS, signInPath } from '@bilum/shared';
import { usePremiumPriceText } from '../../lib/premium-offer';
import type { MembershipFormInput, MembershipPaymentResult } from '@bilum/shared/membership.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { CardEntry, type CardEntryHandle, type CardEntryState } from '../../components/payment/CardEntry';
import { ArrowLeftIcon } from '../../components/ui/action-icons';
import { Button } from '../../components/ui/button';
import { ErrorState, Spinner } from '../../components/ui/states';
import { ApiError } from '../../lib/api-client';
import { clearCheckoutHandoff } from '../../lib/checkout-handoff';
import { lazySchema, lazyZodResolver, useLoadedSchema } from '../../lib/lazy-resolver';
import { sessionKey, useSession } from '../../lib/session';
import { useDelayedNavigate } from '../../lib/use-delayed-navigate';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { Translate } from '../../i18n/i18n';
import { useLocale, useT } from '../../i18n/react';
import { storeMemberFlags } from './member-state';
import {
  confirmMembershipPayment,
  refreshMembershipPayment,
  useMembershipPayment,
  usePaymentConfig,
  usePaymentMethods,
  usePremiumBankTransfer,
} from './membership.api';
import { BankTransferDetails } from '../../components/payment/BankTransferDetails';
import { PerksList } from './PerksList';
import { translateMessage } from '@bilum/shared/message-translations';

const here = '/membership-payment';

// The form's check loads at the shopper's first touch of the page (issue 29, decision 035), not with the page.
const membershipForm = lazySchema(() =>
  import('@bilum/shared/membership.schema').then((module) => module.membershipFormSchema),
);
const membershipFormResolver = lazyZodResolver(membershipForm);
const pendingPaymentKey = 'membershipPaymentId';

/** The membership payment being confirmed, kept across the 3-D Secure page (session storage). */
function rememberPendingPaymentId(id: number) {
  try {
    sessionStorage.setItem(pendingPaymentKey, String(id));
  } catch {
    // Without storage the page opens the same payment again (the server reuses it) and shows its state.
  }
}

function readPendingPaymentId(): number | null {
  try {
    const id = Number(sessionStorage.getItem(pendingPaymentKey));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** Why the payment could not be opened, in the spec's words (membershipMessages, in the page's language). */
function initFailure(error: unknown, t: Translate): string {
  if (!(error instanceof ApiError)) return t('membership.initFailed');
  if (error.isNetwork) return t('membership.network');
  if (error.code === 'HTTP')
    return t('membership.initHttp', { statusText: t('membership.serverError', { status: error.status }) });
  return t('membership.initFailed');
}

/** Why paying failed after the card was sent, in the spec's words (the server's own message as it sent it). */
function payFailure(error: unknown, t: Translate): string {
  if (error instanceof ApiError && error.isNetwork) return t('membership.network');
  if (error instanceof ApiError && error.code !== 'INTERNAL' && error.code !== 'HTTP') return error.message;
  return t('membership.unexpected');
}

function BackHeader() {
  const navigate = useNavigate();
  const t = useT();
  return (
    <div className="flex items-center gap-3">
      <Button variant="ghost" size="sm" onClick={() => void navigate(-1)} aria-label={t('membership.back')}>
        <ArrowLeftIcon className="size-4" />
        {t('membership.back')}
      </Button>
      <h1 className="text-2xl font-extrabold text-stone-900 sm:text-3xl">{t('membership.title')}</h1>
    </div>
  );
}

function PaymentForm() {
  const { user } = useSession();
  const t = useT();
  const { locale } = useLocale();
  const premiumPrice = usePremiumPriceText();
  const client = useQueryClient();
  const navigateLater = useDelayedNavigate();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // Back from the 3-D Secure page (?payment_intent=…): the payment confirmed before leaving is read again, and
  // no new one is opened meanwhile (the webhook may already have made the shopper a member).
  const [returningId, setReturningId] = useState(() =>
    params.get('payment_intent') !== null ? readPendingPaymentId() : null,
  );
  const config = usePaymentConfig(true);
  const payment = useMembershipPayment(returningId === null);
  const cardRef = useRef<CardEntryHandle | null>(null);
  const [card, setCard] = useState<CardEntryState>({ ready: false, complete: false, error: null });
  const [phase, setPhase] = useState<'idle' | 'paying' | 'processing' | 'done'>('idle');
  // Why the last attempt failed (a declined card, ...): stays on the page beside Subscribe, as checkout's does.
  const [payError, setPayError] = useState<string | null>(null);
  /** A failed attempt: the toast, and the same words kept on the page until the next attempt. */
  const fail = (message: string) => {
    setPhase('idle');
    setPayError(message);
    toast.error(message);
  };
  const form = useForm<MembershipFormInput>({
    resolver: membershipFormResolver,
    mode: 'onChange',
    defaultValues: { cardholderName: '', termsAccepted: false },
  });
  const values = useWatch({ control: form.control });
  const { errors } = form.formState;
  // Before the first touch the check has not loaded, and the form cannot be complete yet (the terms are a tap).
  const formSchema = useLoadedSchema(membershipForm);
  const formValid = formSchema?.safeParse(values).success ?? false;
  const membershipId = returningId ?? payment.data?.membershipId ?? null;

  /** What to do with the server's answer about the payment. */
  const onResult = async (result: MembershipPaymentResult) => {
    if (result.status === 'succeeded') {
      setPhase('done');
      toast.success(payment.data?.renewal ? t('membership.renewed') : t('membership.activated'), {
        description: t('membership.activatedDetail'),
      });
      storeMemberFlags(result.membership);
      // The spec's "clear the cart" is the checkout hand-off only: the cart stays, now at member prices.
      clearCheckoutHandoff();
      await client.invalidateQueries({ queryKey: sessionKey });
      await client.invalidateQueries({ queryKey: ['cart'] });
      navigateLater('/membership-success', MEMBERSHIP_SUCCESS_DELAY_MS, { replace: true });
      return;
    }
    if (result.status === 'requires_action' && result.nextActionUrl) {
      window.location.assign(result.nextActionUrl);
      return;
    }
    if (result.status === 'processing') {
      setPhase('processing');
      return;
    }
    fail(
      result.status === 'requires_payment_method'
        ? result.error?.message
          ? result.error.message
          : t('membership.confirmationFailed')
        : t('membership.notCompleted', { status: result.status }),
    );
  };

  // Back from the 3-D Secure page, or while processing: read the payment again.
  const returned = returningId !== null && phase === 'idle';
  useEffect(() => {
    if (membershipId === null || (!returned && phase !== 'processing')) return;
    if (returned) {
      setParams({}, { replace: true });
      setPhase('processing');
    }
    const timer = window.setTimeout(
      () =>
        void refreshMembershipPayment(membershipId)
          .then(async (result) => {
            // A payment that did not go through: back to the form with a fresh payment.
            if (result.status !== 'succeeded' && result.status !== 'processing') setReturningId(null);
            await onResult(result);
          })
          .catch((error: unknown) => {
            setReturningId(null);
            fail(payFailure(error, t));
          }),
      returned ? 0 : 1000,
    );
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-run only when the payment or the phase changes
  }, [membershipId, returned, phase]);

  const subscribe = form.handleSubmit(async ({ cardholderName, termsAccepted }) => {
    if (!config.data || !card.ready) return toast.error(t('membership.serviceNotReady'));
    if (!user) {
      toast.error(t('membership.userNotFound'));
      return void navigate(signInPath(here));
    }
    if (!cardRef.current) return toast.error(t('membership.cardInputMissing'));
    if (membershipId === null) return toast.error(t('membership.serviceNotReady'));
    setPhase('paying');
    setPayError(null);
    let cardInput;
    try {
      cardInput = await cardRef.current.collect({ name: cardholderName, email: user.email });
    } catch (error) {
      return fail(error instanceof Error ? error.message : t('membership.confirmationFailed'));
    }
    rememberPendingPaymentId(membershipId);
    try {
      const result = await confirmMembershipPayment(membershipId, {
        cardholderName,
        termsAccepted,
        returnUrl: here,
        ...cardInput,
      });
      await onResult(result);
    } catch (error) {
      setPhase('idle');
      if (error instanceof ApiError && error.status === 401) {
        toast.error(t('membership.userNotFound'));
        return void navigate(signInPath(here));
      }
      fail(payFailure(error, t));
    }
  });

  if (payment.isError) {
    if (payment.error instanceof ApiError && payment.error.status === 409) {
      return (
        <div className="rounded-2xl border border-green-200 bg-green-50 p-6 text-center">
          <p className="font-semibold text-green-900">{t('membership.alreadyMember')}</p>
          <p className="mt-1 text-sm text-green-800">{t('membership.renewTooEarly')}</p>
          <Button asChild className="mt-4">
            <Link to="/profile">{t('membership.viewMine')}</Link>
          </Button>
        </div>
      );
    }
    return (
      <ErrorState message={initFailure(payment.error, t)}>
        <Button variant="outline" onClick={() => void payment.refetch()}>
          {t('membership.tryAgain')}
        </Button>
      </ErrorState>
    );
  }

  const busy = phase !== 'idle';
  const ready = config.isSuccess && payment.isSuccess && card.ready;
  const canSubscribe = ready && card.complete && formValid && !busy;

  return (
    <form onSubmit={subscribe} noValidate className="flex flex-col gap-5">
      {payment.data?.renewal && (
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900 ring-1 ring-brand-200">
          {t('membership.renewalNote')}
        </p>
      )}
      <div className="rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200">
        <p className="text-xs font-semibold tracking-wide text-muted uppercase">{t('membership.account')}</p>
        <p className="mt-1 font-semibold break-all text-stone-900">{user?.email}</p>
        <p className="text-xs text-stone-600">{t('membership.accountNote')}</p>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="cardholder-name" className="text-sm font-medium text-stone-800">
          {t('membership.cardholderName')}
        </label>
        <input
          id="cardholder-name"
          autoComplete="cc-name"
          disabled={busy}
          aria-invalid={errors.cardholderName ? true : undefined}
          aria-describedby={errors.cardholderName ? 'cardholder-name-error' : undefined}
          className="h-11 w-full rounded-lg border border-control bg-white px-3 text-base shadow-xs focus:border-focus focus:ring-2 focus:ring-focus focus:outline-none aria-invalid:border-red-600 sm:text-sm"
          {...form.register('cardholderName')}
        />
        {errors.cardholderName && (
          <p id="cardholder-name-error" role="alert" className="text-sm text-red-700">
            {translateMessage(errors.cardholderName.message ?? '', locale)}
          </p>
        )}
      </div>
      {config.data ? (
        <CardEntry config={config.data} handleRef={cardRef} onStateChange={setCard} disabled={busy} />
      ) : config.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('membership.serviceNotReady')}
        </p>
      ) : (
        <Spinner label={t('membership.loadingPayments')} />
      )}
      <div className="flex flex-col gap-1">
        <label className="flex items-start gap-3 text-sm text-stone-700">
          <input
            type="checkbox"
            disabled={busy}
            className="mt-0.5 size-5 shrink-0 accent-brand-600"
            aria-invalid={errors.termsAccepted ? true : undefined}
            {...form.register('termsAccepted')}
          />
          <span>
            {t('membership.acceptTerms.before')}{' '}
            <Link to="/terms-and-conditions" target="_blank" className="font-semibold text-brand-700 underline">
              {t('membership.acceptTerms.link')}
            </Link>{' '}
            {t('membership.acceptTerms.after')}
          </span>
        </label>
        {errors.termsAccepted && (
          <p role="alert" className="text-sm text-red-700">
            {translateMessage(errors.termsAccepted.message ?? '', locale)}
          </p>
        )}
      </div>
      {phase === 'processing' && (
        <p role="status" className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">
          {t('membership.processing')}
        </p>
      )}
      {payError && phase === 'idle' && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {payError}
        </p>
      )}
      <Button type="submit" size="lg" disabled={!canSubscribe} className="h-auto min-h-12 py-2">
        {phase === 'paying'
          ? t('membership.paying')
          : phase === 'done'
            ? t('membership.active')
            : t('membership.subscribe', { price: premiumPrice })}
      </Button>
    </form>
  );
}

/** /membership-payment and /membership: perks, the yearly price and the card payment for Premium. */
export default function MembershipPaymentPage() {
  const t = useT();
  useDocumentTitle(t('membership.title'));
  const { isSignedIn, isLoading } = useSession();
  const premiumPrice = usePremiumPriceText();
  const navigate = useNavigate();
  const told = useRef(false);

  useEffect(() => {
    if (isLoading || isSignedIn || told.current) return;
    told.current = true;
    toast.error(t('membership.signInToSubscribe'));
    void navigate(signInPath(here), { replace: true });
  }, [isLoading, isSignedIn, navigate, t]);

  if (isLoading || !isSignedIn) return <Spinner />;

  return (
    <div className="bg-linear-to-b from-brand-50 to-stone-50 px-4 py-6 sm:py-10">
      <div className="mx-auto max-w-5xl">
        <BackHeader />
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <section
            aria-labelledby="premium-perks"
            className="rounded-2xl border border-brand-200 bg-white p-4 shadow-sm sm:p-6"
          >
            <h2 id="premium-perks" className="text-lg font-bold text-stone-900">
              {t('membership.whatYouGet')}
            </h2>
            <p className="mt-2">
              <span className="text-3xl font-black text-stone-900">{premiumPrice}</span>{' '}
              <span className="text-sm text-stone-600">{t('membership.perYear')}</span>
            </p>
            <div className="mt-5">
              <PerksList />
            </div>
          </section>
          <section
            aria-labelledby="premium-payment"
            className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
          >
            <h2 id="premium-payment" className="mb-4 text-lg font-bold text-stone-900">
              {t('membership.payment')}
            </h2>
            <PremiumPaymentChoice />
          </section>
        </div>
      </div>
    </div>
  );
}

/** Issue 19: Premium by card (the form above) or by bank transfer, when the shop offers it. */
function PremiumPaymentChoice() {
  const methods = usePaymentMethods();
  const t = useT();
  const [method, setMethod] = useState<'card' | 'bank-transfer'>('card');
  const bankTransfer = methods.data?.bankTransfer ?? false;
  const cardOn = methods.data?.card ?? true;
  const chosen = !bankTransfer ? 'card' : !cardOn ? 'bank-transfer' : method;
  return (
    <div className="flex flex-col gap-5">
      {bankTransfer && cardOn && (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-stone-800">{t('membership.howToPay')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {(
              [
                ['card', t('membership.method.card')],
                ['bank-transfer', t('membership.method.bankTransfer')],
              ] as const
            ).map(([value, label]) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-control px-3 py-2 text-sm text-stone-800 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-focus"
              >
                <input
                  type="radio"
                  name="premium-payment-method"
                  value={value}
                  checked={chosen === value}
                  onChange={() => setMethod(value)}
                  className="size-4 accent-brand-600"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {chosen === 'card' ? (
        <PaymentForm />
      ) : (
        <PremiumBankTransfer holdHours={methods.data?.bankTransferHoldHours ?? 48} />
      )}
    </div>
  );
}

function PremiumBankTransfer({ holdHours }: { holdHours: number }) {
  const start = usePremiumBankTransfer();
  const t = useT();
  const answer = start.data;
  if (answer?.payment.bankTransfer) {
    return (
      <div className="flex flex-col gap-3">
        <p role="status" className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">
          {t('membership.bankTransfer.waiting', { orderId: answer.orderId })}
        </p>
        <BankTransferDetails instructions={answer.payment.bankTransfer} />
        <Button asChild variant="outline">
          <Link to={`/track-order?tracking_code=${encodeURIComponent(answer.trackingCode)}`}>
            {t('membership.bankTransfer.track')}
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-stone-700">{t('membership.bankTransfer.intro', { holdHours })}</p>
      {start.isError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {start.error instanceof ApiError ? start.error.message : t('membership.initFailed')}
        </p>
      )}
      <Button size="lg" onClick={() => start.mutate()} disabled={start.isPending}>
        {start.isPending ? t('membership.bankTransfer.getting') : t('membership.bankTransfer.get')}
      </Button>
    </div>
  );
}
