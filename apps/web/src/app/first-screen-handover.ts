import { whenToasterReady } from '../lib/toaster';
/**
 * Where an element of a server-rendered page is, as apps/web/public/app-after-paint.js names it: its part of the
 * page (header, main or footer), a stable attribute (name, an id React did not make, aria-label, or `label`: the
 * words of a control's label) and its rank among the
 * part's elements with that value; `index`, its place among all the part's elements (templates left out), names an
 * element without one. A named element is only ever found by its name: one the app's page does not have (yet: the
 * header's lazy menus come a moment after the page) is waited for, never guessed by its place.
 */
export interface FirstScreenPlace {
  part: string;
  index: number;
  attr?: string;
  value?: string;
  nth?: number;
}

/** What a shopper did on a server-rendered page before the app took it over, kept by app-after-paint.js. */
export interface FirstScreenInput {
  /** Keyed by the JSON of the control's FirstScreenPlace. */
  values: Record<string, string>;
  /** Tick boxes and radio buttons, by the same keys: checked or not. */
  checked?: Record<string, boolean>;
  taps: FirstScreenPlace[];
  /** The control that had the focus when the app took over, if any. */
  focused?: FirstScreenPlace | null;
  done: boolean;
}

declare global {
  interface Window {
    bilumFirstScreenInput?: FirstScreenInput;
  }
}

/** The page's part as app-after-paint.js names it: the main content, or the site's header or footer (not one inside main). */
function partAt(doc: Document, part: string): Element | undefined {
  if (!/^(main|header|footer)$/.test(part)) return undefined;
  return [...doc.querySelectorAll(`#root ${part}`)].find((element) => part === 'main' || !element.closest('main'));
}

/**
 * Taps an element again as a finger or mouse does: pointer and mouse presses, then the click. Some controls open on
 * the press, not the click (Radix's menu buttons), and a plain click() would leave them shut.
 */
function tap(element: Element) {
  const press = { bubbles: true, cancelable: true, composed: true, button: 0, buttons: 1 };
  const release = { ...press, buttons: 0 };
  const Pointer = typeof PointerEvent === 'function' ? PointerEvent : MouseEvent;
  const pointer = { isPrimary: true, pointerId: 1, pointerType: 'mouse' };
  element.dispatchEvent(new Pointer('pointerdown', { ...press, ...pointer }));
  element.dispatchEvent(new MouseEvent('mousedown', press));
  element.dispatchEvent(new Pointer('pointerup', { ...release, ...pointer }));
  element.dispatchEvent(new MouseEvent('mouseup', release));
  // A tap often lands on a button's icon (an SVG element, which has no click()): the click bubbles to it.
  if (element instanceof HTMLElement) element.click();
  else element.dispatchEvent(new MouseEvent('click', release));
}

/** The words of a form control's first label, as app-after-paint.js reads them. */
function labelOf(element: Element): string | null {
  const labels = (element as Partial<HTMLInputElement>).labels;
  return labels?.[0]?.textContent?.trim() || null;
}

function elementAt(doc: Document, { part, index, attr, value, nth = 0 }: FirstScreenPlace): Element | undefined {
  const container = partAt(doc, part);
  if (!container) return undefined;
  const elements = [...container.querySelectorAll('*')].filter((element) => element.localName !== 'template');
  if (attr === 'label' && value) return elements.filter((element) => labelOf(element) === value)[nth];
  if (attr && value) return elements.filter((element) => element.getAttribute(attr) === value)[nth];
  return elements[index];
}

function placeOf(key: string): FirstScreenPlace | null {
  try {
    const place = JSON.parse(key) as FirstScreenPlace;
    return typeof place.part === 'string' && typeof place.index === 'number' ? place : null;
  } catch {
    return null;
  }
}

/**
 * Sets a control's value the way typing would, so React's onChange sees it. A field the app took over as it was
 * (hydrated, decision 034) already shows what was typed, while React may hold the server's value: it is emptied
 * through its own setter first (which React's value tracker hears), so that the typing is a change React sees.
 */
