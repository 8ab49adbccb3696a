import type { Cart, Profile, UpdateProfileInput } from '@bilum/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { sessionKey } from '../../lib/session';

export const profileKey = ['profile'] as const;

/** GET /api/profile: the signed-in shopper's own profile (never another's: the server reads the session). */
export function useProfile(enabled: boolean) {
  return useQuery({ queryKey: profileKey, queryFn: () => api<Profile>('/profile'), enabled });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) =>
      api<{ message: string; profile: Profile; passwordChanged: boolean }>('/profile', { method: 'PUT', body: input }),
    onSuccess: async ({ profile }) => {
      client.setQueryData(profileKey, profile);
      // The header shows the name from the session.
      await client.invalidateQueries({ queryKey: sessionKey });
    },
  });
}

/** "Use this address" (issue 17): the server saves the latest paid order's delivery address into the profile. */
export function useSaveLastOrderAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ message: string; profile: Profile }>('/profile/address/from-last-order', { method: 'POST' }),
    onSuccess: ({ profile }) => client.setQueryData(profileKey, profile),
  });
}

/** GET /api/cart for the profile's "Shopping Cart" popup (server prices and member prices). */
export function useCartForPopup(enabled: boolean) {
  return useQuery({ queryKey: ['cart'], queryFn: () => api<Cart>('/cart'), enabled });
}
