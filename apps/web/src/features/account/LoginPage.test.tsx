import { signedOutSession } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { sessionKey } from '../../lib/session';
import LoginPage from './LoginPage';

/** Signs in against a server whose POST /api/auth/login answers with `answer`. */
function signInAgainst(answer: () => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
  const client = createQueryClient();
  client.setQueryData(sessionKey, signedOutSession);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
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
