import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductGallery } from './ProductGallery';

afterEach(cleanup);

const images = ['/images/front.svg', '/images/back.svg', '/images/side.svg'];
const shown = () => screen.getByRole('img', { name: /Camera, picture/ }).getAttribute('alt');

/** One finger from fromX to toX across the main picture. */
function swipe(fromX: number, toX: number) {
  const picture = screen.getByRole('img', { name: /Camera, picture/ });
  fireEvent.touchStart(picture, { touches: [{ clientX: fromX, clientY: 100 }] });
  fireEvent.touchEnd(picture, { touches: [], changedTouches: [{ clientX: toX, clientY: 104 }] });
}

describe('ProductGallery on touch screens', () => {
  it('shows the next picture on a swipe to the left and the previous one on a swipe to the right, going round', () => {
    render(<ProductGallery images={images} name="Camera" />);
    expect(shown()).toBe('Camera, picture 1 of 3');
    swipe(300, 100);
    expect(shown()).toBe('Camera, picture 2 of 3');
    swipe(100, 300);
    swipe(100, 300);
    expect(shown()).toBe('Camera, picture 3 of 3');
  });

  it('keeps the picture for a short move (a tap to zoom)', () => {
    render(<ProductGallery images={images} name="Camera" />);
    swipe(200, 185);
    expect(shown()).toBe('Camera, picture 1 of 3');
  });
});
