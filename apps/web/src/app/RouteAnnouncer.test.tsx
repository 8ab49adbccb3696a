import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useDocumentTitle } from '../lib/use-document-title';
import { RouteAnnouncer } from './RouteAnnouncer';

function Phones() {
  useDocumentTitle('Phones');
  return <h1>Phones</h1>;
}

function Home() {
  useDocumentTitle(null);
  return (
    <>
      <h1>Bilum</h1>
      <Link to="/category/phones">Phones</Link>
      <Link to="/?feature=hot-deals">Hot deals</Link>
    </>
  );
}

function renderShop() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <main>
        <Routes>
          <Route index element={<Home />} />
          <Route path="category/phones" element={<Phones />} />
        </Routes>
      </main>
      <RouteAnnouncer />
    </MemoryRouter>,
  );
}

describe('RouteAnnouncer', () => {
  afterEach(cleanup);

  it('leaves focus alone on the first page, and moves it to the new page’s heading and announces its title after a route change', async () => {
    renderShop();
    const link = screen.getByRole('link', { name: 'Phones' });
    link.focus();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(document.activeElement).toBe(link);

    fireEvent.click(link);
    const heading = await screen.findByRole('heading', { name: 'Phones', level: 1 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(document.title).toBe('Phones - Bilum');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Phones - Bilum'));
  });

  it('does not move focus when only the query string changes (a filter)', async () => {
    renderShop();
    const link = screen.getByRole('link', { name: 'Hot deals' });
    link.focus();
    fireEvent.click(link);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(document.activeElement).toBe(link);
  });
});
