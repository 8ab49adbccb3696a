import { type SessionState, signedOutSession } from '@bilum/shared';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from './api-client';

export const sessionKey = ['session'] as const;
/** Set when the server refused a call for lack of a session while the browser believed it was signed in. */
const sessionEndedKey = ['session-ended'] as const;

async function readSession(): Promise<SessionState> {
  try {
    return await api<SessionState>('/session');
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return signedOutSession;
    throw error;
  }
}

/** Reads the session; a shopper who was signed in a moment ago and no longer is has had their session end. */
async function fetchSession({ client }: { client: QueryClient }): Promise<SessionState> {
  const before = client.getQueryData<SessionState>(sessionKey);
  const now = await readSession();
  if (before?.user && !now.user) client.setQueryData(sessionEndedKey, true);
  return now;
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

/** A 401 from a guarded endpoint (requireUser/requireAdmin say why in `details.reason`). */
export function isSessionRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401 && typeof error.details.reason === 'string';
}

/**
 * Called by the query client for every failed query and mutation: a guarded endpoint answering 401 while the
 * browser shows a signed-in shopper means the server session has ended (expired, or signed out elsewhere).
 */
export function noteSessionRefusal(client: QueryClient, error: unknown) {
  if (!isSessionRefusal(error)) return;
  if (!client.getQueryData<SessionState>(sessionKey)?.user) return;
  client.setQueryData(sessionEndedKey, true);
  client.setQueryData(sessionKey, signedOutSession);
}

/** Whether the session ended under the shopper's feet; `acknowledge()` once they go to sign in again. */
export function useSessionEnded() {
  const client = useQueryClient();
  const { data } = useQuery({
    queryKey: sessionEndedKey,
    queryFn: () => false,
    enabled: false,
    initialData: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { ended: data, acknowledge: () => client.setQueryData(sessionEndedKey, false) };
}

/** After sign-in or registration: read the new session, and forget an earlier "session ended". */
export async function afterSignIn(client: QueryClient) {
  client.setQueryData(sessionEndedKey, false);
  await client.invalidateQueries({ queryKey: sessionKey });
}

/** After sign-out: nothing cached from the shopper's account stays in the page. */
export async function afterSignOut(client: QueryClient) {
  // A session read still under way must not bring the shopper back.
  await client.cancelQueries({ queryKey: sessionKey });
  client.setQueryData(sessionKey, signedOutSession);
  await client.resetQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
}
