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

/**
 * A react-hook-form resolver for a shared zod schema that loads zod, the schema and the resolver only when the
 * form is first used (issue 29): the pages with forms (sign-in, checkout, profile) no longer evaluate zod and their
 * schemas before they can be read and typed into. Loading starts at the shopper's first focus, tap or key on the
 * page, so it is done long before the first check; a check that comes first waits for it.
 *
 * Make it once per schema (at module level, or in useMemo when the schema depends on props).
 */
export function lazyZodResolver<Schema extends z.ZodType<unknown, FieldValues>>(
  loadSchema: () => Promise<Schema>,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  type Input = z.input<Schema>;
  type Output = z.output<Schema>;
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const preload = () =>
    (loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<Input, unknown, Output>,
      (error: unknown) => {
        loading = undefined; // a file that did not arrive is asked for again at the next check
        throw error;
      },
    ));
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await preload())(values, context, options);
  preloadOnFirstInteraction(preload);
  return resolver;
}
