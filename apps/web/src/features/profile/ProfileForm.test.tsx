import type { Profile } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { profileKey } from './profile.api';
import { ProfileForm } from './ProfileForm';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const lastOrderAddress = {
  address: 'Section 5, Lot 12, Boroko Drive',
  city: 'Port Moresby',
  state: 'NCD',
  postcode: '111',
};

const withoutAddress: Profile = {
  id: 7,
  email: 'kila@example.pg',
  fullName: 'Kila Wari',
  firstName: 'Kila',
  lastName: 'Wari',
  phone: '+67571234567',
  address: '',
  city: '',
  state: '',
  postcode: '',
  pendingEmail: null,
  membership: {
    isMember: false,
    membershipType: null,
    discountRate: 0,
    endsAt: null,
    lastPaymentAt: null,
    lastPaymentStatus: null,
    canRenew: false,
  },
  lastOrderAddress,
  textMessages: true,
};

/** Renders the profile read from the cache, as ProfilePage does, so a saved profile shows at once. */
function ProfileFromCache({ client }: { client: ReturnType<typeof createQueryClient> }) {
  const profile = client.getQueryData<Profile>(profileKey);
  return profile ? <ProfileForm profile={profile} /> : null;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the profile offers the last order’s address while it has none (issue 17)', () => {
  it('shows the address the last order went to and saves it with one click', async () => {
    const saved: Profile = { ...withoutAddress, ...lastOrderAddress, lastOrderAddress: null };
    const fetch = vi.fn(async () => Response.json({ message: 'Address saved to your profile.', profile: saved }));
    vi.stubGlobal('fetch', fetch);
    const client = createQueryClient();
    client.setQueryData(profileKey, withoutAddress);
    const view = render(
      <QueryClientProvider client={client}>
        <ProfileFromCache client={client} />
      </QueryClientProvider>,
    );

    const offer = screen.getByRole('region', { name: 'Address from your last order' });
    expect(offer.textContent).toContain('Section 5, Lot 12, Boroko Drive, Port Moresby, NCD, 111');
    fireEvent.click(screen.getByRole('button', { name: 'Use this address' }));

    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/profile/address/from-last-order');
    expect(init.method).toBe('POST');
    await waitFor(() => expect(client.getQueryData<Profile>(profileKey)?.address).toBe(lastOrderAddress.address));
    view.rerender(
      <QueryClientProvider client={client}>
        <ProfileFromCache client={client} />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('region', { name: 'Address from your last order' })).toBeNull();
    expect(screen.getByText('Section 5, Lot 12, Boroko Drive')).toBeTruthy();
  });

  it('offers nothing when no order had a delivery address', () => {
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <ProfileForm profile={{ ...withoutAddress, lastOrderAddress: null }} />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Use this address' })).toBeNull();
  });
});

describe('the profile form follows the profile the server sends (issue 29: without resetting when it mounts)', () => {
  it('edits the profile as it is now after it changed on the server', () => {
    const client = createQueryClient();
    const tree = (profile: Profile) => (
      <QueryClientProvider client={client}>
        <ProfileForm profile={profile} />
      </QueryClientProvider>
    );
    const view = render(tree(withoutAddress));
    view.rerender(tree({ ...withoutAddress, firstName: 'Kilala', city: 'Lae' }));
    fireEvent.click(screen.getByRole('button', { name: /edit profile/i }));
    expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Kilala');
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Lae');
  });

  it('starts editing from the profile it was given', () => {
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <ProfileForm profile={{ ...withoutAddress, city: 'Goroka' }} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: /edit profile/i }));
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Goroka');
    expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Kila');
  });
});

describe('text messages can be turned off on the profile (issue 31)', () => {
  it('shows the setting, and saves the switch with the profile', async () => {
    const saved: Profile = { ...withoutAddress, textMessages: false };
    const fetch = vi.fn(async () =>
      Response.json({ message: 'Profile saved.', profile: saved, passwordChanged: false }),
    );
    vi.stubGlobal('fetch', fetch);
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <ProfileForm profile={withoutAddress} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('On: we text you about your orders')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /edit profile/i }));
    const toggle = screen.getByRole('switch', { name: 'Text messages' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/profile');
    expect(JSON.parse(String(init.body))).toMatchObject({ textMessages: false });
  });
});
