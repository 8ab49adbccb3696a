import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { trackLastFocused } from '../../lib/last-focused';
import { Dialog } from './dialog';

/** A page whose button opens a dialog from its handler, the way the shop's dialogs are opened (no Trigger). */
function Page({ busyFirst = false }: { busyFirst?: boolean }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const start = () => {
    if (!busyFirst) return setOpen(true);
    // Like Add to Cart: the button disables itself while the request runs, then the dialog opens.
    setBusy(true);
    setTimeout(() => {
      setBusy(false);
      setOpen(true);
    }, 0);
  };
  return (
    <main>
      <button type="button">Before</button>
      <button type="button" onClick={start} disabled={busy}>
        Add to Cart
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Added to cart">
        <button type="button">Continue shopping</button>
      </Dialog>
    </main>
  );
}

async function closeWithEscape() {
  const dialog = screen.getByRole('dialog', { name: 'Added to cart' });
  fireEvent.keyDown(dialog, { key: 'Escape' });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  expect(screen.queryByRole('dialog')).toBeNull();
}

describe('Dialog', () => {
  beforeAll(() => trackLastFocused(document));
  afterEach(cleanup);

  it('gives focus back to the button that opened it when it closes', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Add to Cart' });
    opener.focus();
    fireEvent.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Added to cart' })).toBeTruthy();
    expect(document.activeElement).not.toBe(opener);

    await closeWithEscape();
    expect(document.activeElement).toBe(opener);
  });

  it('gives focus back to a button that lost it while it was disabled for its work', async () => {
    render(<Page busyFirst />);
    const opener = screen.getByRole('button', { name: 'Add to Cart' });
    opener.focus();
    fireEvent.click(opener);
    // A browser drops focus to the body when the focused button becomes disabled.
    opener.blur();
    expect(await screen.findByRole('dialog', { name: 'Added to cart' })).toBeTruthy();

    await closeWithEscape();
    expect(document.activeElement).toBe(opener);
  });
});
