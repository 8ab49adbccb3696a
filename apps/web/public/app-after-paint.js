// Starts the app once a page the server rendered has been painted. On slow mobile data the shopper sees the page
// while the app's code loads, and the stylesheet and pictures get the bandwidth first. The server
// (apps/api/src/plugins/first-screen.ts) puts the app's module scripts on hold in such a page, as
// <script type="text/x-after-paint" src="…">, which the browser neither fetches nor runs, and loads this file.
const held = [...document.querySelectorAll('script[type="text/x-after-paint"]')].map((script) => script.src);
// The page's own code (its lazy chunk and what that imports), named by the server with links the browser does not
// act on. Made modulepreloads two a task when the app asks for its page's code (src/main.tsx, where it asked for
// all of them at once: 25-30 files on the checkout pages, each a fetch set up on the main thread, one of its longest
// tasks; issue 29), not sooner: the pictures the shopper sees keep the bandwidth until then. The app's own
// preloading skips every address a link of the page names.
const pageChunks = [...document.querySelectorAll('link[rel="x-after-paint-modulepreload"]')];
const chunksPerTask = 2;
const askForPageChunks = () =>
  new Promise((resolve) => {
    let next = 0;
    const step = () => {
      for (const link of pageChunks.slice(next, next + chunksPerTask)) link.rel = 'modulepreload';
      next += chunksPerTask;
      if (next < pageChunks.length) setTimeout(step, 0);
      else resolve();
    };
    setTimeout(step, 0);
  });
let started = false;
const start = () => {
  if (started) return;
  started = true;
  for (const src of held) import(src);
};
// Called by the app (src/main.tsx) as it loads the page's code. Not awaited: the app's own preloading has skipped these
// addresses since its first look at the page's links, and the browser fetches a file a link and an import both ask
// for once.
window.bilumAskForPageChunks = askForPageChunks;
const afterNextFrame = (then) => requestAnimationFrame(() => setTimeout(then, 0));
// "Painted" as the browser reports it: the first contentful paint of the Paint Timing API, whose entry comes once the
// frame is on the screen. The frame after a requestAnimationFrame is painted by the main thread but put on the screen
// by the compositor, tens of milliseconds later on a busy phone; the app's code asked for in between competes with
// the page's first appearance (and Lighthouse then counts the app's code as needed for it).
if (globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint', buffered: true });
  // A page with nothing contentful to paint reports none: its app starts a second after its first frame.
  afterNextFrame(() => setTimeout(start, 1000));
} else {
  afterNextFrame(start);
}

// Until the app has taken over, what the shopper does on the page is kept, not lost: what they type and tick, and a
// tap on anything but a link or a tick box (links work without the app; a form is not sent by the browser). The app puts the typing
// back and taps again once it shows the page (apps/web/src/app/first-screen-handover.ts, which reads these places
// the same way). An element is named by its part of the page (the header, the main content or the footer) and a stable
// attribute (its name, its id unless React made it, its aria-label, else its label's words) with its rank among the
// part's elements with that value; its place among all the part's elements is the fallback, for an element with none of them.
// Where the focus is, too: when the app's page replaces this one, the field the shopper is typing in is focused again,
// so the next keys go on into it rather than nowhere.
const input = { values: {}, checked: {}, taps: [], focused: null, done: false };
window.bilumFirstScreenInput = input;
const stableAttributes = ['name', 'id', 'aria-label'];
// useId's ids: «r1» and :r1: before React 19.1, _R_1_ (server) and _r_1_ (browser) since; they differ between the two.
const madeByReact = /[:«»]|_[Rr]_/;
/** The words of a form control's first label, or null. */
const labelOf = (element) => element.labels?.[0]?.textContent?.trim() || null;
// The page's parts: its main content, and the site's header and footer (not a header or footer inside the content).
const partOf = (target) => target.closest('main') ?? target.closest('header') ?? target.closest('footer');
const place = (target) => {
  const part = target instanceof Element ? partOf(target) : null;
  if (!part) return null;
  const elements = [...part.querySelectorAll('*')].filter((element) => element.localName !== 'template');
  const where = { part: part.localName, index: elements.indexOf(target) };
  for (const attr of stableAttributes) {
    const value = target.getAttribute(attr);
    if (!value || (attr === 'id' && madeByReact.test(value))) continue;
    const alike = elements.filter((element) => element.getAttribute(attr) === value);
    return { ...where, attr, value, nth: alike.indexOf(target) };
  }
  // A field known only by its label (its id made by React): the label's words.
  const label = labelOf(target);
  if (label) {
    const alike = elements.filter((element) => labelOf(element) === label);
    return { ...where, attr: 'label', value: label, nth: alike.indexOf(target) };
  }
  return where;
};
// A tick box or a choice among several changes as the browser's own, at once; its state is kept.
const isToggle = (element) =>
  element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio');
const keep = (event) => {
  const where = !input.done && 'value' in event.target ? place(event.target) : null;
  if (!where) return;
  if (isToggle(event.target)) input.checked[JSON.stringify(where)] = event.target.checked;
  else input.values[JSON.stringify(where)] = event.target.value;
};
document.addEventListener('input', keep, true);
document.addEventListener('focusin', (event) => {
  if (!input.done) input.focused = place(event.target);
});
document.addEventListener('focusout', (event) => {
  // Focus moved off the page's controls (a tap on nothing). Not when the field went because the app's commit removed
  // it (Chromium tells that with this event too): the hand-over then focuses the app's field, so the keys that
  // follow (a test's text typed into the focused field) go into it, not nowhere. Checked once the commit is over.
  if (input.done || event.relatedTarget) return;
  const left = event.target;
  queueMicrotask(() => {
    if (!input.done && left.isConnected) input.focused = null;
  });
});
document.addEventListener('change', keep, true);
document.addEventListener(
  'click',
  (event) => {
    if (input.done || !(event.target instanceof Element) || event.target.closest('a[href]')) return;
    if (isToggle(event.target)) return;
    const where = place(event.target);
    if (!where) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    input.taps.push(where);
  },
  true,
);
document.addEventListener(
  'submit',
  (event) => {
    if (!input.done) event.preventDefault();
  },
  true,
);

// What was typed, ticked or chosen before this script ran: it runs once the page has been parsed, and a quick
// finger (or a test that fills a field as soon as it appears) may have been there first. A field whose value is no
// longer the one the server wrote is kept as if its input event had been heard; the field in focus, too.
const untouchable = new Set(['hidden', 'file', 'submit', 'button', 'reset', 'image']);
const changedByHand = (field) => {
  if (isToggle(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement) {
    // A list the server wrote no choice into shows its first option: only another one is a choice. (The
    // `selected` attribute is what `defaultSelected` reflects.)
    const options = [...field.options];
    const written = (option) => option.hasAttribute('selected');
    return options.some(written)
      ? options.some((option) => option.selected !== written(option))
      : field.selectedIndex > 0;
  }
  return !untouchable.has(field.type) && field.value !== field.defaultValue;
};
for (const field of document.querySelectorAll('input, textarea, select')) {
  if (changedByHand(field)) keep({ target: field });
}
if (document.activeElement instanceof Element && document.activeElement !== document.body) {
  input.focused = place(document.activeElement);
}
