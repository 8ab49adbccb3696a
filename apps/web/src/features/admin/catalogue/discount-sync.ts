import { discountPercentFor, parseKinaInput, priceForDiscount, toKinaDecimal } from '@bilum/shared';
import { useEffect } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

interface PriceTexts extends FieldValues {
  price: string;
  originalPrice: string;
  discountPercentage: string;
}

/**
 * Keeps a product form's three price fields in step with the one discount rule (packages/shared
 * product-discount.ts): typing a price or original price shows the discount worked out from them; typing a
 * discount sets the current price from the original price. What is saved is what the form shows.
 */
export function useDiscountFromPrices<T extends PriceTexts>(form: UseFormReturn<T, unknown, unknown>) {
  useEffect(() => {
    const set = (name: 'price' | 'discountPercentage', value: string) =>
      form.setValue(name as Path<T>, value as PathValue<T, Path<T>>, { shouldDirty: true });
    const subscription = form.watch((values, { name, type }) => {
      // Only what the admin typed; the values set here come back without a type and are left alone.
      if (type !== 'change') return;
      const original = (values.originalPrice ?? '').trim() === '' ? null : parseKinaInput(values.originalPrice ?? '');
      if (name === 'price' || name === 'originalPrice') {
        const price = parseKinaInput(values.price ?? '');
        if (price === null) return;
        const percent = discountPercentFor(original, price);
        set('discountPercentage', percent > 0 ? String(percent) : '');
      } else if (name === 'discountPercentage') {
        const text = (values.discountPercentage ?? '').trim();
        if (!/^\d{1,3}$/.test(text) || Number(text) > 100 || original === null || !(original > 0)) return;
        set('price', toKinaDecimal(priceForDiscount(original, Number(text))));
      }
    });
    return () => subscription.unsubscribe();
  }, [form]);
}
