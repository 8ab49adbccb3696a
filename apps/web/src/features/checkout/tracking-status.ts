/** The tracking page's badge colours (checkout-and-admin.md 4, "Tracking badge colours"). */
export type BadgeTone = 'green' | 'blue' | 'yellow' | 'orange' | 'red' | 'grey';

export const badgeToneClasses: Record<BadgeTone, string> = {
  green: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  blue: 'bg-sky-100 text-sky-800 ring-sky-200',
  yellow: 'bg-amber-100 text-amber-900 ring-amber-200',
  orange: 'bg-orange-100 text-orange-800 ring-orange-200',
  red: 'bg-red-100 text-red-800 ring-red-200',
  grey: 'bg-stone-100 text-stone-700 ring-stone-200',
};

/**
 * Delivered green; shipped or in transit blue; processing yellow; pending and awaiting payment orange; cancelled
 * and payment not completed red; else grey.
 */
export function shippingStatusTone(status: string | null | undefined): BadgeTone {
  const normalised = (status ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  switch (normalised) {
    case 'delivered':
      return 'green';
    case 'shipped':
    case 'in transit':
    case 'dispatched':
      return 'blue';
    case 'processing':
      return 'yellow';
    case 'pending':
    case 'awaiting payment':
      return 'orange';
    case 'cancelled':
    case 'canceled':
    case 'payment not completed':
      return 'red';
    default:
      return 'grey';
  }
}

/** The badge's words: the status as the server gives it, or 'Status Unknown' when empty. */
export function shippingStatusLabel(status: string | null | undefined): string {
  const text = (status ?? '').trim();
  if (text === '') return 'Status Unknown';
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Payment 'paid' is green, anything else orange. */
export function paymentStatusTone(status: string | null | undefined): BadgeTone {
  return (status ?? '').trim().toLowerCase() === 'paid' ? 'green' : 'orange';
}
