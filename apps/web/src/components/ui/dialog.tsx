import * as RadixDialog from '@radix-ui/react-dialog';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { cn } from '../../lib/cn';
import { Button, type ButtonProps } from './button';
import { lastFocusedElement } from '../../lib/last-focused';
import { useStartupT } from '../../i18n/react';

const placements = {
  /** A centred modal. */
  center:
    'left-1/2 top-1/2 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl animate-dialog-in',
  /** The mobile slide-in menu. */
  left: 'inset-y-0 left-0 h-full w-[min(20rem,85vw)] animate-sheet-left',
  /** The mobile bottom-sheet filter. */
  bottom: 'inset-x-0 bottom-0 max-h-[85vh] rounded-t-2xl animate-sheet-up',
} as const;

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  placement?: keyof typeof placements;
  className?: string;
}

/**
 * The element that had focus when the dialog opened, given focus back when it closes. Radix does that only for a
 * `Dialog.Trigger`, but the shop opens its dialogs from state (a button's handler, a page, a finished request), so
 * without this focus would fall to the body.
 */
function useOpener(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before the dialog's own effects move focus into it.
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : lastFocusedElement();
  }, [open]);
  return (event: Event) => {
    const element = opener.current;
    opener.current = null;
    // The opener may have gone (a row that was deleted, a page left): then Radix's own choice stands.
    if (element?.isConnected) {
      event.preventDefault();
      element.focus();
    }
  };
}

/**
 * An accessible dialog (focus trapped, Escape closes, labelled by its title, focus back on its opener when it
 * closes) as a modal or a sheet.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  placement = 'center',
  className,
}: DialogProps) {
  const returnFocus = useOpener(open);
  const t = useStartupT();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-ink/50 animate-fade-in" />
        <RadixDialog.Content
          className={cn(
            'fixed z-50 flex flex-col gap-4 overflow-y-auto bg-white p-5 shadow-xl focus:outline-none',
            placements[placement],
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={returnFocus}
        >
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-lg font-bold text-stone-900">{title}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label={t('ui.close')}
              className="-m-1 rounded-md p-1 text-stone-600 hover:bg-stone-100 hover:text-stone-900"
            >
              <svg viewBox="0 0 24 24" className="size-5" aria-hidden fill="none" stroke="currentColor" strokeWidth={2}>
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
            </RadixDialog.Close>
          </div>
          {description && (
            <RadixDialog.Description className="-mt-2 text-sm text-stone-600">{description}</RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Closes the surrounding dialog when the child (a button or link) is used. */
export const DialogClose = RadixDialog.Close;

/**
 * A dialog's closing row: the way back (closes the dialog) and the action, which reads `busyLabel` and is
 * disabled while it runs; stacked on a phone with the action on top. Without `onConfirm` the action submits the
 * dialog's form.
 */
export function DialogButtons({
  busy,
  label,
  busyLabel,
  onConfirm,
  cancelLabel,
  variant = 'danger',
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  onConfirm?: () => void;
  cancelLabel?: string;
  variant?: ButtonProps['variant'];
}) {
  const t = useStartupT();
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <DialogClose asChild>
        <Button variant="outline" disabled={busy}>
          {cancelLabel ?? t('ui.cancel')}
        </Button>
      </DialogClose>
      <Button type={onConfirm ? 'button' : 'submit'} variant={variant} onClick={onConfirm} disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
