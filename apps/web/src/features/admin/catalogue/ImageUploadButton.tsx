import { imageTooLargeMessage, MAX_IMAGE_BYTES } from '@bilum/shared';
import { type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client';
import { uploadImage } from './catalogue.api';

/** Beside an image address field: what happens to an address on another site (issue 18). */
export const remotePictureHint =
  'An https:// address on another site is fetched once and stored by the shop when you save.';

/**
 * Uploads a JPEG, PNG or WebP picture to the shop (the server checks its bytes and size) and hands back the
 * address the shop serves it from, for the image field beside it. A refusal is said twice: a toast, and a line
 * under the button that stays. A file over the limit is refused here, before its megabytes cross a phone's connection,
 * with the server's own message (issue 28).
 */
export function ImageUploadButton({ label, onUploaded }: { label: ReactNode; onUploaded: (url: string) => void }) {
  const id = useId();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  function refuse(message: string) {
    toast.error(message);
    setState({ busy: false, error: message });
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) return refuse(imageTooLargeMessage);
    setState({ busy: true, error: null });
    try {
      const stored = await uploadImage(file);
      onUploaded(stored.url);
      setState({ busy: false, error: null });
    } catch (error) {
      refuse(error instanceof ApiError ? error.message : 'The upload failed. Please try again.');
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <label
        htmlFor={id}
        className="inline-flex h-11 w-fit cursor-pointer items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 hover:bg-stone-100 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-focus"
      >
        {state.busy ? 'Uploading…' : label}
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          disabled={state.busy}
          onChange={(event) => {
            void upload(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>
      <span className="text-xs text-muted">JPEG, PNG or WebP, at most {MAX_IMAGE_BYTES / 1024 / 1024} MB.</span>
      {state.error && (
        <p role="alert" className="text-sm text-red-700">
          {state.error}
        </p>
      )}
    </div>
  );
}
