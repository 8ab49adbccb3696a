import { formatKina, MAX_PRODUCT_OPTIONS } from '@bilum/shared';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ProductImage } from '../../../components/ui/product-image';
import { inputClass } from '../../../components/ui/form-field';
import { cn } from '../../../lib/cn';
import { ImageUploadButton } from './ImageUploadButton';
import {
  addOption,
  addValue,
  changeRow,
  cheapestPrice,
  gridRows,
  type OptionDraft,
  removeOption,
  removeValue,
  renameOption,
  type RowDefaults,
  type RowDraft,
  type RowField,
  valueRefusal,
  type VariantDraft,
  type VariantErrors,
} from './variant-editor';

// "Options and variants" of the product forms (issue 30 step 4, decision 042): up to 3 options with their values,
// and a row for every combination with its SKU, prices and stock. On a phone each row is a card; where the section
// is wide enough (its own width, so the add page and the edit dialog agree) the rows line up as a table.

interface VariantEditorProps {
  draft: VariantDraft;
  onChange: (draft: VariantDraft) => void;
  errors: VariantErrors;
  onErrorsChange: (errors: VariantErrors) => void;
  /** What a new combination's row starts with: the product form's figures. */
  defaults: RowDefaults;
  /** Why this product has no options (the membership product): shown instead of the editor. */
  locked?: string | undefined;
  /** The product's options are being read (the edit dialog), or could not be. */
  status?: 'loading' | 'error' | 'ready';
}

/** The table's columns (from 38rem, the add page's width): variant, SKU, price, original, stock, threshold, on sale. */
const columns =
  '@min-[38rem]:grid-cols-[minmax(6rem,1fr)_minmax(7rem,1.3fr)_minmax(5rem,1fr)_minmax(5rem,1fr)_minmax(4rem,0.7fr)_minmax(4rem,0.7fr)_3.5rem] @min-[38rem]:gap-2';

