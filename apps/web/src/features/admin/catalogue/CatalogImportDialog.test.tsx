import type { ImportPreview, ImportResult } from '@bilum/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { CatalogImportDialog } from './CatalogImportDialog';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const hidden = (done: boolean) =>
  `Row 3: no picture, so "Solar lantern" ${done ? 'was' : 'will be'} added hidden; add a picture to show it.`;

const preview: ImportPreview = {
  valid: true,
  fileErrors: [],
  rows: [
    {
      line: 2,
      sku: 'SOLAR-PIC-1',
      name: 'Solar lamp',
      action: 'create',
      changes: [{ field: 'name', from: '', to: 'Solar lamp' }],
      errors: [],
      notices: [],
    },
    {
      line: 3,
      sku: 'SOLAR-NOPIC-1',
      name: 'Solar lantern',
      action: 'create',
      changes: [{ field: 'status', from: '', to: 'inactive' }],
      errors: [],
      notices: [hidden(false)],
    },
  ],
  summary: { create: 2, update: 0, unchanged: 0, errors: 0 },
};

const result: ImportResult = {
  message: 'Import complete: 2 product(s) added, 0 product(s) updated.',
  created: 2,
  updated: 0,
  notices: [hidden(true)],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CatalogImportDialog (issue 30)', () => {
  it('shows each row’s notice in the preview, and after the import lists the products added hidden until closed', async () => {
    const fetch = vi.fn(async (url: string) => Response.json(url.endsWith('/preview') ? preview : result));
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CatalogImportDialog onClose={onClose} />
      </QueryClientProvider>,
    );
    const file = new File(['sku,name\nSOLAR-PIC-1,Solar lamp\n'], 'solar.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });

    const previewed = await screen.findByRole('region', { name: 'Import preview' });
    const lantern = within(previewed).getByRole('row', { name: /SOLAR-NOPIC-1/ });
    expect(lantern.textContent).toContain(hidden(false));
    expect(within(previewed).getByRole('row', { name: /SOLAR-PIC-1/ }).textContent).not.toContain('no picture');

    fireEvent.click(screen.getByRole('button', { name: 'Import 2 row(s)' }));
    const done = await screen.findByRole('region', { name: 'Import done' });
    expect(done.textContent).toContain(result.message);
    expect(within(done).getByRole('listitem').textContent).toBe(hidden(true));
    expect(onClose).not.toHaveBeenCalled();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/admin/products/import/preview',
      '/api/admin/products/import',
    ]);

    // "Done" below the list (the dialog's corner button is "Close": two buttons of one name would be ambiguous).
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('closes at once after an import with nothing to tell', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        Response.json(
          url.endsWith('/preview')
            ? { ...preview, rows: [preview.rows[0]], summary: { ...preview.summary, create: 1 } }
            : { ...result, created: 1, notices: [] },
        ),
      ),
    );
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CatalogImportDialog onClose={onClose} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('CSV file'), {
      target: { files: [new File(['sku\nSOLAR-PIC-1\n'], 'one.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Import 1 row(s)' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
