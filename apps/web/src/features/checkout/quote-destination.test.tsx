import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuoteDestination } from './checkout.api';
import { destinationOf, quoteDestination, useQuoteDestination } from './ContactFields';

describe('where the checkout quote delivers to', () => {
  it('is nothing until the shopper chooses pickup or a province, however the empty choice is written', () => {
    // The page's first quote (the server's) is asked with no destination; the form, once mounted, reports its
    // empty choice: the same quote, not a new one with the button disabled meanwhile.
    expect(destinationOf(null)).toBeNull();
    expect(destinationOf({})).toBeNull();
    expect(destinationOf({ pickup: false, state: '' })).toBeNull();
    expect(quoteDestination(false, '')).toBeNull();
    expect(quoteDestination(false, null)).toBeNull();
  });

  it('is pickup (no province) or the province chosen', () => {
    expect(quoteDestination(true, 'Morobe')).toEqual({ pickup: true, province: null });
    expect(quoteDestination(false, 'Morobe')).toEqual({ pickup: false, province: 'Morobe' });
    expect(destinationOf({ pickup: false, state: 'Morobe' })).toEqual({ pickup: false, province: 'Morobe' });
    expect(destinationOf({ pickup: true, state: 'Morobe' })).toEqual({ pickup: true, province: null });
  });
});

describe('a checkout page’s destination (issue 29)', () => {
  it('starts where the page’s details send it and stays the same object when the form reports the same place', () => {
    const renders: QuoteDestination[] = [];
    let change: ((next: QuoteDestination) => void) | undefined;
    function Page() {
      const [destination, setDestination] = useQuoteDestination(() => ({ pickup: false, province: 'Morobe' }));
      change = setDestination;
      renders.push(destination);
      return null;
    }
    render(<Page />);
    const first = renders.at(-1);
    expect(first).toEqual({ pickup: false, province: 'Morobe' });
    act(() => change?.({ pickup: false, province: 'Morobe' }));
    expect(renders).toHaveLength(1);
    act(() => change?.({ pickup: true, province: null }));
    expect(renders.at(-1)).toEqual({ pickup: true, province: null });
    const pickup = renders.at(-1);
    act(() => change?.({ pickup: true, province: null }));
    // (React may render once more before it bails out; the page's destination, and so its quote, stay the same.)
    expect(renders.at(-1)).toBe(pickup);
    act(() => change?.(null));
    expect(renders.at(-1)).toBeNull();
  });
});
