import { type ComponentType, lazy } from 'react';

export type LazyPage<P extends object> = ComponentType<P> & {
  /** Loads the page's code; once it has, the page renders at once instead of suspending. */
  preload: () => Promise<unknown>;
  /**
   * The page module's key in the build's manifest (`src/features/…/Page.tsx`), which the server renderer's build
   * adds to each `lazyPage` of the router (vite-page-modules.ts): the server names the page's code in the HTML it
   * renders, for apps/web/public/app-after-paint.js to ask for a few files at a time (issue 29). Undefined in the
   * browser's bundle.
   */
  module?: string;
};

/**
 * `React.lazy` that can be loaded ahead of rendering. A server-rendered page is replaced by the app only once
 * its page code is here (apps/web/src/main.tsx), so the shopper never sees a spinner between the two.
 */
export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  module?: string,
): LazyPage<P> {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        Loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Page(props: P) {
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Page, { preload, module });
}
