import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { noteSessionRefusal } from './session';

export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    // A 401 while signed in means the session ended: RequireSignIn then shows "Authentication Error".
    queryCache: new QueryCache({ onError: (error) => noteSessionRefusal(client, error) }),
    mutationCache: new MutationCache({ onError: (error) => noteSessionRefusal(client, error) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors will not fix themselves; network and server errors get two more tries.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
    },
  });
  return client;
}
