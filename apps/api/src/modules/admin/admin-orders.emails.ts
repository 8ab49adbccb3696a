import { formatKina, type ShippingStatus, type ShopSettings } from '@bilum/shared';
import type { OrderRow } from '../../db/schema';
import type { OutgoingEmail } from '../mail/mail.service';
import { orderEmail, trackingLink } from '../orders/order-emails';

const dayFormat = new Intl.DateTimeFormat('en-PG', { dateStyle: 'long', timeZone: 'Pacific/Port_Moresby' });

/** What the customer is told about each new status. */
function news(order: OrderRow, status: ShippingStatus, settings: ShopSettings): { subject: string; lines: string[] } {
  const id = order.id;
  switch (status) {
    case 'Dispatched': {
      const at = order.dispatchedAt ?? new Date();
      const due = new Date(at.getTime() + settings.deliveryDays * 24 * 60 * 60_000);
      return {
        subject: `Your Bilum order #${id} has been dispatched`,
        lines: [
          order.pickupLocation
            ? `Good news: your order #${id} is on its way to ${order.pickupLocation} for pickup.`
            : `Good news: your order #${id} is on its way.`,
          `Estimated delivery: ${dayFormat.format(due)}`,
        ],
      };
    }
    case 'Delivered':
      return {
        subject: `Your Bilum order #${id} has been delivered`,
        lines: [`Your order #${id} has been delivered. Thank you for shopping with Bilum.`],
      };
    case 'Cancelled':
      return {
        subject: `Your Bilum order #${id} has been cancelled`,
        lines: [
          `We have cancelled your order #${id}.`,
          `Your payment of ${formatKina(order.totalToea)} is being refunded in full to the card you paid with` +
            `${order.cardLast4 && order.cardLast4 !== 'N/A' ? ` (ending ${order.cardLast4})` : ''}. ` +
            'Your bank may take a few days to show it.',
        ],
      };
    default:
      return {
        subject: `Your Bilum order #${id} is now ${status.toLowerCase()}`,
        lines: [`Your order #${id} is now ${status.toLowerCase()}.`],
      };
  }
}

/** The e-mail a customer gets when an admin changes the shipping status of their order. */
export function orderStatusEmail(input: {
  order: OrderRow;
  status: ShippingStatus;
  shopUrl: string;
  settings: ShopSettings;
}): OutgoingEmail {
  const { order, status, shopUrl, settings } = input;
  const link = trackingLink(shopUrl, order.trackingCode);
  const { subject, lines } = news(order, status, settings);
  const paragraphs = [
    `Hello ${order.firstName},`,
    ...lines,
    `Order ID: ${order.id}\nTracking code: ${order.trackingCode}`,
    `Track your order at any time:\n${link}`,
    `Questions? Write to ${settings.contactEmail} or call ${settings.phone}.`,
  ];
  return orderEmail(order.email, subject, paragraphs, link);
}
