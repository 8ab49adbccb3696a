import type {
  ConfirmMembershipPaymentInput,
  MembershipPaymentResult,
  StartMembershipPayment,
} from '@bilum/shared/membership.schema';
import type { PaymentPublicConfigResponse } from '@bilum/shared/checkout.schema';
import type { MembershipBankTransferResponse, PublicPaymentMethods } from '@bilum/shared/payment-methods.schema';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** GET /api/payments/config: the simulator or Stripe, for the card entry (the same query as checkout's). */
export function usePaymentConfig(enabled: boolean) {
  return useQuery({
    queryKey: ['payments', 'config'],
    queryFn: () => api<PaymentPublicConfigResponse>('/payments/config'),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
    enabled,
  });
}

/**
 * POST /api/membership/payment on entry (the spec creates the payment intent when the page opens). The server
 * reuses the shopper's open payment, so opening the page again, or a second call, makes no second payment.
 */
export function useMembershipPayment(enabled: boolean) {
  return useQuery({
    queryKey: ['membership', 'payment'],
    queryFn: () => api<StartMembershipPayment>('/membership/payment', { method: 'POST', body: {} }),
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

export const confirmMembershipPayment = (membershipId: number, input: ConfirmMembershipPaymentInput) =>
  api<MembershipPaymentResult>(`/membership/payment/${membershipId}/confirm`, { method: 'POST', body: input });

export const refreshMembershipPayment = (membershipId: number) =>
  api<MembershipPaymentResult>(`/membership/payment/${membershipId}/refresh`, { method: 'POST', body: {} });

/** GET /api/payment-methods: whether Premium may be paid by bank transfer (issue 19). */
export function usePaymentMethods() {
  return useQuery({
    queryKey: ['payments', 'methods'],
    queryFn: () => api<PublicPaymentMethods>('/payment-methods'),
    staleTime: 60_000,
    retry: 1,
  });
}

/** POST /api/membership/payment/bank-transfer: an order awaiting payment, with its reference and instructions. */
export function usePremiumBankTransfer() {
  return useMutation({
    mutationFn: () =>
      api<MembershipBankTransferResponse>('/membership/payment/bank-transfer', { method: 'POST', body: {} }),
  });
}
