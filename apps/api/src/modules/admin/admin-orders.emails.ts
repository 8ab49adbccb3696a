import { formatKina, type ShippingStatus, shopperOrderStatus, type ShopSettings } from '@bilum/shared';
import type { OrderRow } from '../../db/schema';
import { contactLine, type EmailLocale, emailLocaleOf, hello, longDayIn } from '../mail/email-locale';
import type { OutgoingEmail } from '../mail/mail.service';
import { orderEmail, orderFactWords, trackingLink } from '../orders/order-emails';
import { cancelWords } from '../payment-methods/payment-methods.emails';

/*
 * The shopper's e-mail when staff change an order's status: in the order's language (`orders.locale`, issue 31),
 * English and Tok Pisin side by side.
 */

/**
 * What cancelling an order did to the Premium year it bought (issue 17, finding 8): the membership has ended, or
 * (a renewal) the added year was withdrawn and an earlier one still runs until `endsAt`.
 */
export type PremiumWithdrawal = { ended: true } | { ended: false; endsAt: Date };

function premiumNews(premium: PremiumWithdrawal | undefined, locale: EmailLocale): string[] {
  if (!premium) return [];
  if (premium.ended) {
    return [
      locale === 'tpi'
        ? 'Premium Memba yu baim wantaim dispela oda i pinis nau: prais bilong memba na salim nating i no stap moa.'
        : 'The Premium membership bought with this order has ended: member prices and free shipping no longer apply.',
    ];
  }
  const day = longDayIn(premium.endsAt, locale);
  return [
    locale === 'tpi'
      ? `Mipela rausim nupela yia bilong Premium yu baim wantaim dispela oda. Premium Memba bilong yu bai pinis long ${day}.`
      : `The Premium renewal year bought with this order has been withdrawn. Your Premium membership now ends on ${day}.`,
  ];
}

/** A status in Tok Pisin, for the e-mail of a status without words of its own ("Pending", "Processing"). */
const tpiStatus: Record<ShippingStatus, string> = {
  Pending: 'i wet yet',
  Processing: 'mipela i redim nau',
  Dispatched: 'i go long rot nau',
  Delivered: 'i kamap pinis',
  Cancelled: 'i kensel',
};

const tpiNews = {
  readySubject: (id: number) => `Bilum oda #${id} bilong yu i redi long kisim`,
  ready: (id: number, place: string) => `Oda #${id} bilong yu i redi nau long kisim long ${place}.`,
  dispatchedSubject: (id: number) => `Bilum oda #${id} bilong yu i go long rot nau`,
  dispatched: (id: number) => `Gutpela nius: oda #${id} bilong yu i go long rot nau.`,
  estimated: (day: string) => `Bai i kamap long: ${day}`,
  collectedSubject: (id: number) => `Yu kisim pinis Bilum oda #${id} bilong yu`,
  collected: (id: number, place: string) =>
    `Yu kisim pinis oda #${id} bilong yu long ${place}. Tenkyu long baim long Bilum.`,
  deliveredSubject: (id: number) => `Bilum oda #${id} bilong yu i kamap pinis`,
  delivered: (id: number) => `Oda #${id} bilong yu i kamap pinis. Tenkyu long baim long Bilum.`,
  cancelledSubject: (id: number) => `Mipela kenselim Bilum oda #${id} bilong yu`,
  cancelledUnpaid: (id: number) =>
    `Mipela kenselim oda #${id} bilong yu. Yu no peim yet, olsem na mipela i no holim ol samting moa.`,
  cancelled: (id: number) => `Mipela kenselim oda #${id} bilong yu.`,
  cardRefund: (ending: string) =>
    `Mipela givim bek mani yu peim long kad yu yusim${ending}; narapela imel i tokim yu hamas. Benk bilong yu i ken kisim sampela de long soim.`,
  otherRefund: 'Bai mipela givim bek mani yu peim; narapela imel i tokim yu hamas na olsem wanem.',
  otherSubject: (id: number, status: ShippingStatus) => `Bilum oda #${id} bilong yu ${tpiStatus[status]}`,
  other: (id: number, status: ShippingStatus) => `Oda #${id} bilong yu ${tpiStatus[status]}.`,
};

/** What the customer is told about each new status, in Tok Pisin. */
function tokPisinNews(
  order: OrderRow,
  status: ShippingStatus,
  premium?: PremiumWithdrawal,
): { subject: string; lines: string[] } {
  const id = order.id;
  const words = tpiNews;
  switch (status) {
    case 'Dispatched': {
      if (order.pickupLocation) {
        return { subject: words.readySubject(id), lines: [words.ready(id, order.pickupLocation)] };
      }
      const due = order.estimatedDeliveryAt;
      return {
        subject: words.dispatchedSubject(id),
        lines: [words.dispatched(id), ...(due ? [words.estimated(longDayIn(due, 'tpi'))] : [])],
      };
    }
    case 'Delivered':
      if (order.pickupLocation) {
        return { subject: words.collectedSubject(id), lines: [words.collected(id, order.pickupLocation)] };
      }
      return { subject: words.deliveredSubject(id), lines: [words.delivered(id)] };
    case 'Cancelled':
      if (order.paidAt === null) {
        return {
          subject: words.cancelledSubject(id),
          lines: [
            words.cancelledUnpaid(id),
            order.amountReceivedToea > 0
              ? cancelWords.tpi.received(formatKina(order.amountReceivedToea))
              : cancelWords.tpi.notCharged,
            ...(order.source === 'cart' && order.userId !== null ? [cancelWords.tpi.backInCart] : []),
          ],
        };
      }
      return {
        subject: words.cancelledSubject(id),
        lines: [
          words.cancelled(id),
          order.paymentMethod === 'card'
            ? words.cardRefund(order.cardLast4 && order.cardLast4 !== 'N/A' ? ` (i pinis long ${order.cardLast4})` : '')
            : words.otherRefund,
          ...premiumNews(premium, 'tpi'),
        ],
      };
    default:
      return { subject: words.otherSubject(id, status), lines: [words.other(id, status)] };
  }
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
          ...(due ? [`Estimated delivery: ${longDayIn(due, 'en')}`] : []),
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
          ...premiumNews(premium, 'en'),
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
  const locale = emailLocaleOf(order.locale);
  const facts = orderFactWords[locale];
  const link = trackingLink(shopUrl, order.trackingCode);
  const { subject, lines } =
    locale === 'tpi' ? tokPisinNews(order, status, input.premium) : news(order, status, input.premium);
  const paragraphs = [
    hello(order.firstName, locale),
    ...lines,
    `${facts.orderId}: ${order.id}\n${facts.trackingCode}: ${order.trackingCode}`,
    `${facts.track}\n${link}`,
    contactLine(settings.contactEmail, settings.phone, locale),
  ];
  return orderEmail(order.email, subject, paragraphs, link);
}
