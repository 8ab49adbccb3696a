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
    const stored = JSON.parse(sessionStorage.getItem('bilum-scroll-positions') ?? '[]') as [string, { y: number }][];
    expect(stored.map(([, position]) => position.y)).toContain(1200);
  });
});

describe('Back to a product opened from a list', () => {
  /** A product card at `top` on the screen while the page is scrolled to `y`; drawn rows may make it move. */
  function cardAt(pageTop: () => number) {
    const card = document.createElement('li');
    card.dataset.scrollAnchor = 'product-31';
    const link = document.createElement('a');
    card.append(link);
    card.getBoundingClientRect = () => ({ top: pageTop() - y }) as DOMRect;
    document.body.append(card);
    return { card, link };
  }
  afterEach(() => document.body.replaceChildren());

  it('puts the card the shopper opened back where it was on the screen, though the rows above it changed height', async () => {
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0));
    let cardPageTop = 2600;
    const { card, link } = cardAt(() => cardPageTop);
    shopperScrollsTo(2400);
    act(() => link.click());
    await go(() => navigate('/index-item/31'));
    card.remove();

    // Back: the rows above the card are not drawn yet and are laid out shorter, so the card is 134 px higher up
    // the page than it was; the same offset would show it under the header.
    cardPageTop = 2466;
    document.body.append(card);
    await go(async () => {
      navigate(-1);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(card.getBoundingClientRect().top).toBe(200);
    expect(y).toBe(2266);
  });

  it('falls back to the offset when the card is no longer in the list', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const { card, link } = cardAt(() => 2600);
    shopperScrollsTo(2400);
    act(() => link.click());
    await go(() => navigate('/index-item/31'));
    card.remove();
    await go(() => navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 2400);
  });
});
