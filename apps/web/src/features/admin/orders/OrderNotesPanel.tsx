import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useAddOrderNote, useOrderNotes } from './orders.api';

/** Internal notes on an order (issue 21, decision 018): staff only, with author and time; never shown to the shopper. */
export function OrderNotesPanel({ orderId }: { orderId: number }) {
  const notes = useOrderNotes(orderId);
  const add = useAddOrderNote(orderId);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const fieldId = `order-note-${orderId}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (body.trim() === '') {
      setError('Please write the note.');
      return;
    }
    setError(undefined);
    add.mutate(
      { body: body.trim() },
      {
        onSuccess: () => {
          setBody('');
          toast.success('Note added.');
        },
        onError: (failure) =>
          setError(failure instanceof ApiError && !failure.isNetwork ? failure.message : 'Could not add the note.'),
      },
    );
  }

  return (
    <section className="flex flex-col gap-2" aria-labelledby={`${fieldId}-title`}>
      <h3 id={`${fieldId}-title`} className="text-sm font-semibold uppercase tracking-wide text-muted">
        Internal notes
      </h3>
      {notes.isPending ? (
        <p className="text-sm text-muted">Loading notes…</p>
      ) : notes.isError ? (
        <p className="text-sm text-red-800">Could not load the notes.</p>
      ) : notes.data.notes.length === 0 ? (
        <p className="text-sm text-muted">No notes yet. Only staff see them.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {notes.data.notes.map((note) => (
            <li key={note.id} className="rounded-md border border-stone-200 bg-stone-50 px-3 py-2 text-sm">
              <p className="whitespace-pre-wrap break-words text-stone-800">{note.body}</p>
              <p className="mt-1 text-xs text-muted">
                {note.author}, {formatDateTime(note.createdAt)}
              </p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
        <label htmlFor={fieldId} className="text-sm font-medium text-stone-700">
          Add a note (staff only)
        </label>
        <textarea
          id={fieldId}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          rows={2}
          maxLength={2000}
          className={`${inputClass} h-auto py-2`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
        />
        {error && (
          <p id={`${fieldId}-error`} className="text-sm text-red-800">
            {error}
          </p>
        )}
        <div>
          <Button type="submit" variant="outline" size="sm" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add note'}
          </Button>
        </div>
      </form>
    </section>
  );
}
