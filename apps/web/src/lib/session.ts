import { type SessionState, signedOutSession } from '@bilum/shared';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from './api-client';

export const sessionKey = ['session'] as const;

async function fetchSession(): Promise<SessionState> {
  try {
    return await api<SessionState>('/session');
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return signedOutSession;
    throw error;
  }
}

/** The signed-in shopper and their membership, from the server session. */
export function useSession() {
  const query = useQuery({ queryKey: sessionKey, queryFn: fetchSession, staleTime: 60_000 });
  const session = query.data ?? signedOutSession;
  return {
    ...session,
    isLoading: query.isPending,
    isSignedIn: session.user !== null,
    isMember: session.membership.isMember,
    refresh: query.refetch,
  };
}
