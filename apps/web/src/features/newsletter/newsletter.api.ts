import type { NewsletterSignupResult } from '@bilum/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export function useNewsletterSignup() {
  return useMutation({
    mutationFn: (email: string) => api<NewsletterSignupResult>('/newsletter', { method: 'POST', body: { email } }),
  });
}
