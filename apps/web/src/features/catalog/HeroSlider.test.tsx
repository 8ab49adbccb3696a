import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDataSaver } from '../../lib/data-saver';
import { HeroSlider } from './HeroSlider';
import type { HeroSlide } from './hero-slides';

const slides: HeroSlide[] = ['One', 'Two', 'Three', 'Four'].map((title) => ({
  id: title,
  title,
  image: `/images/${title}.svg`,
  description: `${title} description`,
  buttonText: `Open ${title}`,
  buttonLink: `/${title}`,
}));

function showSlider() {
  render(
    <MemoryRouter>
      <HeroSlider slides={slides} />
    </MemoryRouter>,
  );
  return screen.getByRole('region', { name: 'Featured offers' });
}
const shownTitle = () => screen.getByRole('heading', { level: 2 }).textContent;
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce'), media: query }));
}

beforeEach(() => {
  vi.useFakeTimers();
  prefersReducedMotion(false);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('HeroSlider', () => {
  it('advances every 5 seconds and wraps from the last slide to the first', () => {
    showSlider();
    expect(shownTitle()).toBe('One');
    wait(4999);
    expect(shownTitle()).toBe('One');
    wait(1);
    expect(shownTitle()).toBe('Two');
    wait(5000);
    wait(5000);
    expect(shownTitle()).toBe('Four');
    wait(5000);
    expect(shownTitle()).toBe('One');
  });

  it('goes round with the arrows and jumps with the dots', () => {
    showSlider();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(shownTitle()).toBe('Four');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownTitle()).toBe('One');
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3: Three' }));
    expect(shownTitle()).toBe('Three');
  });

  it('stays put while the pointer is over it and moves on after it leaves', () => {
    const hero = showSlider();
    fireEvent.mouseEnter(hero);
    wait(15_000);
    expect(shownTitle()).toBe('One');
    fireEvent.mouseLeave(hero);
    wait(5000);
    expect(shownTitle()).toBe('Two');
  });

  it('stays put while keyboard focus is inside it', () => {
    showSlider();
    act(() => screen.getByRole('link', { name: 'Open One' }).focus());
    wait(15_000);
    expect(shownTitle()).toBe('One');
  });

  it('does not rotate on its own for shoppers who ask for reduced motion, until they press start', () => {
    prefersReducedMotion(true);
    showSlider();
    wait(15_000);
    expect(shownTitle()).toBe('One');
    fireEvent.click(screen.getByRole('button', { name: 'Start rotating slides' }));
    act(() => (document.activeElement as HTMLElement).blur());
    wait(5000);
    expect(shownTitle()).toBe('Two');
  });

  it('does not rotate on its own with Data saver on, until the shopper presses start', () => {
    setDataSaver(true);
    try {
      showSlider();
      wait(15_000);
      expect(shownTitle()).toBe('One');
      fireEvent.click(screen.getByRole('button', { name: 'Start rotating slides' }));
      act(() => (document.activeElement as HTMLElement).blur());
      wait(5000);
      expect(shownTitle()).toBe('Two');
    } finally {
      setDataSaver(false);
    }
  });

  it('moves to the next slide on a swipe to the left and back on a swipe to the right (touch screens)', () => {
    const slider = showSlider();
    swipe(slider, 300, 80);
    expect(shownTitle()).toBe('Two');
    swipe(slider, 80, 300);
    expect(shownTitle()).toBe('One');
    swipe(slider, 80, 300);
    expect(shownTitle()).toBe('Four');
  });

  it('keeps the slide for a tap or a mostly vertical move (scrolling the page)', () => {
    const slider = showSlider();
    swipe(slider, 200, 190);
    swipe(slider, 200, 140, 100, 300);
    expect(shownTitle()).toBe('One');
  });
});

/** One finger from (fromX, fromY) to (toX, toY) on the element. */
function swipe(element: HTMLElement, fromX: number, toX: number, fromY = 100, toY = fromY) {
  fireEvent.touchStart(element, { touches: [{ clientX: fromX, clientY: fromY }] });
  fireEvent.touchEnd(element, { touches: [], changedTouches: [{ clientX: toX, clientY: toY }] });
}
