import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter, type NavigateFunction, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollManager } from './ScrollManager';

let navigate: NavigateFunction;
function Navigator() {
  navigate = useNavigate();
  return null;
}

/** The window's scroll position, as the browser would keep it (happy-dom does not lay pages out). */
let y = 0;
const scrollTo = vi.fn((_x: number, top: number) => {
  y = top;
});
function shopperScrollsTo(top: number) {
  y = top;
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

beforeEach(() => {
  y = 0;
  sessionStorage.clear();
  Object.defineProperty(window, 'scrollY', { get: () => y, configurable: true });
  vi.stubGlobal('scrollTo', scrollTo);
  render(
    <MemoryRouter initialEntries={['/category/phones']}>
      <Navigator />
      <ScrollManager />
    </MemoryRouter>,
  );
  scrollTo.mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const go = (action: () => unknown) =>
  act(async () => {
    await action();
  });

describe('scrolling between pages', () => {
  it('opens a page a link leads to at its top, and Back returns to where the list was', async () => {
    shopperScrollsTo(2400);
    await go(() => navigate('/index-item/31'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    shopperScrollsTo(300);
    await go(() => navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 2400);
    expect(y).toBe(2400);
    // Forward goes back to where the product page was.
    await go(() => navigate(1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 300);
  });

  it('keeps the position when the address is only replaced (a filter chip, a canonical address)', async () => {
    shopperScrollsTo(900);
    await go(() => navigate('/category/phones?sort=priceAsc', { replace: true }));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('keeps the positions for the tab, so a reload still goes Back to the same place', async () => {
    shopperScrollsTo(1200);
    await go(() => navigate('/index-item/31'));
    const stored = JSON.parse(sessionStorage.getItem('bilum-scroll-positions') ?? '[]') as [string, number][];
    expect(stored.map(([, top]) => top)).toContain(1200);
  });
});
