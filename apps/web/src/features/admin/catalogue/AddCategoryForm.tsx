import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AddCategoryFormValues,
  addCategoryFormSchema,
  type AddCategoryInput,
  categoryMessages,
  categorySlugFromName,
} from '@bilum/shared';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { applyServerIssues } from '../../../lib/form-errors';
import { useAddCategory } from './categories.api';

/** The rule for an address, said once for both forms. */
export const slugRule = 'Lower-case letters (a-z), digits and single hyphens.';

/** "Add a category": a name, and an address only if the one the name gives is not wanted. */
export function AddCategoryForm() {
  const add = useAddCategory();
  const form = useForm<AddCategoryFormValues, unknown, AddCategoryInput>({
    resolver: zodResolver(addCategoryFormSchema),
    defaultValues: { name: '', slug: '' },
  });
  const { errors } = form.formState;
  const fromName = categorySlugFromName(form.watch('name'));
  const onSubmit = form.handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: () => {
        toast.success(categoryMessages.added);
        form.reset();
        // Ready for the next one.
        form.setFocus('name');
      },
      onError: (error) => {
        if (!applyServerIssues(error, form.setError, ['name', 'slug'])) toast.error(error.message);
      },
    }),
  );
  return (
    <section
      aria-labelledby="add-category-heading"
      className="mb-6 rounded-xl border border-stone-200 bg-white p-4 sm:p-5"
    >
      <h2 id="add-category-heading" className="mb-3 text-lg font-semibold text-stone-900">
        Add a category
      </h2>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] md:items-start"
      >
        <TextField label="Name" autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <TextField
          label="Address (optional)"
          autoComplete="off"
          spellCheck={false}
          placeholder={fromName || 'e.g. solar-lights'}
          hint={fromName ? `Leave it empty to use “${fromName}”. ${slugRule}` : slugRule}
          error={errors.slug?.message}
          {...form.register('slug')}
        />
        {/* Lined up with the inputs on wide screens (below the labels' height). */}
        <Button type="submit" disabled={add.isPending} className="md:mt-6.5">
          {add.isPending ? 'Adding…' : 'Add category'}
        </Button>
      </form>
    </section>
  );
}
