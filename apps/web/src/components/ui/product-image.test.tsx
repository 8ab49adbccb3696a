import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setDataSaver } from '../../lib/data-saver';
import { ProductImage } from './product-image';

const uploaded = '/api/images/0123456789abcdef0123456789abcdef';

afterEach(() => {
  cleanup();
  setDataSaver(false);
});

describe('ProductImage', () => {
  it('lists every copy of an uploaded picture for the browser to choose from', () => {
    render(<ProductImage src={uploaded} alt="Phone" width={300} sizes="50vw" />);
    const picture = screen.getByRole('img', { name: 'Phone' });
    expect(picture.getAttribute('srcset')).toContain(`${uploaded}/2560.webp 2560w`);
    expect(picture.getAttribute('sizes')).toBe('50vw');
  });

  it('with Data saver on, loads only the smallest copy as wide as its slot, whatever the screen’s density', () => {
    setDataSaver(true);
    render(<ProductImage src={uploaded} alt="Phone" width={300} sizes="50vw" />);
    const picture = screen.getByRole('img', { name: 'Phone' });
    expect(picture.getAttribute('src')).toBe(`${uploaded}/320.webp`);
    expect(picture.hasAttribute('srcset')).toBe(false);
    expect(picture.hasAttribute('sizes')).toBe(false);
  });

  it('with Data saver on, shows a picture without copies (the demo drawings) as it is', () => {
    setDataSaver(true);
    render(<ProductImage src="/images/products/phone.svg" alt="Phone" width={300} />);
    expect(screen.getByRole('img', { name: 'Phone' }).getAttribute('src')).toBe('/images/products/phone.svg');
  });
});
