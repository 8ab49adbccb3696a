import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { ContactStepForm } from './CheckoutParts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// GET /api/delivery/options (issue 19): the zones and the pickup points the form offers.
const deliveryOptions = {
  provinces: ['National Capital District'],
  zones: [{ name: 'Port Moresby (NCD)', feeToea: 0, deliveryDays: 2, provinces: ['National Capital District'] }],
  pickupPoints: [{ id: 1, name: 'Bilum store, Port Moresby', address: 'Waigani Drive', openingHours: 'Mon-Fri' }],
};

// Saved for a membership-only order: everything but an address.
const savedWithoutAddress = {
  firstName: 'Kila',
  lastName: 'Wari',
  email: 'kila@example.pg',
  countryCode: '+675',
  phone: '71234567',
  pickup: false,
  pickupLocation: '',
  pickupPointId: null,
  address: '',
  city: '',
  state: '',
  postcode: '',
  notes: '',
} as const;

describe('step 1 of the signed-in checkout (issue 17, defect 4)', () => {
  it('marks the missing address fields at once and saves the completed details', async () => {
    const onSave = vi.fn(async () => true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(deliveryOptions)),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ContactStepForm details={savedWithoutAddress} hasPhysicalItems serverError={null} onSave={onSave} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Please enter your street address.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Street address'), { target: { value: 'Section 5, Lot 12' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Port Moresby' } });
    fireEvent.change(screen.getByLabelText('Province'), { target: { value: 'National Capital District' } });
    fireEvent.change(screen.getByLabelText('Postcode'), { target: { value: '111' } });
    // Each mark goes as its field is filled in, not at the next blur: a blur on the way to the button would
    // otherwise move the button from under the pointer and the click would be lost.
    await act(async () => undefined);
    expect(screen.queryByText('Please enter your postcode.')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save and Continue to Payment' }));
    });
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ address: 'Section 5, Lot 12', state: 'National Capital District', postcode: '111' }),
    );
  });
});
