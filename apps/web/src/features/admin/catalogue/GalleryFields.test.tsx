import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useFieldArray, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { GalleryFields } from './GalleryFields';

/** A form with a gallery, as the add form and the edit dialog have; it shows the saved order. */
function Form({ urls }: { urls: string[] }) {
  const form = useForm<{ secondaryImages: { url: string }[] }>({
    defaultValues: { secondaryImages: urls.map((url) => ({ url })) },
  });
  const gallery = useFieldArray({ control: form.control, name: 'secondaryImages' });
  const values = form.watch('secondaryImages');
  return (
    <form>
      <GalleryFields
        rows={gallery.fields.map((field, index) => ({ id: field.id, url: values[index]?.url ?? '' }))}
        register={(index) => form.register(`secondaryImages.${index}.url` as const)}
        onAppend={(url) => gallery.append({ url })}
        onRemove={gallery.remove}
        onMove={gallery.move}
      />
      <p data-testid="order">{values.map((entry) => entry.url).join(' ')}</p>
    </form>
  );
}

const order = () => screen.getByTestId('order').textContent;

afterEach(cleanup);

describe('GalleryFields', () => {
  it('moves a picture up and down with buttons, keeps focus on the moved row and announces the move', async () => {
    render(<Form urls={['/a.png', '/b.png', '/c.png']} />);
    const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
    expect(button('Move secondary image 1 up').disabled).toBe(true);
    expect(button('Move secondary image 3 down').disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Move secondary image 3 up' }));
    expect(order()).toBe('/a.png /c.png /b.png');
    expect(screen.getByRole('status').textContent).toBe('Secondary image moved to position 2 of 3.');
    await waitFor(() => expect(document.activeElement).toBe(button('Move secondary image 2 up')));

    fireEvent.click(screen.getByRole('button', { name: 'Move secondary image 2 up' }));
    expect(order()).toBe('/c.png /a.png /b.png');
    // At the top its Up button is disabled, so focus goes to its Down button.
    await waitFor(() => expect(document.activeElement).toBe(button('Move secondary image 1 down')));

    fireEvent.click(screen.getByRole('button', { name: 'Move secondary image 1 down' }));
    expect(order()).toBe('/a.png /c.png /b.png');
  });

  it('removes a picture and adds an empty address row', () => {
    render(<Form urls={['/a.png', '/b.png']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove secondary image 1' }));
    expect(order()).toBe('/b.png');
    expect(screen.getByRole('status').textContent).toBe('Secondary image 1 removed.');
    fireEvent.click(screen.getByRole('button', { name: 'Add an image address' }));
    expect(screen.getAllByRole('textbox')).toHaveLength(2);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Secondary image 2' }).value).toBe('');
  });
});
