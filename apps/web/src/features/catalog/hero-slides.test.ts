import { describe, expect, it } from 'vitest';
import { catalogPaths } from './catalog-paths';
import { guestSlides, HERO_INTERVAL_MS, memberSlides } from './hero-slides';
import { memberProductSlides } from './member-hero-slides';

describe('hero slides', () => {
  it('has the spec’s four home slides with their texts and targets', () => {
    const slides = guestSlides(catalogPaths('guest', false));
    expect(slides.map((slide) => [slide.title, slide.buttonText, slide.buttonLink])).toEqual([
      ['HP Pavilion 15 Laptop', 'View Laptop', '/index-item/1'],
      ['Fresh Arrivals Daily', 'Shop New Deals', '/category/all'],
      ['Exclusive Member Auction', 'Click To Purchase', '/index-item/2'],
      ['Exclusive Member Hot Deal', 'Click To View Detail', '/index-item/3'],
    ]);
    expect(HERO_INTERVAL_MS).toBe(5000);
  });

  it('links the member slider to products 31, 37 and 42 on the member pages', () => {
    const links = memberSlides(catalogPaths('member', true), memberProductSlides).map((slide) => slide.buttonLink);
    expect(links).toEqual(expect.arrayContaining(['/item/31', '/item/37', '/item/42', '/dashboard-category/all']));
    expect(links).toHaveLength(4);
  });
});
