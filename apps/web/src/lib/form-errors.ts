import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's field issues (400/409 with `issues[{path,message}]`) on the form's fields. Returns true
 * when at least one issue matched a field, so the caller can skip the generic toast.
 */
export function applyServerIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const issue of error.issues) {
    const field = fields.find((name) => name === issue.path);
    if (!field) continue;
    setError(field, { type: 'server', message: issue.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/** True when any of the named values is empty after trimming (the spec's "missing information" checks). */
export function hasEmptyValue(values: Record<string, unknown>, fields: readonly string[]): boolean {
  return fields.some((field) => String(values[field] ?? '').trim() === '');
}

/** A react-hook-form `onInvalid` handler that calls `show` when any of the named fields is empty. */
export function whenMissing(getValues: () => Record<string, unknown>, fields: readonly string[], show: () => void) {
  return () => {
    if (hasEmptyValue(getValues(), fields)) show();
  };
}
