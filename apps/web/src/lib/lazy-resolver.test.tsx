import { act, cleanup, render, screen } from '@testing-library/react';
import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazySchema, lazyZodResolver, useLoadedSchema } from './lazy-resolver';

afterEach(cleanup);

const schema = z.object({ email: z.string().trim().min(1, 'Please enter your email address.') });
type Values = z.input<typeof schema>;
const check = (resolver: ReturnType<typeof lazyZodResolver<typeof schema>>, values: Values) =>
  resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('lazyZodResolver', () => {
  it('loads nothing until the first check, then checks with the schema (its messages, its output)', async () => {
    const load = vi.fn(async () => schema);
    const resolver = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();

    const refused = await check(resolver, { email: '  ' });
    expect(refused.errors).toMatchObject({ email: { message: 'Please enter your email address.' } });
    const accepted = await check(resolver, { email: ' kila@example.pg ' });
    expect(accepted).toEqual({ values: { email: 'kila@example.pg' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts loading at the first focus, tap or key on the page, once', async () => {
    const load = vi.fn(async () => schema);
    lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();
    document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again at the next check when the schema’s file did not arrive', async () => {
    const load = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(schema);
    const resolver = lazyZodResolver(load);
    await expect(check(resolver, { email: 'a@b.pg' })).rejects.toThrow('Failed to fetch');
    await expect(check(resolver, { email: 'a@b.pg' })).resolves.toEqual({ values: { email: 'a@b.pg' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a load started by a tap that fails leaves no unhandled error, and the first check loads again', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const load = vi
        .fn<() => Promise<typeof schema>>()
        .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
        .mockResolvedValue(schema);
      const resolver = lazyZodResolver(load);
      document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
      expect(load).toHaveBeenCalledTimes(1);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(check(resolver, { email: 'a@b.pg' })).resolves.toEqual({ values: { email: 'a@b.pg' }, errors: {} });
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('a page that checks while it renders renders again once the schema arrives after the first tap', async () => {
    let arrive: (value: typeof schema) => void = () => {};
    const load = vi.fn(() => new Promise<typeof schema>((resolve) => (arrive = resolve)));
    const form = lazySchema(load);
    const resolver = lazyZodResolver(form);
    function Complete({ email }: { email: string }) {
      const loaded = useLoadedSchema(form);
      return <p>{loaded ? (loaded.safeParse({ email }).success ? 'complete' : 'incomplete') : 'not loaded'}</p>;
    }
    render(<Complete email="kila@example.pg" />);
    expect(screen.getByText('not loaded')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();

    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => arrive(schema));
    expect(screen.getByText('complete')).toBeTruthy();
    // The form's resolver uses the same load.
    await expect(check(resolver, { email: ' ' })).resolves.toMatchObject({ errors: { email: {} } });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
