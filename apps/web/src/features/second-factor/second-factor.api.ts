import type {
  AdminSignIn,
  DisableSecondFactorInput,
  PendingSignIn,
  RecoveryCodes,
  SecondFactorSetup,
  SecondFactorStatus,
} from '@bilum/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { afterSignIn } from '../../lib/session';

/** Staff accounts' second factor (issue 28, decision 027): the sign-in step, enrolment and one's own settings. */
export const secondFactorKeys = {
  pending: ['auth', 'second-factor'] as const,
  status: ['admin', 'me', 'second-factor'] as const,
};

const post = <T>(path: string, body?: unknown) => api<T>(path, { method: 'POST', body });

/** The sign-in waiting for its second step (401 when there is none, or it expired). */
export function usePendingSignIn() {
  return useQuery({
    queryKey: secondFactorKeys.pending,
    queryFn: ({ signal }) => api<PendingSignIn>('/auth/second-factor', { signal }),
    retry: false,
  });
}

export function useSecondFactorSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => post<AdminSignIn>('/auth/second-factor', { code }),
    onSuccess: () => afterSignIn(client),
  });
}

export function useStartSetup() {
  return useMutation({ mutationFn: () => post<SecondFactorSetup>('/auth/second-factor/setup') });
}

export function useConfirmSetup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => post<RecoveryCodes>('/auth/second-factor/confirm', { code }),
    onSuccess: async (answer) => {
      // Enrolment at sign-in made the session a full one.
      if (answer.redirectTo) await afterSignIn(client);
      await client.invalidateQueries({ queryKey: secondFactorKeys.status });
    },
  });
}

export function useSecondFactorStatus() {
  return useQuery({
    queryKey: secondFactorKeys.status,
    queryFn: ({ signal }) => api<SecondFactorStatus>('/admin/me/second-factor', { signal }),
  });
}

export function useRegenerateRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => post<RecoveryCodes>('/admin/me/second-factor/recovery-codes', { code }),
    onSettled: () => client.invalidateQueries({ queryKey: secondFactorKeys.status }),
  });
}

export function useDisableSecondFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DisableSecondFactorInput) =>
      post<{ message: string }>('/admin/me/second-factor/disable', input),
    onSettled: () => client.invalidateQueries({ queryKey: secondFactorKeys.status }),
  });
}
