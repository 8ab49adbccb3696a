import { lazy, Suspense, useEffect } from 'react';
import type { toast as sonnerToast } from 'sonner';

/*
 * sonner (~6 KB gzipped) is not needed for the first paint: the toaster loads in a chunk of its own right after
 * it. Pages that are lazy themselves import `toast` from 'sonner' as usual; code in the first page's bundle
 * uses `lazyToast()`, which waits until the toaster is listening (a toast shown before that would be lost).
 */
let markReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

const SonnerToaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

function ReadySignal() {
  // Runs after the toaster's own effects (siblings in order), i.e. once it has subscribed to new toasts.
  useEffect(() => markReady(), []);
  return null;
}

export function LazyToaster() {
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="top-center" richColors closeButton duration={4000} />
      <ReadySignal />
    </Suspense>
  );
}

/** Resolves once the toaster is listening: a toast shown from then on is seen. */
export function whenToasterReady(): Promise<void> {
  return toasterReady;
}

/** sonner's `toast`, once the toaster is on the page. */
export async function lazyToast(): Promise<typeof sonnerToast> {
  await toasterReady;
  return (await import('sonner')).toast;
}
