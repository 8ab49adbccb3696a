import { accountMessages } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import LogoutPage from './LogoutPage';

const shown = vi.hoisted(() => [] as string[]);
vi.mock('../../lib/toaster', () => ({
  lazyToast: async () => ({ success: (message: string) => shown.push(message) }),
}));

beforeEach(() => {
  shown.length = 0;
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/logout', () => {
  it('says "Logged out." even when the sign-out ends after the page has gone home', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (url: string) =>
          new Promise<Response>((resolve) => {
            if (String(url).endsWith('/auth/logout')) answer = resolve;
            else resolve(new Response('{}', { status: 401 }));
          }),
      ),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/logout']}>
          <Routes>
            <Route path="/logout" element={<LogoutPage />} />
            <Route path="/" element={<p>Home</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByText(accountMessages.loggingOut)).toBeTruthy();

    // Half a second later the page has gone home; the server has not answered yet.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(screen.getByText('Home')).toBeTruthy();
    expect(shown).toEqual([]);

    await act(async () => {
      answer(new Response(JSON.stringify({ message: 'Logged out.' }), { status: 200 }));
      await vi.advanceTimersByTimeAsync(50);
    });
    await vi.waitFor(() => expect(shown).toEqual([accountMessages.loggedOut]));
  });
});
