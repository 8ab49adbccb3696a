import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import afterPaintScript from '../../public/app-after-paint.js?raw';
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
    // Typed in a microtask (after the app's commit, where it is called from), each value an event of its own.
    expect(heard).toEqual([]);
    await Promise.resolve();
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

  it('opens a menu that opens on the press, not the click, and finds the footer’s form and a header inside the content', async () => {
    // The site's header, a profile page with a header of its own in the content, and the newsletter in the footer.
    document.body.innerHTML = `
      <div id="root">
        <header><a href="/">Bilum</a><button type="button" aria-label="Account menu">K</button></header>
        <main><header><h1>Profile</h1><button type="button">Edit</button></header></main>
        <footer><form><input name="email" /><button type="submit">Subscribe</button></form></footer>
      </div>`;
    const [siteHeader, pageHeader] = [...document.querySelectorAll('header')];
    const menu = siteHeader!.querySelector('button')!;
    const edit = pageHeader!.querySelector('button')!;
    const footer = document.querySelector('footer')!;
    const subscribe = footer.querySelector('button')!;
    const heard: string[] = [];
    // As Radix's dropdown trigger: it opens on pointerdown with the main button, and has no click handler.
    menu.addEventListener('pointerdown', (event) => {
      if (event.button === 0 && !event.ctrlKey) heard.push('menu opens');
    });
    edit.addEventListener('click', () => heard.push('edit'));
    subscribe.addEventListener('click', (event) => {
      event.preventDefault();
      heard.push(`subscribe ${footer.querySelector('input')!.value}`);
    });
    const main = document.querySelector('main')!;
    const input: FirstScreenInput = {
      values: {
        [JSON.stringify({ part: 'footer', index: 1, attr: 'name', value: 'email', nth: 0 })]: 'kila@example.pg',
      },
      taps: [
        { part: 'header', index: 1, attr: 'aria-label', value: 'Account menu', nth: 0 },
        { part: 'main', index: [...main.querySelectorAll('*')].indexOf(edit) },
        { part: 'footer', index: 2 },
      ],
      done: false,
    };
    handOverFirstScreenInput(document, input, Promise.resolve());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual(['menu opens', 'edit', 'subscribe kila@example.pg']);
  });

  it('waits for the part of the page the app renders a moment later (the footer) to type and tap there', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<div id="root"><header></header><main><h1>Contact</h1></main></div>`;
    const heard: string[] = [];
    const input: FirstScreenInput = {
      values: {
        [JSON.stringify({ part: 'footer', index: 1, attr: 'name', value: 'email', nth: 0 })]: 'kila@example.pg',
      },
      taps: [{ part: 'footer', index: 2 }],
      done: false,
    };
    handOverFirstScreenInput(document, input, Promise.resolve());
    await vi.advanceTimersByTimeAsync(400);
    // The app's footer (a lazy part) arrives.
    document
      .querySelector('#root')!
      .insertAdjacentHTML(
        'beforeend',
        '<footer><form><input name="email" /><button type="submit">Subscribe</button></form></footer>',
      );
    const footer = document.querySelector('footer')!;
    footer.querySelector('button')!.addEventListener('click', (event) => {
      event.preventDefault();
      heard.push(`subscribe ${footer.querySelector('input')!.value}`);
    });
    await vi.runAllTimersAsync();
    expect(heard).toEqual(['subscribe kila@example.pg']);
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

  it('finds a control by its name, id or label even when the app’s page has more elements before it', async () => {
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
    await Promise.resolve();
    expect(email!.value).toBe('kila@example.pg');
    expect(password!.value).toBe('secret');
    expect(phone!.value).toBe('+675');
    expect(second!.value).toBe('typed');
    // The notice at the old places got nothing.
    expect(main.querySelector('p')!.textContent).toBe('Your session ended');
  });
});

describe('app-after-paint.js and the hand-over together', () => {
  it('keeps a tap on a menu button by its label, not by the id React made, and taps the app’s button once it comes', async () => {
    // The server's page: React made the button's id (since React 19.1, _R_…_; the browser's will be _r_…_).
    document.body.innerHTML = `
      <div id="root">
        <header><a href="/">Bilum</a><button type="button" id="radix-_R_fa_" aria-label="Account menu for Kila Wari">Kila</button></header>
        <main><h1>Dashboard</h1></main>
      </div>`;
    // Its held scripts: none here.
    new Function(afterPaintScript)();
    const input = window.bilumFirstScreenInput!;
    document
      .querySelector('header button')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(input.taps).toEqual([
      { part: 'header', index: 1, attr: 'aria-label', value: 'Account menu for Kila Wari', nth: 0 },
    ]);

    // The app's page: its account menu is a lazy part, not there yet; another element is at the button's place.
    document.body.innerHTML = `
      <div id="root">
        <header><a href="/">Bilum</a><span role="link" tabindex="0">Track order</span></header>
        <main><h1>Dashboard</h1></main>
      </div>`;
    const heard: string[] = [];
    document.querySelector('header span')!.addEventListener('click', () => heard.push('wrong element tapped'));
    handOverFirstScreenInput(document, input, Promise.resolve());
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The menu arrives, with the browser's id.
    document
      .querySelector('header')!
      .insertAdjacentHTML(
        'beforeend',
        '<button type="button" id="radix-_r_3_" aria-label="Account menu for Kila Wari">Kila</button>',
      );
    document.querySelector('header button')!.addEventListener('pointerdown', () => heard.push('menu opens'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual(['menu opens']);
  });
});

describe('app-after-paint.js and the hand-over: fields known by their labels, and tick boxes', () => {
  it('types into the app’s card fields by their labels and ticks the terms as the shopper did, though ids and places differ', async () => {
    // The server's page: React made the fields' ids; no name or aria-label.
    document.body.innerHTML = `
      <div id="root"><header></header><main><form>
        <label for="_R_1_-number">Card number</label><input id="_R_1_-number" />
        <label for="_R_1_-cvc">CVC</label><input id="_R_1_-cvc" />
        <label><input type="checkbox" id="_R_2_" /> I accept the Terms</label>
      </form></main></div>`;
    new Function(afterPaintScript)();
    const input = window.bilumFirstScreenInput!;
    const typeOnServerPage = (selector: string, value: string) => {
      const field = document.querySelector<HTMLInputElement>(selector)!;
      field.value = value;
      field.dispatchEvent(new Event('input', { bubbles: true }));
    };
    typeOnServerPage('#_R_1_-number', '4000 0000 0000 0002');
    typeOnServerPage('#_R_1_-cvc', '123');
    const terms = document.querySelector<HTMLInputElement>('input[type=checkbox]')!;
    terms.click();
    // The tick shows at once (the browser's own), and is kept rather than tapped again.
    expect(terms.checked).toBe(true);
    expect(input.taps).toEqual([]);

    // The app's page: a notice before the form, and the browser's ids.
    document.body.innerHTML = `
      <div id="root"><header></header><main><p role="status">Payment details</p><form>
        <label for="_r_7_-number">Card number</label><input id="_r_7_-number" />
        <label for="_r_7_-cvc">CVC</label><input id="_r_7_-cvc" />
        <label><input type="checkbox" id="_r_8_" /> I accept the Terms</label>
      </form></main></div>`;
    const heard: string[] = [];
    document.querySelector('form')!.addEventListener('input', (event) => {
      const field = event.target as HTMLInputElement;
      if (field.type !== 'checkbox') heard.push(`${field.id} ${field.value}`);
    });
    document.querySelector('input[type=checkbox]')!.addEventListener('change', () => heard.push('terms ticked'));
    handOverFirstScreenInput(document, input, Promise.resolve());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual(['_r_7_-number 4000 0000 0000 0002', '_r_7_-cvc 123', 'terms ticked']);
    expect(document.querySelector<HTMLInputElement>('input[type=checkbox]')!.checked).toBe(true);
  });
});

describe('app-after-paint.js and what was typed before it ran', () => {
  it('keeps a value typed, a box ticked and the focus given while the page was still arriving', async () => {
    // The server's page, typed into before the script ran (it runs once the page has been parsed).
    document.body.innerHTML = `
      <div id="root"><header></header><main><form>
        <label for="_R_1_">Email</label><input id="_R_1_" value="" />
        <input name="note" value="as the server wrote it" />
        <label><input type="checkbox" name="terms" /> I accept</label>
        <label>Province <select name="province"><option>Central</option><option>Morobe</option></select></label>
        <label>Sort <select name="sort"><option>Newest</option><option selected>Price</option></select></label>
        <button type="submit">Send Reset Code</button>
      </form></main></div>`;
    const email = document.querySelector<HTMLInputElement>('#_R_1_')!;
    email.value = 'kila.rahu@example.pg';
    document.querySelector<HTMLInputElement>('input[name=terms]')!.checked = true;
    document.querySelector<HTMLSelectElement>('select[name=province]')!.selectedIndex = 1;
    email.focus();
    new Function(afterPaintScript)();
    const input = window.bilumFirstScreenInput!;
    // The field the server wrote a value into and nobody changed is not "typed"; nor is a list showing the choice
    // the server wrote, or its first option where the server wrote none.
    expect(Object.values(input.values)).toEqual(['kila.rahu@example.pg', 'Morobe']);

    // The app's page: the typing goes back in, the box is ticked, the focus is on the app's field.
    document.body.innerHTML = `
      <div id="root"><header></header><main><form>
        <label for="_r_4_">Email</label><input id="_r_4_" />
        <input name="note" value="as the server wrote it" />
        <label><input type="checkbox" name="terms" /> I accept</label>
        <label>Province <select name="province"><option>Central</option><option>Morobe</option></select></label>
        <button type="submit">Send Reset Code</button>
      </form></main></div>`;
    handOverFirstScreenInput(document, input, Promise.resolve());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.querySelector<HTMLInputElement>('#_r_4_')!.value).toBe('kila.rahu@example.pg');
    expect(document.querySelector<HTMLInputElement>('input[name=terms]')!.checked).toBe(true);
    expect(document.querySelector<HTMLSelectElement>('select[name=province]')!.value).toBe('Morobe');
    expect(document.activeElement).toBe(document.querySelector('#_r_4_'));
  });
});

describe('app-after-paint.js and the hand-over: the focus', () => {
  it('focuses the app’s field where the shopper was typing when the app took over, so the next keys go on into it', () => {
    document.body.innerHTML = `
      <div id="root"><header></header><main><form>
        <label for="_R_1_">Email</label><input id="_R_1_" />
        <button type="submit">Send Reset Code</button>
      </form></main></div>`;
    new Function(afterPaintScript)();
    const input = window.bilumFirstScreenInput!;
    // Focused, not typed in yet (a finger on the field, or a test's fill between its focus and its typing).
    document.querySelector<HTMLInputElement>('#_R_1_')!.focus();

    // The app's page replaces the server's: the focused field is gone, and the focus is on the page's body.
    document.body.innerHTML = `
      <div id="root"><header></header><main><form>
        <label for="_r_4_">Email</label><input id="_r_4_" />
        <button type="submit">Send Reset Code</button>
      </form></main></div>`;
    expect(document.activeElement).toBe(document.body);
    handOverFirstScreenInput(document, input, Promise.resolve());
    expect(document.activeElement).toBe(document.querySelector('#_r_4_'));
  });

  it('still knows the field when the browser says the focus left it because the app’s commit removed it', async () => {
    document.body.innerHTML = `<div id="root"><header></header><main><input name="lastName" /></main></div>`;
    new Function(afterPaintScript)();
    const input = window.bilumFirstScreenInput!;
    const field = document.querySelector<HTMLInputElement>('input')!;
    field.focus();
    // The commit: Chromium sends focusout (no related target) as it removes the focused field, then the hand-over runs.
    field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    document.body.innerHTML = `<div id="root"><header></header><main><input name="lastName" /></main></div>`;
    handOverFirstScreenInput(document, input, Promise.resolve());
    await Promise.resolve();
    expect(document.activeElement).toBe(document.querySelector('input'));
  });

  it('leaves the focus alone when the shopper had left the fields, or the app has put it somewhere itself', async () => {
    document.body.innerHTML = `
      <div id="root"><header></header><main><input name="q" /><button type="button">Go</button></main></div>`;
    new Function(afterPaintScript)();
    const input = window.bilumFirstScreenInput!;
    const field = document.querySelector<HTMLInputElement>('input')!;
    field.focus();
    field.blur();
    await Promise.resolve();
    expect(input.focused).toBeNull();

    document.body.innerHTML = `<div id="root"><header></header><main><input name="q" /><button type="button">Go</button></main></div>`;
    handOverFirstScreenInput(document, input, Promise.resolve());
    expect(document.activeElement).toBe(document.body);
  });
});

describe('handing over to a page the app hydrated (decision 034), whose fields already show what was done', () => {
  it('ticks and types so that React hears it, though the field already shows it', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const seen: { accepted: boolean; name: string }[] = [];
    function Form() {
      const [accepted, setAccepted] = useState(false);
      const [name, setName] = useState('');
      seen.push({ accepted, name });
      return (
        <main>
          <input aria-label="Cardholder name" value={name} onChange={(event) => setName(event.target.value)} />
          <input
            type="checkbox"
            name="terms"
            checked={accepted}
            onChange={(event) => setAccepted(event.target.checked)}
          />
        </main>
      );
    }
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = renderToString(<Form />);
    document.body.replaceChildren(root);
    // What the shopper did before the app came: in the page's own fields, which React then takes over as they are.
    const [name, terms] = [...root.querySelectorAll('input')];
    name!.value = 'Mary Kaupa';
    terms!.checked = true;
    await act(async () => {
      hydrateRoot(root, <Form />);
    });
    const input: FirstScreenInput = {
      values: {
        [JSON.stringify({ part: 'main', index: 0, attr: 'aria-label', value: 'Cardholder name', nth: 0 })]:
          'Mary Kaupa',
      },
      checked: { [JSON.stringify({ part: 'main', index: 1, attr: 'name', value: 'terms', nth: 0 })]: true },
      taps: [],
      done: false,
    };
    await act(async () => {
      handOverFirstScreenInput(document, input, Promise.resolve());
      await Promise.resolve();
    });
    expect(seen.at(-1)).toEqual({ accepted: true, name: 'Mary Kaupa' });
    expect(terms!.checked).toBe(true);
    expect(name!.value).toBe('Mary Kaupa');
  });
});

describe('app-after-paint.js: when the app’s code is asked for', () => {
  // The script as it is, its import() (which Vitest's module runner cannot run inside a Function) counted instead.
  expect(afterPaintScript).toContain('import(src)');
  const counted = afterPaintScript.replace('import(src)', 'globalThis.appStarted = (globalThis.appStarted ?? 0) + 1');
  const started = () => (globalThis as { appStarted?: number }).appStarted ?? 0;
  const settle = async (ms: number) => {
    for (let step = 0; step < ms / 20; step += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (globalThis as { appStarted?: number }).appStarted;
  });

  function pageWithHeldApp() {
    document.body.innerHTML = `<div id="root"><main><h1>Checkout</h1></main></div><script type="text/x-after-paint" src="/assets/index-abc.js"></script>`;
  }

  it('waits for the browser’s first contentful paint, not only for a frame, and asks once', async () => {
    let notify: ((entries: { getEntriesByName: (name: string) => unknown[] }) => void) | undefined;
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: typeof notify) {
        notify = callback;
      }
      observe() {}
      disconnect() {
        notify = undefined;
      }
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    pageWithHeldApp();
    new Function(counted)();
    await settle(100);
    // Frames have gone by (jsdom's requestAnimationFrame), the page is not yet on the screen: nothing asked for.
    expect(started()).toBe(0);
    notify?.({ getEntriesByName: () => [] });
    await settle(40);
    expect(started()).toBe(0);
    notify?.({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
    await settle(100);
    expect(started()).toBe(1);
    // The fallback a second after the first frame does not ask a second time.
    await settle(1200);
    expect(started()).toBe(1);
  });

  it('makes the page chunks the server named modulepreloads a few a task when the app asks, and says when all are', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    pageWithHeldApp();
    const files = ['Page', 'a', 'b', 'c', 'd', 'e', 'f'].map((name) => `/assets/${name}-1.js`);
    document.head.innerHTML = files.map((href) => `<link rel="x-after-paint-modulepreload" href="${href}">`).join('');
    const rels = () => [...document.head.querySelectorAll('link')].map((link) => link.rel);
    new Function(counted)();
    // Nothing when the app's code is asked for (after the first frame here, without the Paint Timing API): the
    // pictures keep the bandwidth until the app asks for its page's code.
    await settle(100);
    expect(started()).toBe(1);
    expect(rels().every((rel) => rel === 'x-after-paint-modulepreload')).toBe(true);
    const asked = (window as { bilumAskForPageChunks?: () => Promise<void> }).bilumAskForPageChunks?.();
    const seen: number[] = [];
    const record = () => seen.push(rels().filter((rel) => rel === 'modulepreload').length);
    // Each task of the loader turns at most two, in the order the server named them.
    await new Promise<void>((resolve) => {
      const poll = () => {
        record();
        if (seen.at(-1) === files.length) resolve();
        else setTimeout(poll, 0);
      };
      poll();
    });
    expect(started()).toBe(1);
    const steps = seen.filter((count, index) => index === 0 || count !== seen[index - 1]);
    for (let index = 1; index < steps.length; index += 1)
      expect(steps[index]! - steps[index - 1]!).toBeLessThanOrEqual(2);
    expect(steps.length).toBeGreaterThanOrEqual(4);
    expect([...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'))).toEqual(files);
    await expect(asked).resolves.toBeUndefined();
    document.head.innerHTML = '';
  });

  it('starts a second after the first frame when no contentful paint is reported, and after a frame without the API', async () => {
    class SilentObserver {
      static supportedEntryTypes = ['paint'];
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', SilentObserver);
    pageWithHeldApp();
    new Function(counted)();
    await settle(600);
    expect(started()).toBe(0);
    await settle(800);
    expect(started()).toBe(1);

    vi.stubGlobal('PerformanceObserver', undefined);
    pageWithHeldApp();
    new Function(counted)();
    await settle(200);
    expect(started()).toBe(2);
  });
});
