import { signedOutSession, type SessionState } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { sessionKey } from '../lib/session';
import { RequireSignIn } from './RequireSignIn';

const shopper: SessionState = {
  user: { id: 7, email: 'kila@example.pg', fullName: 'Kila Wari', role: 'shopper' },
  membership: signedOutSession.membership,
};

function answerSession(state: SessionState) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(state), { headers: { 'content-type': 'application/json' } })),
  );
}

function renderGuarded(session: SessionState) {
  const client = createQueryClient();
  client.setQueryData(sessionKey, session);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/profile?tab=orders']}>
        <RequireSignIn>
          <p>Private page</p>
        </RequireSignIn>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RequireSignIn', () => {
  it('shows the page to a signed-in shopper', () => {
    answerSession(shopper);
    renderGuarded(shopper);
    expect(screen.getByText('Private page')).toBeTruthy();
  });

  it('shows "Sign In Required" with Sign In to /login?returnUrl={path} to a visitor', () => {
    answerSession(signedOutSession);
    renderGuarded(signedOutSession);
    expect(screen.getByRole('heading', { name: 'Sign In Required' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/login?returnUrl=%2Fprofile%3Ftab%3Dorders',
    );
    expect(screen.queryByText('Private page')).toBeNull();
  });

  it('shows "Authentication Error" with Re-login when the session the browser believed in has ended', async () => {
    answerSession(shopper);
    const client = renderGuarded(shopper);
    answerSession(signedOutSession);
    await act(() => client.invalidateQueries({ queryKey: sessionKey }));
    expect(await screen.findByRole('heading', { name: 'Authentication Error' })).toBeTruthy();
    expect(screen.getByText('Your session is invalid. Please log in again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Re-login' }).getAttribute('href')).toBe(
      '/login?returnUrl=%2Fprofile%3Ftab%3Dorders',
    );
  });

  it('shows "Authentication Error" when a guarded call answers 401 while signed in', async () => {
    answerSession(shopper);
    const client = renderGuarded(shopper);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              error: { code: 'UNAUTHENTICATED', message: 'x', details: { reason: 'session-ended' } },
            }),
            { status: 401, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    const { api } = await import('../lib/api-client');
    await act(() => client.fetchQuery({ queryKey: ['cart'], queryFn: () => api('/cart') }).catch(() => undefined));
    expect(await screen.findByRole('heading', { name: 'Authentication Error' })).toBeTruthy();
  });
});
