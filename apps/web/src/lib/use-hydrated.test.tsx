import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHydrated } from './use-hydrated';

function Shown() {
  return <p>{useHydrated() ? 'in the browser' : 'as the server rendered it'}</p>;
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

describe('useHydrated', () => {
  it('is false on the server and while the app takes the server’s page over (no mismatch), true right after', async () => {
    const html = renderToString(<Shown />);
    expect(html).toContain('as the server rendered it');
    const container = document.createElement('div');
    container.innerHTML = html;
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Shown />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('in the browser');
  });

  it('is true at once on a page the app renders itself', async () => {
    const container = document.createElement('div');
    const seen: string[] = [];
    function Watch() {
      const hydrated = useHydrated();
      seen.push(String(hydrated));
      return null;
    }
    await act(async () => createRoot(container).render(<Watch />));
    expect(seen).toEqual(['true']);
  });
});
