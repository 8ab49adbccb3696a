/**
 * The last element outside a dialog that had keyboard focus, for dialogs to give focus back to (components/ui/
 * dialog.tsx). A button that disables itself while its work runs (Add to Cart while the cart is saved) drops focus
 * to the body before the dialog it opens appears, so what has focus at that moment is not enough.
 */
let lastFocused: HTMLElement | null = null;

export function lastFocusedElement(): HTMLElement | null {
  return lastFocused?.isConnected ? lastFocused : null;
}

/** Called once at start-up (main.tsx), before any dialog's code has loaded. */
export function trackLastFocused(doc: Document = document) {
  doc.addEventListener(
    'focusin',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLElement && !target.closest('[role="dialog"]')) lastFocused = target;
    },
    true,
  );
}
