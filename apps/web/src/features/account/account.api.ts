import type { AdminLoginInput, AdminSignIn, LoginInput, RegisterInput, SignedIn } from '@bilum/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { afterSignIn, afterSignOut } from '../../lib/session';
import { clearShopperStorage } from '../../lib/shopper-storage';

interface Message {
  message: string;
}

const post = <T>(path: string, body?: unknown) => api<T>(path, { method: 'POST', body });

/** Sign-in, registration and admin sign-in all start a session: the header and guards follow at once. */
function useSignInMutation<Input, Answer = SignedIn>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => post<Answer>(path, input),
    onSuccess: () => afterSignIn(client),
  });
}

export const useLogin = () => useSignInMutation<LoginInput>('/auth/login');
export const useRegister = () => useSignInMutation<RegisterInput>('/auth/register');
/** Issue 28: with a second factor the answer names the next step (`secondFactor`) and signs nobody in yet. */
export const useAdminLogin = () => useSignInMutation<AdminLoginInput, AdminSignIn>('/auth/admin-login');

/** Ends the server session; the browser forgets the shopper even when the server cannot be reached. */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => post<Message>('/auth/logout'),
    onSettled: async () => {
      clearShopperStorage();
      await afterSignOut(client);
    },
  });
}

export const useForgotPassword = () =>
  useMutation({ mutationFn: (email: string) => post<Message>('/auth/forgot-password', { email }) });

export const useVerifyCode = () =>
  useMutation({ mutationFn: (input: { email: string; code: string }) => post<Message>('/auth/verify-code', input) });

/** Step 2 of /verify-otp (the code again, with the new password); NewPasswordForm tracks the call. */
export const resetPasswordWithCode = (input: { email: string; code: string; password: string }) =>
  post<Message>('/auth/reset-password/code', input);

/** /reset-password?token=…; NewPasswordForm tracks the call. */
export const resetPasswordWithToken = (input: { token: string; password: string }) =>
  post<Message>('/auth/reset-password/token', input);

/** /confirm-email?token=…: the link e-mailed to a new address makes it the account's e-mail. */
export const confirmEmailChange = (token: string) =>
  post<{ message: string; email: string }>('/profile/confirm-email', { token });
