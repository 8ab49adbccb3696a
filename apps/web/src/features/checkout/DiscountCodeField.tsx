import type { QuotedCode } from '@bilum/shared/discount-codes.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { richText } from '../../components/payment/rich-text';
import { sharedText } from '../../components/payment/shared-texts';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { useT } from '../../i18n/react';
import { ApiError } from '../../lib/api-client';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { checkoutQuoteQuery } from './checkout.api';
import { attemptWithCode, type CheckoutAttempt, saveAttempt } from './checkout-attempt';
import type { useCheckoutLines } from './use-checkout-lines';

const entryResolver = lazyZodResolver(() =>
  import('@bilum/shared/discount-codes.schema').then((m) => m.discountCodeEntryFormSchema),
);

/**
 * Both checkouts' "Discount code" (issue 30): the shopper types a code and applies it; the server checks it against
 * this order (`check`, the quote with the code) and says why it does not apply, under the field. An applied code
 * shows what it gives, with Remove. A code the quote stops applying (the lines changed) is taken off with its reason.
 */
export function DiscountCodeField({
  applied,
  quoted,
  check,
  onApply,
  onRemove,
  disabled = false,
}: {
  /** The code this checkout is priced with, or null. */
  applied: string | null;
  /** The quote's word on the applied code (null before it has answered). */
  quoted: QuotedCode | null;
  check: (code: string) => Promise<QuotedCode | null>;
  onApply: (code: string) => void;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const form = useForm<{ code: string }, unknown, { code: string }>({
    resolver: entryResolver,
    defaultValues: { code: '' },
  });
  const t = useT();
  const [busy, setBusy] = useState(false);
  const refusedNow = applied !== null && quoted?.code === applied ? quoted.refusal : null;

  // The order changed under an applied code and it no longer applies: taken off, the reason kept under the field.
  useEffect(() => {
    if (refusedNow === null || applied === null) return;
    form.setValue('code', applied);
    form.setError('code', { message: refusedNow });
    onRemove();
  }, [refusedNow, applied, form, onRemove]);

  const apply = form.handleSubmit(async ({ code }) => {
    setBusy(true);
    try {
      const answer = await check(code);
      if (!answer) return;
      if (answer.refusal !== null) return form.setError('code', { message: answer.refusal });
      form.reset({ code: '' });
      onApply(answer.code);
    } catch (error) {
      form.setError('code', {
        message: error instanceof ApiError ? error.message : t('checkout.code.checkFailed'),
      });
    } finally {
      setBusy(false);
    }
  });

  if (applied !== null && refusedNow === null) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm">
        <p className="text-emerald-900" role="status">
          {quoted?.code === applied && quoted.description
            ? richText(
                t,
                'checkout.code.appliedWith',
                { code: <span className="font-semibold">{applied}</span> },
                {
                  description: quoted.description,
                },
              )
            : richText(t, 'checkout.code.applied', { code: <span className="font-semibold">{applied}</span> })}
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          disabled={disabled}
          aria-label={t('checkout.code.removeNamed', { code: applied })}
        >
          {t('checkout.line.remove')}
        </Button>
      </div>
    );
  }
  return (
    <form
      onSubmit={apply}
      noValidate
      className="flex items-start gap-2 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs"
      aria-label={t('checkout.code.label')}
    >
      <div className="min-w-0 flex-1">
        <TextField
          label={t('checkout.code.label')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('checkout.code.placeholder')}
          error={sharedText(t, form.formState.errors.code?.message)}
          {...form.register('code')}
        />
      </div>
      <Button type="submit" variant="outline" className="mt-6.5" disabled={disabled || busy} aria-busy={busy}>
        {busy ? t('checkout.code.checking') : t('checkout.code.apply')}
      </Button>
    </form>
  );
}

/**
 * The code of one checkout attempt: checked with the quote of this order before it is applied; applying or removing
 * it makes a new attempt (a new order replacing one already made without it).
 */
export function useCheckoutCode(
  attempt: CheckoutAttempt,
  setAttempt: (attempt: CheckoutAttempt) => void,
  priced: Pick<ReturnType<typeof useCheckoutLines>, 'quotedCode' | 'quoteFor'>,
) {
  const client = useQueryClient();
  const { source, destination } = priced.quoteFor;
  const check = useCallback(
    async (code: string) =>
      source ? (await client.fetchQuery(checkoutQuoteQuery(source, destination, code))).discountCode : null,
    [client, source, destination],
  );
  const change = useCallback(
    (code: string | null) => {
      const next = attemptWithCode(attempt, code);
      if (next === attempt) return;
      saveAttempt(next);
      setAttempt(next);
    },
    [attempt, setAttempt],
  );
  const onRemove = useCallback(() => change(null), [change]);
  return { applied: attempt.discountCode ?? null, quoted: priced.quotedCode, check, onApply: change, onRemove };
}
