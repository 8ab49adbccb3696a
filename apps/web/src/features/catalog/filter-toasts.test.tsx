import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LazyToaster } from '../../lib/toaster';
import { announceResults } from './filter-toasts';

afterEach(cleanup);

describe('the filter result toasts', () => {
  it('show one toast at a time, the newest result replacing the last', async () => {
    const { container } = render(<LazyToaster />);
    await act(async () => {
      announceResults(12);
      announceResults(4);
      announceResults(7);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(await screen.findByText('Found 7 items matching your criteria!')).toBeTruthy();
    await act(async () => {
      announceResults(0);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(await screen.findByText('No items found matching your filter criteria.')).toBeTruthy();
    expect(container.ownerDocument.querySelectorAll('[data-sonner-toast]')).toHaveLength(1);
    expect(screen.queryByText('Found 7 items matching your criteria!')).toBeNull();
    expect(screen.queryByText('Found 12 items matching your criteria!')).toBeNull();
  });
});
