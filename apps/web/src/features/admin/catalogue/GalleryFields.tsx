import { useRef, useState } from 'react';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { ProductImage } from '../../../components/ui/product-image';
import { ImageUploadButton } from './ImageUploadButton';

export interface GalleryRow {
  /** react-hook-form's key of the row (it moves with the row). */
  id: string;
  url: string;
}

interface GalleryFieldsProps {
  rows: GalleryRow[];
  register: (index: number) => UseFormRegisterReturn;
  errors?: FieldErrors<{ secondaryImages: { url: string }[] }>['secondaryImages'];
  onAppend: (url: string) => void;
  onRemove: (index: number) => void;
  onMove: (from: number, to: number) => void;
}

/**
 * The product's gallery ("secondary images") in the add form and the edit dialog: each picture with a preview,
 * its address, Move up / Move down and Remove buttons; a picture is added by upload or by typing an address.
 * A move keeps focus on the button that was pressed and is announced to screen readers.
 */
export function GalleryFields({ rows, register, errors, onAppend, onRemove, onMove }: GalleryFieldsProps) {
  const [announcement, setAnnouncement] = useState('');
  const list = useRef<HTMLOListElement>(null);

  function move(from: number, to: number, direction: 'up' | 'down') {
    const id = rows[from]?.id;
    onMove(from, to);
    setAnnouncement(`Secondary image moved to position ${to + 1} of ${rows.length}.`);
    // After the re-render: the same button of the moved row, or its other one when it reached an end.
    requestAnimationFrame(() => {
      const row = list.current?.querySelector<HTMLElement>(`[data-row="${id}"]`);
      const pressed = row?.querySelector<HTMLButtonElement>(`[data-move="${direction}"]`);
      const other = row?.querySelector<HTMLButtonElement>(`[data-move="${direction === 'up' ? 'down' : 'up'}"]`);
      (pressed && !pressed.disabled ? pressed : other)?.focus();
    });
  }

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium text-stone-800">Secondary images (optional)</legend>
      {rows.length === 0 && <p className="text-sm text-muted">No secondary images yet.</p>}
      <ol ref={list} className="flex flex-col gap-3" aria-label="Secondary images">
        {rows.map((row, index) => {
          const label = `Secondary image ${index + 1}`;
          return (
            <li
              key={row.id}
              data-row={row.id}
              className="flex flex-col gap-2 rounded-lg border border-stone-200 p-2 sm:flex-row sm:items-end"
            >
              <ProductImage
                key={row.url}
                src={row.url}
                alt=""
                width={56}
                height={56}
                className="size-14 shrink-0 rounded-md text-[10px]"
              />
              <div className="min-w-0 flex-1">
                <TextField
                  label={label}
                  placeholder="https://… or /images/…"
                  error={errors?.[index]?.url?.message}
                  {...register(index)}
                />
              </div>
              <div className="flex gap-1">
                <Button
                  variant="outline"
                  size="sm"
                  data-move="up"
                  aria-label={`Move ${label.toLowerCase()} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1, 'up')}
                >
                  ↑ Up
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  data-move="down"
                  aria-label={`Move ${label.toLowerCase()} down`}
                  disabled={index === rows.length - 1}
                  onClick={() => move(index, index + 1, 'down')}
                >
                  ↓ Down
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${label.toLowerCase()}`}
                  onClick={() => {
                    onRemove(index);
                    setAnnouncement(`${label} removed.`);
                  }}
                >
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {(errors?.message ?? errors?.root?.message) && (
        <p role="alert" className="text-sm text-red-700">
          {errors.message ?? errors.root?.message}
        </p>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="flex flex-wrap items-start gap-3">
        <Button variant="outline" size="sm" onClick={() => onAppend('')}>
          Add an image address
        </Button>
        <ImageUploadButton label="Upload secondary image" onUploaded={onAppend} />
      </div>
    </fieldset>
  );
}
