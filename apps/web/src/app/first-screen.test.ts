import { firstScreenStateId } from '@bilum/shared';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { hydrateFirstScreen } from './first-screen';

function pageWithState(state: unknown): Document {
  const doc = document.implementation.createHTMLDocument();
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = firstScreenStateId;
  script.textContent = JSON.stringify(state);
  doc.body.append(script);
  return doc;
}

describe('hydrateFirstScreen', () => {
  it('seeds the cache with the page data as fresh, however long ago the server rendered it', () => {
    const server = new QueryClient();
    server.setQueryData(['products', 'detail', 1], { id: 1, name: 'HP Pavilion 15 Laptop' }, { updatedAt: 1000 });
    const doc = pageWithState(dehydrate(server));
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });

    expect(hydrateFirstScreen(client, doc)).toBe('page');

    expect(client.getQueryData(['products', 'detail', 1])).toEqual({ id: 1, name: 'HP Pavilion 15 Laptop' });
    const query = client.getQueryCache().find({ queryKey: ['products', 'detail', 1] });
    expect(query?.isStale()).toBe(false);
    expect(doc.getElementById(firstScreenStateId)).toBeNull();
  });

  it('says the server rendered only the frame when its state is marked so (a checkout page without its cookie)', () => {
    const doc = pageWithState(dehydrate(new QueryClient()));
    doc.getElementById(firstScreenStateId)!.setAttribute('data-frame-only', '');
    expect(hydrateFirstScreen(new QueryClient(), doc)).toBe('frame');
  });

  it('answers null and leaves the cache empty when the page has no state or a broken one', () => {
    const client = new QueryClient();
    expect(hydrateFirstScreen(client, document.implementation.createHTMLDocument())).toBeNull();
    const doc = pageWithState({});
    doc.getElementById(firstScreenStateId)!.textContent = '{not json';
    expect(hydrateFirstScreen(client, doc)).toBeNull();
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
