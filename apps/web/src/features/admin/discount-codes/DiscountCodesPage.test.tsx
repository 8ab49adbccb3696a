import { type AdminDiscountCode, discountCodeAdminMessages as messages } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import DiscountCodesPage, { codeState } from './DiscountCodesPage';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const code = (id: number, overrides: Partial<AdminDiscountCode> = {}): AdminDiscountCode => ({
  id,
  code: `CODE-${id}`,
  kind: 'percent',
  value: 10,
  minSpend: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerShopper: null,
  categories: [],
  productIds: [],
  active: true,
  usesCounted: 0,
  usesHeld: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

const categories = [
  { id: 1, slug: 'phones', name: 'Phones', position: 1, hidden: false, productCount: 3, oldSlugs: [] },
  { id: 6, slug: 'solar', name: 'Solar', position: 6, hidden: false, productCount: 0, oldSlugs: [] },
];

/** A stand-in for /api/admin/discount-codes that keeps its codes between calls and records every write. */
function renderPage(codes: AdminDiscountCode[]) {
  let rows = codes;
  const writes: { method: string; path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://shop.test').pathname;
      const method = init?.method ?? 'GET';
      if (path === '/api/admin/categories') return Response.json({ categories });
      if (method === 'GET') return Response.json({ codes: rows });
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      writes.push({ method, path, body });
      const id = Number(/\/(\d+)$/.exec(path)?.[1]);
      if (method === 'POST') {
        if (body.code === 'TAKEN') {
          const message = messages.codeTaken('TAKEN');
          return Response.json(
            { error: { code: 'CONFLICT', message, issues: [{ path: 'code', message }] } },
            { status: 409 },
          );
        }
        const added = code(rows.length + 1, body as Partial<AdminDiscountCode>);
        rows = [...rows, added];
        return Response.json({ code: added, message: messages.added }, { status: 201 });
      }
      if (method === 'PATCH') {
        const saved = { ...rows.find((row) => row.id === id)!, active: (body as { active: boolean }).active };
        rows = rows.map((row) => (row.id === id ? saved : row));
        return Response.json({
          code: saved,
          message: saved.active ? messages.resumed(saved.code) : messages.paused(saved.code),
        });
      }
      if (method === 'PUT') {
        const saved = { ...rows.find((row) => row.id === id)!, ...(body as Partial<AdminDiscountCode>) };
        rows = rows.map((row) => (row.id === id ? saved : row));
        return Response.json({ code: saved, message: messages.saved });
      }
      const row = rows.find((entry) => entry.id === id)!;
      if (row.usesCounted > 0) {
        return Response.json({ error: { code: 'CONFLICT', message: messages.inUse(row.code) } }, { status: 409 });
      }
      rows = rows.filter((entry) => entry.id !== id);
      return Response.json({ message: messages.deleted });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <DiscountCodesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return writes;
}

function card(codeWord: string): HTMLElement {
  const item = within(screen.getByRole('list', { name: 'Discount codes' }))
    .getAllByRole('listitem')
    .find((entry) => entry.getAttribute('data-code') === codeWord);
  if (!item) throw new Error(`no card for ${codeWord}`);
  return item;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('codeState', () => {
  const now = new Date('2026-12-06T00:00:00Z');
  it('says where a code stands now', () => {
    expect(codeState(code(1), now)).toBe('active');
    expect(codeState(code(1, { active: false }), now)).toBe('paused');
    expect(codeState(code(1, { startsAt: '2026-12-07T00:00:00Z' }), now)).toBe('scheduled');
    expect(codeState(code(1, { endsAt: '2026-12-06T00:00:00Z' }), now)).toBe('ended');
    expect(codeState(code(1, { maxUses: 2, usesCounted: 1, usesHeld: 1 }), now)).toBe('used-up');
  });
});

describe('/discount-codes (issue 30)', () => {
  it('shows each code with what it gives, its limits in words and its uses', async () => {
    renderPage([
      code(1, {
        code: 'WANTOK10',
        minSpend: 10_000,
        startsAt: '2026-12-04T14:00:00.000Z',
        endsAt: '2026-12-06T14:00:00.000Z',
        maxUses: 100,
        maxUsesPerShopper: 1,
        categories: ['solar'],
        usesCounted: 3,
        usesHeld: 1,
      }),
      code(2, { code: 'LAE-FREE', kind: 'free-delivery', value: 0, active: false }),
    ]);
    await screen.findByRole('list', { name: 'Discount codes' });
    const wantok = card('WANTOK10').textContent;
    expect(wantok).toContain('10% off');
    expect(wantok).toContain('Minimum spend K100.00');
    expect(wantok).toContain('From 5 December 2026 at 12:00 am (Port Moresby time)');
    expect(wantok).toContain('Only on Solar');
    expect(wantok).toContain('Once per shopper');
    expect(wantok).toContain('3 used of 100');
    expect(wantok).toContain('1 in unpaid orders');
    expect(card('LAE-FREE').textContent).toContain('Free delivery');
    expect(within(card('LAE-FREE')).getByText('Paused')).toBeTruthy();
    expect(within(card('LAE-FREE')).getByRole('button', { name: 'Resume LAE-FREE' })).toBeTruthy();
  });

  it('adds a code from what staff type: kina and Port Moresby times as the API takes them', async () => {
    const writes = renderPage([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a discount code' });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'wantok10' } });
    fireEvent.change(within(dialog).getByLabelText('Percentage (%)'), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText('Minimum spend (K, optional)'), { target: { value: '100' } });
    fireEvent.change(within(dialog).getByLabelText('Starts (optional)'), { target: { value: '2026-12-05T00:00' } });
    fireEvent.change(within(dialog).getByLabelText('Ends (optional)'), { target: { value: '2026-12-07T00:00' } });
    fireEvent.change(within(dialog).getByLabelText('Uses per shopper (optional)'), { target: { value: '1' } });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Solar' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add code' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/admin/discount-codes',
      body: {
        code: 'WANTOK10',
        kind: 'percent',
        value: 10,
        minSpend: 10_000,
        startsAt: '2026-12-05T00:00:00+10:00',
        endsAt: '2026-12-07T00:00:00+10:00',
        maxUses: null,
        maxUsesPerShopper: 1,
        categories: ['solar'],
        productIds: [],
        active: true,
      },
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.added));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the form’s and the server’s errors on their fields, and asks no percentage for free delivery', async () => {
    const writes = renderPage([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a discount code' });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'TAKEN' } });
    fireEvent.change(within(dialog).getByLabelText('Percentage (%)'), { target: { value: '150' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add code' }));
    expect(await within(dialog).findByText(messages.percent)).toBeTruthy();
    expect(writes).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Free delivery' }));
    expect(within(dialog).queryByLabelText('Percentage (%)')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add code' }));
    expect(await within(dialog).findByText(messages.codeTaken('TAKEN'))).toBeTruthy();
    expect(writes[0]?.body).toMatchObject({ kind: 'free-delivery', value: 0 });
  });

  it('pauses a code, and says why one an order has used cannot be deleted', async () => {
    const writes = renderPage([code(1, { code: 'CHURCH-20', kind: 'fixed', value: 2_000, usesCounted: 4 })]);
    await screen.findByRole('list', { name: 'Discount codes' });
    expect(card('CHURCH-20').textContent).toContain('K20.00 off');
    fireEvent.click(within(card('CHURCH-20')).getByRole('button', { name: 'Pause CHURCH-20' }));
    await waitFor(() =>
      expect(writes[0]).toEqual(expect.objectContaining({ method: 'PATCH', body: { active: false } })),
    );
    expect(await within(card('CHURCH-20')).findByText('Paused')).toBeTruthy();

    fireEvent.click(within(card('CHURCH-20')).getByRole('button', { name: 'Delete CHURCH-20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete CHURCH-20?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.inUse('CHURCH-20')));
    expect(card('CHURCH-20')).toBeTruthy();
  });
});
