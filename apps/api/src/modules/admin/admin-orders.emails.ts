import { formatKina, type ShippingStatus, shopperOrderStatus, type ShopSettings } from '@bilum/shared';
import type { OrderRow } from '../../db/schema';
import type { OutgoingEmail } from '../mail/mail.service';
import { orderEmail, trackingLink } from '../orders/order-emails';

const dayFormat = new Intl.DateTimeFormat('en-PG', { dateStyle: 'long', timeZone: 'Pacific/Port_Moresby' });

/**
 * What cancelling an order did to the Premium year it bought (issue 17, finding 8): the membership has ended, or
 * (a renewal) the added year was withdrawn and an earlier one still runs until `endsAt`.
 */
export type PremiumWithdrawal = { ended: true } | { ended: false; endsAt: Date };

function premiumNews(premium: PremiumWithdrawal | undefined): string[] {
  if (!premium) return [];
  if (premium.ended) {
    return [
      'The Premium membership bought with this order has ended: member prices and free shipping no longer apply.',
    ];
  }
  return [
    `The Premium renewal year bought with this order has been withdrawn. Your Premium membership now ends on ${dayFormat.format(premium.endsAt)}.`,
  ];
}

/** The shopper's words for the order once in `status` (the same as tracking and the order history). */
const statusFor = (order: OrderRow, status: ShippingStatus) =>
  shopperOrderStatus({
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    shippingStatus: status,
    total: order.totalToea,
    amountReceived: order.amountReceivedToea,
    pickup: order.pickupLocation !== null,
  });

/** What the customer is told about each new status. */
function news(
  order: OrderRow,
  status: ShippingStatus,
  premium?: PremiumWithdrawal,
): { subject: string; lines: string[] } {
  const id = order.id;
  switch (status) {
    case 'Dispatched': {
      // Issue 27: a pickup order is "Ready for pickup" (shopperOrderStatus), never "dispatched" with a delivery date.
      if (order.pickupLocation) {
        return {
          subject: `Your Bilum order #${id}: ${statusFor(order, status).label}`,
          lines: [`Your order #${id} is ready for pickup at ${order.pickupLocation}.`],
        };
      }
      // The date stored on the order at dispatch, the same one the tracking page shows.
      const due = order.estimatedDeliveryAt;
      return {
        subject: `Your Bilum order #${id} has been dispatched`,
        lines: [
          order.pickupLocation
            ? `Good news: your order #${id} is on its way to ${order.pickupLocation} for pickup.`
            : `Good news: your order #${id} is on its way.`,
          ...(due ? [`Estimated delivery: ${dayFormat.format(due)}`] : []),
        ],
      };
    }
    case 'Delivered':
      if (order.pickupLocation) {
        return {
          subject: `Your Bilum order #${id}: ${statusFor(order, status).label}`,
          lines: [`Your order #${id} was collected from ${order.pickupLocation}. Thank you for shopping with Bilum.`],
        };
      }
      return {
        subject: `Your Bilum order #${id} has been delivered`,
        lines: [`Your order #${id} has been delivered. Thank you for shopping with Bilum.`],
      };
    case 'Cancelled':
      // Issue 27: staff cancelled a bank transfer or pickup order before it was paid: nothing to refund by card.
      if (order.paidAt === null) {
        return {
          subject: `Your Bilum order #${id} has been cancelled`,
          lines: [
            `We have cancelled your order #${id}. It had not been paid, so the items are no longer held for you.`,
            order.amountReceivedToea > 0
              ? `We received ${formatKina(order.amountReceivedToea)} from you for this order; we will contact you to return it.`
              : 'You have not been charged.',
            ...(order.source === 'cart' && order.userId !== null
              ? ['The items are back in your cart should you still want them.']
              : []),
          ],
        };
      }
      return {
        subject: `Your Bilum order #${id} has been cancelled`,
        lines: [
          `We have cancelled your order #${id}.`,
          // The amount and the way it goes back are in the refund's own e-mail (issue 27): a part may have been
          // refunded before, and a bank transfer or pickup payment is returned by the shop, not to a card.
          order.paymentMethod === 'card'
            ? `What you paid is being refunded to the card you paid with` +
              `${order.cardLast4 && order.cardLast4 !== 'N/A' ? ` (ending ${order.cardLast4})` : ''}; ` +
              'a separate e-mail gives the amount. Your bank may take a few days to show it.'
            : 'What you paid will be returned to you; a separate e-mail gives the amount and how.',
          ...premiumNews(premium),
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
  /** Set when cancelling withdrew a Premium year the order bought. */
  premium?: PremiumWithdrawal;
}): OutgoingEmail {
  const { order, status, shopUrl, settings } = input;
  const link = trackingLink(shopUrl, order.trackingCode);
  const { subject, lines } = news(order, status, input.premium);
  const paragraphs = [
    `Hello ${order.firstName},`,
    ...lines,
    `Order ID: ${order.id}\nTracking code: ${order.trackingCode}`,
    `Track your order at any time:\n${link}`,
    `Questions? Write to ${settings.contactEmail} or call ${settings.phone}.`,
  ];
  return orderEmail(order.email, subject, paragraphs, link);
}