export function VariantEditor({
  draft,
  onChange,
  errors,
  onErrorsChange,
  defaults,
  locked,
  status = 'ready',
}: VariantEditorProps) {
  const headingId = useId();
  // After "Add option", its name field takes focus.
  const [focusOption, setFocusOption] = useState<number | null>(null);
  const rows = gridRows(draft, defaults);
  const onSale = rows.filter((each) => each.row.sold).length;
  const cheapest = cheapestPrice(draft, defaults);

  const clearOptionError = (index: number, where: 'name' | 'values') => {
    if (!errors.options[index]?.[where]) return;
    onErrorsChange({
      ...errors,
      options: { ...errors.options, [index]: { ...errors.options[index], [where]: undefined } },
    });
  };
  const clearRowError = (key: string, field: RowField | 'values') => {
    if (!errors.rows[key]?.[field]) return;
    onErrorsChange({ ...errors, rows: { ...errors.rows, [key]: { ...errors.rows[key], [field]: undefined } } });
  };

  return (
    <section
      aria-labelledby={headingId}
      className="@container flex flex-col gap-4 rounded-xl border border-stone-200 bg-stone-50/60 p-3 sm:p-4"
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-base font-semibold text-stone-900">
          Options and variants
        </h2>
        <p className="text-sm text-muted">
          {locked ??
            `For a product sold in several kinds, e.g. Storage and Colour: up to ${MAX_PRODUCT_OPTIONS} options. ` +
              'Each combination is a variant with its own SKU, price and stock.'}
        </p>
      </div>

      {status === 'loading' && <p className="text-sm text-muted">Loading the product’s options…</p>}
      {status === 'error' && (
        <p role="alert" className="text-sm text-red-700">
          The product’s options could not be loaded. Close the dialog and open it again to change them.
        </p>
      )}

      {!locked && status === 'ready' && (
        <>
          {draft.options.map((option, index) => (
            <OptionEditor
              key={option.key}
              index={index}
              option={option}
              error={errors.options[index]}
              focusName={focusOption === index}
              onFocused={() => setFocusOption(null)}
              onRename={(name) => {
                onChange(renameOption(draft, index, name));
                clearOptionError(index, 'name');
              }}
              onAddValue={(value) => {
                onChange(addValue(draft, index, value));
                clearOptionError(index, 'values');
              }}
              onRemoveValue={(value) => onChange(removeValue(draft, index, value))}
              onRemove={() => {
                onChange(removeOption(draft, index));
                onErrorsChange({ ...errors, options: {} });
              }}
            />
          ))}

          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Button
              variant="outline"
              size="sm"
              disabled={draft.options.length >= MAX_PRODUCT_OPTIONS}
              onClick={() => {
                onChange(addOption(draft));
                setFocusOption(draft.options.length);
              }}
            >
              + Add option
            </Button>
            {draft.options.length >= MAX_PRODUCT_OPTIONS && (
              <span className="text-xs text-muted">A product has at most {MAX_PRODUCT_OPTIONS} options.</span>
            )}
          </div>

          {errors.general.length > 0 && (
            <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
              {errors.general.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          )}

          {rows.length > 0 && (
            <div className="flex flex-col gap-2">
              <p className="text-sm text-stone-700" aria-live="polite">
                {rows.length} {rows.length === 1 ? 'combination' : 'combinations'}, {onSale} on sale
                {cheapest !== null && <> · the product shows the cheapest: {formatKina(cheapest)}</>}
              </p>
              {/* The column heads of the table layout; each field keeps its own label for screen readers. */}
              <div
                aria-hidden
                className={cn(
                  'hidden gap-3 border-b border-stone-300 px-2 pb-1 text-xs font-semibold text-stone-700 @min-[38rem]:grid',
                  columns,
                )}
              >
                <span>Variant</span>
                <span>SKU (optional)</span>
                <span>Price (K)</span>
                <span>Original (K)</span>
                <span>Stock</span>
                <span>Low at</span>
                <span className="text-center">On sale</span>
              </div>
              <ul className="flex flex-col gap-3 @min-[38rem]:gap-0">
                {rows.map(({ key, values, label, row }) => (
                  <VariantRow
                    key={key}
                    label={label}
                    row={row}
                    errors={errors.rows[key]}
                    onChange={(change) => {
                      onChange(changeRow(draft, values, defaults, change));
                      for (const field of Object.keys(change))
                        if (field !== 'sold' && field !== 'image') clearRowError(key, field as RowField);
                    }}
                  />
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function OptionEditor({
  index,
  option,
  error,
  focusName,
  onFocused,
  onRename,
  onAddValue,
  onRemoveValue,
  onRemove,
}: {
  index: number;
  option: OptionDraft;
  error: VariantErrors['options'][number] | undefined;
  focusName: boolean;
  onFocused: () => void;
  onRename: (name: string) => void;
  onAddValue: (value: string) => void;
  onRemoveValue: (value: string) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const valueRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const title = option.name.trim() || `option ${index + 1}`;
  useEffect(() => {
    if (!focusName) return;
    nameRef.current?.focus();
    onFocused();
  }, [focusName, onFocused]);

  const add = () => {
    const why = valueRefusal(option, value);
    setRefusal(why);
    if (why) return;
    onAddValue(value);
    setValue('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the value (and never submits the product form).
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  const valuesError = refusal ?? error?.values;

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-3">
      <div className="flex items-end gap-2">
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor={`${id}-name`} className="text-sm font-medium text-stone-800">
            Option {index + 1} name
          </label>
          <input
            ref={nameRef}
            id={`${id}-name`}
            value={option.name}
            placeholder="e.g. Storage or Colour"
            maxLength={60}
            onChange={(event) => onRename(event.target.value)}
            aria-invalid={error?.name ? true : undefined}
            aria-describedby={error?.name ? `${id}-name-error` : undefined}
            className={inputClass}
          />
        </div>
        <Button variant="ghost" size="md" onClick={onRemove} className="shrink-0 text-red-700 hover:bg-red-50">
          Remove<span className="sr-only"> the option {title}</span>
        </Button>
      </div>
      {error?.name && (
        <p id={`${id}-name-error`} role="alert" className="-mt-2 text-sm text-red-700">
          {error.name}
        </p>
      )}

      {option.values.length > 0 && (
        <ul aria-label={`Values of ${title}`} className="flex flex-wrap gap-2">
          {option.values.map((each) => (
            <li
              key={each}
              className="inline-flex h-9 items-center gap-1 rounded-full border border-stone-300 bg-stone-100 pr-1 pl-3 text-sm text-stone-900"
            >
              {each}
              <button
                type="button"
                onClick={() => {
                  onRemoveValue(each);
                  valueRef.current?.focus();
                }}
                className="inline-flex size-7 items-center justify-center rounded-full text-stone-600 hover:bg-stone-200 hover:text-stone-900"
              >
                <span aria-hidden>×</span>
                <span className="sr-only">
                  Remove {each} from {title}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}

      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-value`} className="text-sm font-medium text-stone-800">
          Add a value<span className="sr-only"> to {title}</span>
          <span className="font-normal text-muted"> (type it, then Enter)</span>
        </label>
        <div className="flex gap-2">
          <input
            ref={valueRef}
            id={`${id}-value`}
            value={value}
            placeholder={index === 0 ? 'e.g. 128 GB' : 'e.g. Black'}
            maxLength={60}
            enterKeyHint="done"
            onChange={(event) => {
              setValue(event.target.value);
              setRefusal(null);
            }}
            onKeyDown={onKeyDown}
            aria-invalid={valuesError ? true : undefined}
            aria-describedby={valuesError ? `${id}-value-error` : undefined}
            className={cn(inputClass, 'min-w-0 flex-1')}
          />
          <Button variant="outline" onClick={add} className="shrink-0">
            Add value
          </Button>
        </div>
        {valuesError && (
          <p id={`${id}-value-error`} role="alert" className="text-sm text-red-700">
            {valuesError}
          </p>
        )}
      </div>
    </div>
  );
}

/** One combination: a card on a phone, a table row where the section is wide. */
function VariantRow({
  label,
  row,
  errors,
  onChange,
}: {
  label: string;
  row: RowDraft;
  errors: VariantErrors['rows'][string] | undefined;
  onChange: (change: Partial<Pick<RowDraft, RowField | 'sold' | 'image'>>) => void;
}) {
  const id = useId();
  const off = !row.sold;
  const field = (
    name: RowField,
    title: string,
    props: { inputMode: 'decimal' | 'numeric' | 'text'; placeholder?: string; tall?: boolean },
  ) => (
    <Cell id={`${id}-${name}`} label={title} of={label} error={off ? undefined : errors?.[name]} tall={props.tall}>
      <input
        id={`${id}-${name}`}
        value={row[name]}
        disabled={off}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        autoCapitalize={name === 'sku' ? 'characters' : undefined}
        onChange={(event) => onChange({ [name]: event.target.value })}
        aria-invalid={!off && errors?.[name] ? true : undefined}
        aria-describedby={!off && errors?.[name] ? `${id}-${name}-error` : undefined}
        className={inputClass}
      />
    </Cell>
  );

  return (
    <li
      className={cn(
        'grid grid-cols-2 items-start gap-3 rounded-lg border border-stone-200 bg-white p-3',
        '@min-[38rem]:items-start @min-[38rem]:rounded-none @min-[38rem]:border-0 @min-[38rem]:border-b @min-[38rem]:border-stone-200 @min-[38rem]:px-2 @min-[38rem]:py-2',
        columns,
        off && 'bg-stone-100 @min-[38rem]:bg-stone-100',
      )}
    >
      {/* On a phone the card's head: the name, and "On sale" beside it; in the table the first and last columns. */}
      <div className="col-span-2 flex items-start justify-between gap-3 @min-[38rem]:contents">
        <div className="flex min-h-11 min-w-0 flex-wrap items-center gap-x-2 gap-y-1 self-center">
          <span className={cn('font-semibold text-stone-900 @min-[38rem]:text-sm', off && 'text-muted line-through')}>
            {label}
          </span>
          {off && (
            <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">Not sold</span>
          )}
        </div>
        <label className="flex min-h-11 shrink-0 cursor-pointer items-center gap-2 self-center text-sm font-medium text-stone-800 @min-[38rem]:order-last @min-[38rem]:justify-center">
          <input
            type="checkbox"
            checked={row.sold}
            onChange={(event) => onChange({ sold: event.target.checked })}
            aria-label={`On sale: ${label}`}
            className="size-5 accent-brand-600"
          />
          <span aria-hidden className="@min-[38rem]:sr-only">
            On sale
          </span>
        </label>
      </div>
      <div className="col-span-2 @min-[38rem]:col-span-1">
        {field('sku', 'SKU', { inputMode: 'text', placeholder: 'Automatic' })}
      </div>
      {field('price', 'Price (K)', { inputMode: 'decimal', placeholder: '0.00' })}
      {field('originalPrice', 'Original price (K)', { inputMode: 'decimal', placeholder: 'Optional' })}
      {/* A pair whose labels may take two lines on a phone: their boxes stay level. */}
      {field('stock', 'Stock on hand', { inputMode: 'numeric', tall: true })}
      {field('lowStockThreshold', 'Low-stock threshold', { inputMode: 'numeric', tall: true })}
      {!off && <VariantPicture label={label} image={row.image} onChange={(image) => onChange({ image })} />}
    </li>
  );
}

/**
 * A variant's own picture (issue 30), shown on the product page when the shopper chooses it; without one the
 * product's main picture is shown. Under the row, across the table's columns.
 */
function VariantPicture({
  label,
  image,
  onChange,
}: {
  label: string;
  image: string | null;
  onChange: (image: string | null) => void;
}) {
  return (
    <div className="col-span-full flex flex-wrap items-center gap-3 @min-[38rem]:order-last @min-[38rem]:pb-1">
      {image ? (
        <>
          <ProductImage src={image} alt={`Picture of ${label}`} width={40} height={40} className="size-10 rounded-md" />
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            Use the product’s picture<span className="sr-only"> for {label}</span>
          </Button>
        </>
      ) : (
        <span className="text-xs text-muted">Shows the product’s picture.</span>
      )}
      <ImageUploadButton
        label={
          <>
            Upload picture<span className="sr-only"> of {label}</span>
          </>
        }
        onUploaded={(url) => onChange(url)}
      />
    </div>
  );
}

/** A row's field: its label (the column head in the table, so only for screen readers there) and its error. */
function Cell({
  id,
  label,
  of,
  error,
  tall,
  children,
}: {
  id: string;
  label: string;
  of: string;
  error: string | undefined;
  tall?: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className={cn(tall && '@max-[38rem]:flex @max-[38rem]:min-h-8 @max-[38rem]:items-end')}>
        <label htmlFor={id} className="text-xs font-medium text-stone-700 @min-[38rem]:sr-only">
          {label}
          <span className="sr-only"> of {of}</span>
        </label>
      </div>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
