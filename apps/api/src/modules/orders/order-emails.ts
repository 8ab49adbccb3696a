import { formatKina, type ShopSettings } from '@bilum/shared';
import type { OrderItemRow, OrderRow } from '../../db/schema';
import type { OutgoingEmail } from '../mail/mail.service';
import { orderAddress } from './orders.service';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function trackingLink(shopUrl: string, trackingCode: string): string {
  return `${shopUrl}/track-order?tracking_code=${encodeURIComponent(trackingCode)}`;
}

function deliveryLine(order: OrderRow): string | null {
  if (order.pickupLocation) return `Pickup at: ${order.pickupLocation}`;
  const address = orderAddress(order);
  return address ? `Delivery to: ${address}` : null;
}

/** The one confirmation e-mail of a paid order: its lines, total, tracking code and tracking link. */
export function orderConfirmationEmail(input: {
  order: OrderRow;
  items: OrderItemRow[];
  shopUrl: string;
  settings: ShopSettings;
}): OutgoingEmail {
  const { order, items, shopUrl, settings } = input;
  const link = trackingLink(shopUrl, order.trackingCode);
  const lines = items.map(
    (item) => `${item.quantity} x ${item.productName}: ${formatKina(item.unitPriceToea * item.quantity)}`,
  );
  const paragraphs = [
    `Hello ${order.firstName},`,
    `Thank you for your order. We have received your payment and your order #${order.id} is confirmed.`,
    lines.join('\n'),
    [
      order.savingsToea > 0 ? `You saved: ${formatKina(order.savingsToea)}` : null,
      `Shipping: ${formatKina(order.shippingToea)}`,
      `Total paid: ${formatKina(order.totalToea)}`,
    ]
      .filter(Boolean)
      .join('\n'),
    [`Order ID: ${order.id}`, `Tracking code: ${order.trackingCode}`, deliveryLine(order)].filter(Boolean).join('\n'),
    `Track your order at any time:\n${link}`,
    `Questions? Write to ${settings.contactEmail} or call ${settings.phone}.`,
  ];
  return orderEmail(order.email, `Your Bilum order #${order.id} is confirmed`, paragraphs, link);
}

/** An e-mail about an order from its paragraphs: plain text, and HTML with the tracking link made clickable. */
export function orderEmail(to: string, subject: string, paragraphs: string[], link: string): OutgoingEmail {
  return {
    to,
    subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs
      .map((paragraph) => {
        const escaped = escapeHtml(paragraph).replace(/\n/g, '<br>');
        return `<p>${escaped.replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</p>`;
      })
      .join('\n'),
  };
}