function typeInto(control: Element | undefined, value: string) {
  if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
    control.value = '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, 'value')?.set?.call(control, value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  } else if (control instanceof HTMLSelectElement) {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(control, value);
    control.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/**
 * Ticks or unticks a tick box (or chooses a radio button) the way a tap does, so React's onChange sees it. One the
 * app took over as it was (hydrated) may already show the shopper's tick while React holds the server's: it is
 * set the other way quietly first, so that the tap is a change React hears (a radio button is only ever chosen).
 */
function tickTo(control: Element | undefined, checked: boolean) {
  if (!(control instanceof HTMLInputElement)) return;
  if (control.checked === checked) {
    if (control.type === 'radio' && !checked) return;
    control.checked = !checked;
  }
  control.click();
}

/**
 * How long the hand-over waits for a place the app has not rendered yet: the frame's lazy parts (the footer, the
 * header's account menu and cart) come a moment after the page.
 */
const lateParts = 3000;

/**
 * The element at a place once the app has rendered it: the frame's lazy parts (the footer, the header's cart) come
 * a moment after the page itself. Undefined if it has not come by `until`.
 */
async function elementWhenShown(doc: Document, place: FirstScreenPlace, until: number): Promise<Element | undefined> {
  for (;;) {
    const element = elementAt(doc, place);
    if (element || Date.now() >= until) return element;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Called once the app shows the page: puts back what the shopper typed and taps again what they tapped, on the
 * app's own elements, then stops the keeping. A place in a part the app renders a moment later (the footer's
 * newsletter form) is waited for.
 */
export function handOverFirstScreenInput(
  doc: Document = document,
  input = window.bilumFirstScreenInput,
  /** Taps are done again once this resolves (at most `lateParts`): the toaster, so a tap's message is not lost. */
  ready: Promise<unknown> = whenToasterReady(),
) {
  if (!input || input.done) return;
  input.done = true;
  const until = Date.now() + lateParts;
  // At once, in the app's commit: the next key the shopper presses goes on into the field they were typing in (the
  // server's field is gone, and the focus with it).
  const focused = input.focused ? elementAt(doc, input.focused) : undefined;
  if (focused instanceof HTMLElement && (doc.activeElement === null || doc.activeElement === doc.body)) {
    focused.focus({ preventScroll: true });
  }
  // An element named only by its place is found before the typing re-renders anything; a named one when tapped.
  const taps = input.taps.map((place) => ({ place, element: place.attr ? undefined : elementAt(doc, place) }));
  const lateTyping: Promise<void>[] = [];
  // In a microtask: called from the app's commit (a layout effect), where React would hold each typed value's
  // update until the commit ends and then read the field once more; as typing, each value is its own event.
  const typed = Promise.resolve().then(() => typeKept(input, doc, until, lateTyping));
  const readyOrLate = Promise.race([ready, new Promise((resolve) => setTimeout(resolve, lateParts))]);
  void Promise.all([readyOrLate, typed]).then(async () => {
    await Promise.all(lateTyping);
    // In a task of its own: the typing has been rendered by then, as if the shopper had tapped after it.
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const { place, element } of taps) {
      const target = element ?? (await elementWhenShown(doc, place, until));
      if (target?.isConnected) tap(target);
    }
  });
}

/** Puts back what was typed and ticked; a place the app has not rendered yet is waited for (in `lateTyping`). */
function typeKept(input: FirstScreenInput, doc: Document, until: number, lateTyping: Promise<void>[]) {
  const putBack = <T>(kept: Record<string, T>, apply: (control: Element | undefined, value: T) => void) => {
    for (const [key, value] of Object.entries(kept)) {
      const place = placeOf(key);
      if (!place) continue;
      const control = elementAt(doc, place);
      if (control) apply(control, value);
      else lateTyping.push(elementWhenShown(doc, place, until).then((late) => apply(late, value)));
    }
  };
  putBack(input.values, typeInto);
  putBack(input.checked ?? {}, tickTo);
}
