import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBar } from './OfflineBar';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('OfflineBar', () => {
  it('says "You are offline" in its live region while the browser has no connection, and nothing online', () => {
    render(<OfflineBar />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    goOffline(true);
    expect(region.textContent).toContain('You are offline.');
    expect(region.textContent).toContain('paying needs a connection');
    goOffline(false);
    expect(region.textContent).toBe('');
  });
});
