import { describe, expect, it } from 'vitest';
import { destinationOf, quoteDestination } from './ContactFields';

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
