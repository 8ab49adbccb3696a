import type { ApiKeyView, CreateApiKeyInput } from '@bilum/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const integrationKeys = {
  apiKeys: ['admin', 'api-keys'] as const,
};

export function useApiKeys() {
  return useQuery({
    queryKey: integrationKeys.apiKeys,
    queryFn: ({ signal }) => api<{ keys: ApiKeyView[] }>('/admin/api-keys', { signal }),
  });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) =>
      api<{ apiKey: ApiKeyView; key: string }>('/admin/api-keys', { method: 'POST', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: integrationKeys.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<ApiKeyView>(`/admin/api-keys/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: integrationKeys.apiKeys }),
  });
}
