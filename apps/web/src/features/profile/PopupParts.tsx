import type { ReactNode } from 'react';
import { ProductImage } from '../../components/ui/product-image';

/** One product row of a popup: picture, then whatever the popup shows about it. */
export function PopupRow({ image, name, children }: { image: string | null; name: string; children: ReactNode }) {
  return (
    <li className="flex gap-3 py-3">
      <ProductImage src={image} alt={name} width={64} height={64} className="size-16 shrink-0 rounded-lg text-xs" />
      <div className="min-w-0 flex-1 text-sm">{children}</div>
    </li>
  );
}

/** The popups' empty state. */
export function PopupEmpty({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="rounded-xl border border-dashed border-stone-300 p-6 text-center">
      <p className="font-semibold text-stone-800">{title}</p>
      {hint && <p className="mt-1 text-sm text-stone-600">{hint}</p>}
    </div>
  );
}
