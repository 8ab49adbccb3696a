import { signedOutSession } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { sessionKey } from '../../lib/session';
import LoginPage from './LoginPage';

/** Shows the address the app went to after signing in. */
function WhereAmI() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

/** Signs in against a server whose POST /api/auth/login answers with `answer`. */
function signInAgainst(answer: () => Response | Promise<Response>, start = '/login') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
  const client = createQueryClient();
  client.setQueryData(sessionKey, signedOutSession);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[start]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="*" element={<WhereAmI />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'kila@example.pg' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'member-password-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

const errorBody = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status });

afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
});

describe('/login when signing in fails', () => {
  it('says something went wrong for a server error, not that the password is wrong', async () => {
    signInAgainst(() => errorBody(500, 'INTERNAL', 'Internal server error'));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
    expect(screen.queryByText(/Invalid email or password/)).toBeNull();
  });

  it('says something went wrong for a gateway error without the error shape', async () => {
    signInAgainst(() => new Response('Bad gateway', { status: 502 }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
    expect(screen.queryByText(/Invalid email or password/)).toBeNull();
  });

  it('says "Network Error" when the server cannot be reached', async () => {
    signInAgainst(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await screen.findByText('Network Error')).toBeTruthy();
    expect(screen.queryByText(/Invalid email or password/)).toBeNull();
  });

  it('keeps the spec’s "Invalid email or password." for a refused sign-in (401)', async () => {
    signInAgainst(() => errorBody(401, 'UNAUTHENTICATED', 'Invalid email or password. Please try again.'));
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText('Invalid email or password. Please try again.')).toBeTruthy();
  });
});

describe('/login when signing in succeeds', () => {
  const user = { id: 7, email: 'kila@example.pg', fullName: 'Kila Rahu', role: 'shopper', staffRole: null };

  it.each(['/%2F%2Fevil.example', '//evil.example', '/%5C%5Cevil.example', 'https://evil.example/'])(
    'goes to the dashboard, not to %j, even if a server answered it (issue 28)',
    async (redirectTo) => {
      signInAgainst(() => Response.json({ user, redirectTo }), `/login?returnUrl=${encodeURIComponent(redirectTo)}`);
      expect((await screen.findByTestId('where', undefined, { timeout: 4000 })).textContent).toBe('/dashboard');
    },
  );

  it('goes back to the page of the shop it was sent from', async () => {
    signInAgainst(() => Response.json({ user, redirectTo: '/cart' }), '/login?returnUrl=%2Fcart');
    expect((await screen.findByTestId('where', undefined, { timeout: 4000 })).textContent).toBe('/cart');
  });
});
