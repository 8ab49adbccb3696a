import { useSyncExternalStore } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

const waiting = new Set<() => unknown>();
let listening = false;

/** The shopper's first touch or key on the page starts loading every form check the page has made. */
function preloadOnFirstInteraction(preload: () => unknown) {
  if (typeof document === 'undefined') return;
  waiting.add(preload);
  if (listening) return;
  listening = true;
  const events = ['focusin', 'pointerdown', 'keydown'] as const;
  const start = () => {
    for (const event of events) document.removeEventListener(event, start, true);
    listening = false;
    // A load that fails here is tried again by the first check, which then says so.
    for (const load of waiting) void Promise.resolve(load()).catch(() => undefined);
    waiting.clear();
  };
  for (const event of events) document.addEventListener(event, start, { capture: true, passive: true });
}

/** A shared schema loaded when the shopper first touches the page (or a check first needs it). */
export interface LazySchema<Schema> {
  /** Loads it (once; a failed load is tried again by the next call). */
  load: () => Promise<Schema>;
  /** The schema once loaded, else undefined. */
  current: () => Schema | undefined;
  /** Calls `listener` when it has loaded. */
  subscribe: (listener: () => void) => () => void;
}

/** Make it once per schema, at module level. */
export function lazySchema<Schema>(loadSchema: () => Promise<Schema>): LazySchema<Schema> {
  return createLazySchema(loadSchema, { loadOnFirstTouch: true });
}

function createLazySchema<Schema>(
  loadSchema: () => Promise<Schema>,
  { loadOnFirstTouch }: { loadOnFirstTouch: boolean },
): LazySchema<Schema> {
  let loaded: Schema | undefined;
  let loading: Promise<Schema> | undefined;
  const listeners = new Set<() => void>();
  const load = () =>
    (loading ??= loadSchema().then(
      (schema) => {
        loaded = schema;
        for (const listener of listeners) listener();
        return schema;
      },
      (error: unknown) => {
        loading = undefined; // a file that did not arrive is asked for again at the next check
        throw error;
      },
    ));
  if (loadOnFirstTouch) preloadOnFirstInteraction(load);
  return {
    load,
    current: () => loaded,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The schema for a check made while the page renders (a button enabled once the form is complete): undefined
 * until it has loaded, which starts at the shopper's first touch of the page; the page renders again then.
 */
export function useLoadedSchema<Schema>(schema: LazySchema<Schema>): Schema | undefined {
  return useSyncExternalStore(schema.subscribe, schema.current, () => undefined);
}

/**
 * A react-hook-form resolver for a shared zod schema that loads zod, the schema and the resolver only when the
 * form is first used (issue 29): the pages with forms (sign-in, checkout, profile) no longer evaluate zod and their
 * schemas before they can be read and typed into. Loading starts at the shopper's first focus, tap or key on the
 * page, so it is done long before the first check; a check that comes first waits for it.
 *
 * Make it once per schema (at module level, or in useMemo when the schema depends on props); give it the page's
 * `lazySchema` when the page also checks while it renders.
 */
export function lazyZodResolver<Schema extends z.ZodType<unknown, FieldValues>>(
  source: (() => Promise<Schema>) | LazySchema<Schema>,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  type Input = z.input<Schema>;
  type Output = z.output<Schema>;
  // A loader of its own is loaded by the resolver's first-touch load below, not by one of its own beside it.
  const schema = typeof source === 'function' ? createLazySchema(source, { loadOnFirstTouch: false }) : source;
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const preload = () =>
    (loading ??= Promise.all([import('@hookform/resolvers/zod'), schema.load()]).then(
      ([{ zodResolver }, loaded]) => zodResolver(loaded) as unknown as Resolver<Input, unknown, Output>,
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await preload())(values, context, options);
  preloadOnFirstInteraction(preload);
  return resolver;
}
