import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FirstScreenInput, handOverFirstScreenInput } from './first-screen-handover';

function appPage() {
  document.body.innerHTML = `
    <div id="root">
      <header><button type="button"><svg viewBox="0 0 24 24"><path d="M4 6h16"></path></svg> Menu</button></header>
      <main><form><input name="q" /><select name="category"><option value="all">All</option><option value="phones">Phones</option></select><button type="submit">Search</button></form></main>
    </div>`;
  const main = document.querySelector('main')!;
  const place = (element: Element) => [...main.querySelectorAll('*')].indexOf(element);
  return {
    search: main.querySelector('input')!,
    category: main.querySelector('select')!,
    button: main.querySelector('button')!,
    menu: document.querySelector('header button')!,
    place,
  };
}

afterEach(() => vi.useRealTimers());

describe('handing over what the shopper did before the app took over the page', () => {
  it('types the kept values into the app’s controls, as events the app hears, then taps again once the toaster listens', async () => {
    vi.useFakeTimers();
    const page = appPage();
    const heard: string[] = [];
    page.search.addEventListener('input', () => heard.push(`input ${page.search.value}`));
    page.category.addEventListener('change', () => heard.push(`change ${page.category.value}`));
    page.button.addEventListener('click', (event) => {
      event.preventDefault();
      heard.push(`tap with ${page.search.value}`);
    });
    page.menu.addEventListener('click', () => heard.push('menu'));
    const input: FirstScreenInput = {
      values: {
        [JSON.stringify({ part: 'main', index: 0, attr: 'name', value: 'q', nth: 0 })]: 'samsung',
        [JSON.stringify({ part: 'main', index: page.place(page.category) })]: 'phones',
      },
      taps: [
        // On the menu button's icon, as a finger often lands.
        { part: 'header', index: 2 },
        { part: 'main', index: page.place(page.button) },
      ],
      done: false,
    };

    let toasterListens: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (toasterListens = resolve));
    handOverFirstScreenInput(document, input, ready);
    expect(heard).toEqual(['input samsung', 'change phones']);
    await vi.advanceTimersByTimeAsync(100);
    // A tap may show a message: not before the toaster is there to show it.
    expect(heard).toEqual(['input samsung', 'change phones']);
    toasterListens();
    await vi.runAllTimersAsync();
    expect(heard).toEqual(['input samsung', 'change phones', 'menu', 'tap with samsung']);
    expect(input.done).toBe(true);

    // Once only: the page's own controls are the app's from now on.
    handOverFirstScreenInput(document, input, Promise.resolve());
    await vi.runAllTimersAsync();
    expect(heard).toHaveLength(4);
  });

  it('does nothing on a page the server did not render, and skips places the app’s page does not have', () => {
    appPage();
    expect(() => handOverFirstScreenInput(document, undefined, Promise.resolve())).not.toThrow();
    const input: FirstScreenInput = {
      values: {
        [JSON.stringify({ part: 'main', index: 99 })]: 'x',
        [JSON.stringify({ part: 'aside', index: 1 })]: 'y',
        'main 3': 'an old loader’s key',
      },
      taps: [{ part: 'main', index: 99 }],
      done: false,
    };
    expect(() => handOverFirstScreenInput(document, input, Promise.resolve())).not.toThrow();
  });

  it('finds a control by its name, id or label even when the app’s page has more elements before it', () => {
    // The server's page had the e-mail field at place 1 of <main>; the app's has a notice before the form.
    document.body.innerHTML = `
      <div id="root"><main>
        <p role="status">Your session ended</p>
        <form><label>E-mail <input name="email" /></label><input id="password" type="password" />
        <input aria-label="Phone" /><input name="choice" value="a" /><input name="choice" value="b" /></form>
      </main></div>`;
    const main = document.querySelector('main')!;
    const [email, password, phone, , second] = [...main.querySelectorAll('input')];
    const input: FirstScreenInput = {
      values: {
        [JSON.stringify({ part: 'main', index: 1, attr: 'name', value: 'email', nth: 0 })]: 'kila@example.pg',
        [JSON.stringify({ part: 'main', index: 2, attr: 'id', value: 'password', nth: 0 })]: 'secret',
        [JSON.stringify({ part: 'main', index: 3, attr: 'aria-label', value: 'Phone', nth: 0 })]: '+675',
        [JSON.stringify({ part: 'main', index: 0, attr: 'name', value: 'choice', nth: 1 })]: 'typed',
      },
      taps: [],
      done: false,
    };
    handOverFirstScreenInput(document, input, Promise.resolve());
    expect(email!.value).toBe('kila@example.pg');
    expect(password!.value).toBe('secret');
    expect(phone!.value).toBe('+675');
    expect(second!.value).toBe('typed');
    // The notice at the old places got nothing.
    expect(main.querySelector('p')!.textContent).toBe('Your session ended');
  });
});
