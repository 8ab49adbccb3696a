/**
 * What a shopper did on a server-rendered page before the app took it over, kept by
 * apps/web/public/app-after-paint.js: values typed into its controls and taps, each element named by its part of
 * the page (header or main) and its place among that part's elements (templates left out).
 */
export interface FirstScreenInput {
  /** Keyed "header 12" or "main 40". */
  values: Record<string, string>;
  taps: { part: string; index: number }[];
  done: boolean;
}

declare global {
  interface Window {
    bilumFirstScreenInput?: FirstScreenInput;
  }
}

function elementAt(doc: Document, part: string, index: number): Element | undefined {
  const container = doc.querySelector(`#root ${part}`);
  if (!container) return undefined;
  return [...container.querySelectorAll('*')].filter((element) => element.localName !== 'template')[index];
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
export function handOverFirstScreenInput(doc: Document = document, input = window.bilumFirstScreenInput) {
  if (!input || input.done) return;
  input.done = true;
  const taps = input.taps.map(({ part, index }) => elementAt(doc, part, index));
  for (const [key, value] of Object.entries(input.values)) {
    const [part = '', index = ''] = key.split(' ');
    typeInto(elementAt(doc, part, Number(index)), value);
  }
  // In a task of its own: the typing has been rendered by then, as if the shopper had tapped after it.
  setTimeout(() => {
    for (const element of taps) {
      if (!element?.isConnected) continue;
      // A tap often lands on a button's icon (an SVG element, which has no click()): the click bubbles to it.
      if (element instanceof HTMLElement) element.click();
      else element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    }
  }, 0);
}
