import type { ImportPreview, ImportResult } from '@bilum/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { useCommitImport, usePreviewImport } from './catalogue.api';

/** Rows listed in the preview at most (the summary counts them all). */
const SHOWN_ROWS = 200;

const actionLabels = { create: 'New', update: 'Update', unchanged: 'No change', error: 'Error' } as const;

/**
 * "Import CSV": the file is previewed first (each row's changes, errors and notices, nothing written); Import writes
 * every row in one go, or none. Cancel writes nothing. When rows need the owner's attention after the import (a
 * product added hidden because it has no picture, issue 30), the dialog stays open and lists them.
 */
export function CatalogImportDialog({ onClose }: { onClose: () => void }) {
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const preview = usePreviewImport();
  const commit = useCommitImport();
  const result: ImportPreview | undefined = preview.data;
  const [imported, setImported] = useState<ImportResult | null>(null);

  async function choose(file: File | undefined) {
    if (!file) return;
    const text = await file.text();
    setFileName(file.name);
    setCsv(text);
    setImported(null);
    commit.reset();
    preview.mutate(text, {
      onError: (error) => toast.error(error instanceof ApiError ? error.message : 'Could not read the file.'),
    });
  }

  function importAll() {
    if (csv === null) return;
    commit.mutate(csv, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        if (answer.notices.length > 0) setImported(answer);
        else onClose();
      },
      onError: (error) => {
        toast.error(error instanceof ApiError && error.message ? error.message : 'The import failed.');
        // The catalogue may have changed since the preview: show what the file would do now.
        preview.mutate(csv);
      },
    });
  }

  const listed = result?.rows.filter((row) => row.action !== 'unchanged') ?? [];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Import products from CSV"
      description="Rows are matched by SKU: a known SKU updates that product or variant, a new one adds it. A product with options has a row per variant, sharing its product_sku. Nothing is written until you press Import."
      className="sm:max-w-3xl"
    >
      <div className="flex flex-col gap-4">
        <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
          CSV file
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void choose(event.target.files?.[0])}
            className="text-sm"
          />
        </label>
        {preview.isPending && <p role="status">Checking {fileName}…</p>}
        {imported ? (
          <section aria-label="Import done" className="flex flex-col gap-2">
            <p role="status" className="text-sm font-medium text-stone-900">
              {imported.message}
            </p>
            <ul className="flex flex-col gap-1 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {imported.notices.map((notice) => (
                <li key={notice}>{notice}</li>
              ))}
            </ul>
          </section>
        ) : (
          result && (
            <section aria-label="Import preview" className="flex flex-col gap-3">
              <p role="status" className="text-sm">
                {result.summary.create} new, {result.summary.update} to update, {result.summary.unchanged} unchanged,{' '}
                {result.summary.errors} with errors.
              </p>
              {result.fileErrors.map((message) => (
                <p key={message} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                  {message}
                </p>
              ))}
              {listed.length > 0 && (
                <div className="max-h-80 overflow-auto rounded-md border border-stone-200">
                  <table className="w-full table-fixed text-left text-sm">
                    <thead className="sticky top-0 bg-stone-100">
                      <tr>
                        <th className="w-12 px-2 py-1">Line</th>
                        <th className="w-24 px-2 py-1">SKU</th>
                        <th className="w-20 px-2 py-1">Action</th>
                        <th className="px-2 py-1">Changes or errors</th>
                      </tr>
                    </thead>
                    <tbody>
                      {listed.slice(0, SHOWN_ROWS).map((row) => (
                        <tr key={row.line} className="border-t border-stone-200 align-top">
                          <td className="px-2 py-1">{row.line}</td>
                          <td className="px-2 py-1 font-mono text-xs break-all">{row.sku}</td>
                          <td className={row.action === 'error' ? 'px-2 py-1 font-semibold text-red-800' : 'px-2 py-1'}>
                            {actionLabels[row.action]}
                          </td>
                          <td className="px-2 py-1 [overflow-wrap:anywhere]">
                            <ul>
                              {row.errors.map((error) => (
                                <li key={`${error.field}-${error.message}`} className="text-red-800">
                                  {error.field}: {error.message}
                                </li>
                              ))}
                              {row.notices.map((notice) => (
                                <li key={notice} className="font-medium text-amber-900">
                                  {notice}
                                </li>
                              ))}
                              {row.changes.map((change) => (
                                <li key={change.field}>
                                  {change.field}:{' '}
                                  {row.action === 'create' ? change.to : `${change.from} → ${change.to}`}
                                </li>
                              ))}
                            </ul>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  {listed.length > SHOWN_ROWS && (
                    <p className="px-2 py-1 text-xs text-muted">…and {listed.length - SHOWN_ROWS} more rows.</p>
                  )}
                </div>
              )}
            </section>
          )
        )}
        <div className="flex justify-end gap-2">
          {imported ? (
            <Button onClick={onClose}>Done</Button>
          ) : (
            <>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={importAll} disabled={!result?.valid || commit.isPending || preview.isPending}>
                {commit.isPending
                  ? 'Importing…'
                  : `Import ${result ? result.summary.create + result.summary.update : 0} row(s)`}
              </Button>
            </>
          )}
        </div>
      </div>
    </Dialog>
  );
}
