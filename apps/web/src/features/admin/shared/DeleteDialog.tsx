import { useState } from 'react';
import { toast } from 'sonner';
import { Dialog, DialogButtons } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';

/**
 * "Delete …?" after which `remove` runs: on success a toast and the dialog closes; a refusal (a 409 naming why)
 * goes in a toast (or `onError`'s) and the dialog closes too, since it will not change on a second try, unless
 * `keepOpenOnError`; a lost connection leaves it open to try again.
 */
export function DeleteDialog({
  title,
  description,
  deleted,
  remove,
  onClose,
  onError = (error) => toast.error(error.message),
  keepOpenOnError = false,
}: {
  title: string;
  description: string;
  /** The success toast. */
  deleted: string;
  remove: () => Promise<unknown>;
  onClose: () => void;
  /** The failure's toast, where the page words it its own way (default: the server's message). */
  onError?: (error: Error) => void;
  keepOpenOnError?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    setBusy(true);
    remove()
      .then(
        () => {
          toast.success(deleted);
          onClose();
        },
        (error: Error) => {
          onError(error);
          if (!keepOpenOnError && !(error instanceof ApiError && error.isNetwork)) onClose();
        },
      )
      .finally(() => setBusy(false));
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={description}>
      <DialogButtons busy={busy} label="Delete" busyLabel="Deleting…" onConfirm={confirm} />
    </Dialog>
  );
}
