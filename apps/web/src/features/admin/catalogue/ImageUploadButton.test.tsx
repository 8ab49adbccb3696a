import { imageTooLargeMessage, MAX_IMAGE_BYTES } from '@bilum/shared';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageUploadButton } from './ImageUploadButton';

/** A picked file of `size` bytes (its bytes are not read: only its size matters here). */
function fileOf(size: number, name = 'photo.jpg') {
  const file = new File(['x'], name, { type: 'image/jpeg' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function pick(file: File) {
  const uploaded = vi.fn();
  render(
    <>
      <ImageUploadButton label="Upload picture" onUploaded={uploaded} />
      <Toaster />
    </>,
  );
  fireEvent.change(screen.getByLabelText('Upload picture'), { target: { files: [file] } });
  return uploaded;
}

afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
});

describe('ImageUploadButton (issue 28)', () => {
  it('refuses a picture over 20 MB as soon as it is picked, in a toast and under the button, without sending it', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const uploaded = pick(fileOf(MAX_IMAGE_BYTES + 1));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', imageTooLargeMessage);
    const toasts = await screen.findByRole('region', { name: /Notifications/ });
    expect(await within(toasts).findByText(imageTooLargeMessage)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    expect(uploaded).not.toHaveBeenCalled();
  });

  it('shows the server’s 413 message in a toast when the server refuses the picture', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: { code: 'PAYLOAD_TOO_LARGE', message: imageTooLargeMessage } }, { status: 413 }),
      ),
    );
    const uploaded = pick(fileOf(MAX_IMAGE_BYTES));
    const toasts = await screen.findByRole('region', { name: /Notifications/ });
    expect(await within(toasts).findByText(imageTooLargeMessage)).toBeTruthy();
    expect(uploaded).not.toHaveBeenCalled();
  });
});
