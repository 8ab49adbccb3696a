import { afterEach, describe, expect, it } from 'vitest';
import { pageLocale } from './page-locale';

afterEach(() => {
  document.documentElement.setAttribute('lang', 'en-PG');
  document.getElementById('first-screen-state')?.remove();
  document.cookie = 'lang=; Path=/; Max-Age=0';
});

function serverRendered() {
  const state = document.createElement('script');
  state.type = 'application/json';
  state.id = 'first-screen-state';
  document.body.append(state);
}

describe('the language the app starts in', () => {
  it('is the one the server rendered the page in, so the app hydrates it', () => {
    serverRendered();
    document.documentElement.setAttribute('lang', 'tpi');
    expect(pageLocale()).toBe('tpi');
    document.documentElement.setAttribute('lang', 'en-PG');
    document.cookie = 'lang=tpi; Path=/';
    expect(pageLocale()).toBe('en');
  });

  it('follows the cookie on a page the server did not render, then <html lang>', () => {
    document.cookie = 'lang=tpi; Path=/';
    expect(pageLocale()).toBe('tpi');
    document.cookie = 'lang=; Path=/; Max-Age=0';
    document.documentElement.setAttribute('lang', 'tpi');
    expect(pageLocale()).toBe('tpi');
    document.documentElement.setAttribute('lang', 'en-PG');
    expect(pageLocale()).toBe('en');
  });
});
