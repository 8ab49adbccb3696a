import { whenToasterReady } from '../lib/toaster';
/**
 * Where an element of a server-rendered page is, as apps/web/public/app-after-paint.js names it: its part of the
 * page (header or main), a stable attribute (name, an id React did not make, aria-label) and its rank among the
 * part's elements with that value; `index`, its place among all the part's elements (templates left out), is the
 * fallback for an element without one, or when the app's page has no such element.
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
  taps: FirstScreenPlace[];
  done: boolean;
}

declare global {
  interface Window {
    bilumFirstScreenInput?: FirstScreenInput;
  }
}

function elementAt(doc: Document, { part, index, attr, value, nth = 0 }: FirstScreenPlace): Element | undefined {
  const container = doc.querySelector(`#root ${part}`);
  if (!container) return undefined;
  const elements = [...container.querySelectorAll('*')].filter((element) => element.localName !== 'template');
  const named = attr && value ? elements.filter((element) => element.getAttribute(attr) === value)[nth] : undefined;
  return named ?? elements[index];
}

function placeOf(key: string): FirstScreenPlace | null {
  try {
    const place = JSON.parse(key) as FirstScreenPlace;
    return typeof place.part === 'string' && typeof place.index === 'number' ? place : null;
  } catch {
    return null;
  }
}

/** Sets a control's value the way typing would, so React's onChange sees it. */
function typeInto(control: Element | undefined, value: string) {
  if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, 'value')?.set?.call(control, value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  } else if (control instanceof HTMLSelectElement) {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(control, value);
    control.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/**
 * Called once the app shows the page: puts back what the shopper typed and taps again what they tapped, on the
 * app's own elements, then stops the keeping.
 */
export function handOverFirstScreenInput(
  doc: Document = document,
  input = window.bilumFirstScreenInput,
  /** Taps are done again once this resolves (at most 3 s): the toaster, so a message a tap shows is not lost. */
  ready: Promise<unknown> = whenToasterReady(),
) {
  if (!input || input.done) return;
  input.done = true;
  const taps = input.taps.map((place) => elementAt(doc, place));
  for (const [key, value] of Object.entries(input.values)) {
    const place = placeOf(key);
    if (place) typeInto(elementAt(doc, place), value);
  }
  // In a task of its own: the typing has been rendered by then, as if the shopper had tapped after it.
  const readyOrLate = Promise.race([ready, new Promise((resolve) => setTimeout(resolve, 3000))]);
  void readyOrLate.then(() =>
    setTimeout(() => {
      for (const element of taps) {
        if (!element?.isConnected) continue;
        // A tap often lands on a button's icon (an SVG element, which has no click()): the click bubbles to it.
        if (element instanceof HTMLElement) element.click();
        else element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      }
    }, 0),
  );
}
