import { z } from 'zod';
import type { PaymentSettings } from './payment-methods.schema';
import { pngProvinces } from './delivery';
import { defaultInvoiceSettings } from './invoice';
import { defaultShopSettings, type ShopSettings } from './settings';

/**
 * The setup checklist of a new shop (issue 27): what a PNG shop needs before it sells, shown on the admin's first
 * screen until every item is done. Each item is worked out from the settings themselves, so nothing is ticked by
 * hand and an item that is undone later shows again.
 */

export const setupItemKeys = ['shop-details', 'tax-invoice', 'ways-to-pay', 'bank-account', 'delivery'] as const;
export type SetupItemKey = (typeof setupItemKeys)[number];

export const setupItemSchema = z.object({
  key: z.enum(setupItemKeys),
  label: z.string(),
  done: z.boolean(),
  /** What is missing, or what is set, in a sentence. */
  hint: z.string(),
  /** Where in the admin to do it. */
  href: z.string(),
});
export const setupChecklistSchema = z.object({
  items: z.array(setupItemSchema),
  /** Every item done: the first screen no longer shows the checklist. */
  done: z.boolean(),
});
export type SetupItem = z.infer<typeof setupItemSchema>;
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;

export interface SetupFacts {
  shop: ShopSettings;
  invoice: { legalName: string; tin: string; address: string };
  payments: Pick<
    PaymentSettings,
    | 'cardEnabled'
    | 'bankTransferEnabled'
    | 'pickupEnabled'
    | 'bankAccountName'
    | 'bankName'
    | 'bankBsb'
    | 'bankAccountNumber'
  >;
  /** Provinces in a delivery zone, of the 22 (`pngProvinces`). */
  provincesPriced: number;
  activePickupPoints: number;
}

export function setupChecklist(facts: SetupFacts): SetupChecklist {
  const { shop, invoice, payments } = facts;
  const demoContact = (['contactEmail', 'phone', 'address'] as const).filter(
    (field) => shop[field].trim() === defaultShopSettings[field],
  );
  const bankComplete = [
    payments.bankAccountName,
    payments.bankName,
    payments.bankBsb,
    payments.bankAccountNumber,
  ].every((value) => value.trim() !== '');
  const demoInvoice =
    invoice.legalName === defaultInvoiceSettings.legalName || invoice.tin === defaultInvoiceSettings.tin;
  const invoiceMissing = [invoice.legalName, invoice.tin, invoice.address].some((value) => value.trim() === '');
  const bankTransferOn = payments.bankTransferEnabled && bankComplete;
  const bankNotNeeded = !payments.bankTransferEnabled && payments.pickupEnabled;
  const pickupWithoutPoint = payments.pickupEnabled && facts.activePickupPoints === 0;

  const items: SetupItem[] = [
    {
      key: 'shop-details',
      label: 'Shop details',
      done: demoContact.length === 0,
      hint:
        demoContact.length === 0
          ? 'Your contact e-mail, phone and address are on the footer, /contact and every e-mail.'
          : 'The contact e-mail, phone or address is still the demo shop’s: shoppers would reach someone else.',
      href: '/settings',
    },
    {
      key: 'tax-invoice',
      label: 'Business name and TIN',
      done: !invoiceMissing && !demoInvoice,
      hint:
        !invoiceMissing && !demoInvoice
          ? 'Tax invoices carry your legal name, TIN and address.'
          : 'Tax invoices still carry the demo’s name and TIN (or none): enter your business’s legal name, IRC TIN and address.',
      href: '/settings#tax-invoice',
    },
    {
      key: 'ways-to-pay',
      label: 'Ways to pay',
      done: bankTransferOn || payments.pickupEnabled,
      hint:
        bankTransferOn || payments.pickupEnabled
          ? 'Shoppers without a card can pay by bank transfer or mobile banking, or at pickup.'
          : 'Only the card is on. Most shoppers in Papua New Guinea have no card: turn on bank transfer / mobile banking (*131#) or pay at pickup.',
      href: '/settings#payments',
    },
    {
      key: 'bank-account',
      label: 'Bank account',
      done: bankComplete || bankNotNeeded,
      hint: bankComplete
        ? 'Bank-transfer shoppers are shown this account and their payment reference.'
        : bankNotNeeded
          ? 'Not needed while bank transfer is off: pay at pickup needs no bank account.'
          : 'Enter the account name, bank, BSB and account number that bank-transfer shoppers pay into.',
      href: '/settings#payments',
    },
    {
      key: 'delivery',
      label: 'Delivery zones and pickup points',
      done: facts.provincesPriced === pngProvinces.length && !pickupWithoutPoint,
      hint:
        facts.provincesPriced < pngProvinces.length
          ? `Only ${facts.provincesPriced} of the ${pngProvinces.length} provinces have a delivery fee: put every province in a zone.`
          : pickupWithoutPoint
            ? 'Pay at pickup is on, but no pickup point is open: add one or turn one on.'
            : 'Every province has a delivery fee and time; check them and your pickup points.',
      href: '/settings#delivery',
    },
  ];
  return { items, done: items.every((item) => item.done) };
}
