import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminCategory,
  categoryMessages,
  type RenameCategoryFormValues,
  renameCategoryFormSchema,
  type RenameCategoryInput,
} from '@bilum/shared';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Dialog, DialogButtons } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/form-field';
import { applyServerIssues } from '../../../lib/form-errors';
import { DeleteDialog } from '../shared/DeleteDialog';
import { slugRule } from './AddCategoryForm';
import { useDeleteCategory, useRenameCategory } from './categories.api';

/**
 * Rename: the name, the address, or both (issue 30, step 2: the storefront reads the categories, and the category's
 * products follow a new address). Only what changed is sent; an old address keeps leading here (a 301).
 */
export function RenameCategoryDialog({ category, onClose }: { category: AdminCategory; onClose: () => void }) {
  const rename = useRenameCategory();
  const form = useForm<RenameCategoryFormValues>({
    resolver: zodResolver(renameCategoryFormSchema),
    defaultValues: { name: category.name, slug: category.slug },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ name, slug }) => {
    const body: RenameCategoryInput = {
      ...(name.trim() !== category.name ? { name: name.trim() } : {}),
      ...(slug.trim() !== category.slug ? { slug: slug.trim() } : {}),
    };
    if (body.name === undefined && body.slug === undefined) {
      form.setError('name', { type: 'manual', message: categoryMessages.nothingToChange }, { shouldFocus: true });
      return;
    }
    rename.mutate(
      { id: category.id, body },
      {
        onSuccess: () => {
          toast.success(categoryMessages.saved);
          onClose();
        },
        onError: (error) => {
          if (!applyServerIssues(error, form.setError, ['name', 'slug'])) toast.error(error.message);
        },
      },
    );
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Rename ${category.name}`}
      description="Give the category a new name or a new address. Its old address keeps leading to it."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField label="Name" autoComplete="off" autoFocus error={errors.name?.message} {...form.register('name')} />
        <TextField
          label="Address"
          autoComplete="off"
          spellCheck={false}
          hint={slugRule}
          error={errors.slug?.message}
          {...form.register('slug')}
        />
        <DialogButtons busy={rename.isPending} label="Save" busyLabel="Saving…" variant="primary" />
      </form>
    </Dialog>
  );
}

/**
 * "Delete category?": the server refuses (409, with its message in a toast) while any product is in it, and then
 * nothing is removed: the dialog closes and the category stays in the list.
 */
export function DeleteCategoryDialog({ category, onClose }: { category: AdminCategory; onClose: () => void }) {
  const remove = useDeleteCategory();
  return (
    <DeleteDialog
      title="Delete category?"
      description={`“${category.name}” (${category.slug}) is removed for good, with the old addresses that lead to it.`}
      deleted={categoryMessages.deleted}
      remove={() => remove.mutateAsync(category.id)}
      onClose={onClose}
    />
  );
}
