import { formatKina, type ShopSettings } from '@bilum/shared';
import type { OrderItemRow, OrderRefundRow, OrderRow } from '../../db/schema';
import type { OutgoingEmail } from '../mail/mail.service';
import { orderStateOf } from '../order-lifecycle/order-states';
import { orderEmail, trackingLink } from '../orders/order-emails';
import { orderLineName } from '../orders/order-line-name';

/**
 * The shopper's e-mail about a refund (issue 27): how much, how the money comes back and when, and what is left of
 * the order. Every refund that goes through sends one (a partial refund, or the refund of a cancelled order),
 * queued through the outbox in the transaction that records the refund, so it is sent once or not at all.
 */
export function refundEmail(input: {
  order: OrderRow;
  refund: Pick<OrderRefundRow, 'amountToea' | 'kind' | 'lines'>;
  items: readonly OrderItemRow[];
  /** toea paid for the order, and refunded in all with this refund. */
  paid: number;
  refundedInAll: number;
  /** The refund of an order staff cancelled (not a partial refund). */
  cancelled: boolean;
  shopUrl: string;
  settings: ShopSettings;
}): OutgoingEmail {
  const { order, refund, settings } = input;
  const amount = formatKina(refund.amountToea);
  const link = trackingLink(input.shopUrl, order.trackingCode);
  // A refunded line names its variant (issue 30); a refund made before variants names its product's line.
  const lineOf = (line: { productId: number; variantId?: number }) =>
    input.items.find((item) =>
      line.variantId === undefined ? item.productId === line.productId : item.variantId === line.variantId,
    );
  const lines = refund.lines.flatMap((line) => {
    const item = lineOf(line);
    return item ? [`${line.quantity} x ${orderLineName(item)}`] : [];
  });
  const cardEnding = order.cardLast4 && order.cardLast4 !== 'N/A' ? ` (ending ${order.cardLast4})` : '';
  const how =
    refund.kind === 'card'
      ? [
          `We have refunded ${amount} to the card you paid with${cardEnding}.`,
          'What happens next: the refund is on its way to your bank. It usually shows on your statement within 5 to ' +
            '10 working days, depending on your bank; you do not need to do anything.',
        ]
      : order.paymentMethod === 'bank-transfer'
        ? [
            `We have refunded ${amount}. You paid by bank transfer, so we return the money by bank transfer to the ` +
              'account it came from.',
            'What happens next: allow up to 3 working days for it to reach your account. If we need your bank ' +
              'details we will contact you; if it has not arrived after 3 working days, please reply to this e-mail.',
          ]
        : [
            `We have refunded ${amount}. You paid at the pickup counter, so the money is returned to you in person ` +
              `or by bank transfer, as arranged with our staff.`,
            'What happens next: if we have not arranged it with you yet, we will contact you within 2 working days.',
          ];
  const fully = input.refundedInAll >= input.paid;
  // Issue 27: a part-paid bank transfer that ended unpaid gets back what it sent; there is no order left to keep.
  const endedUnpaid = orderStateOf(order) === 'ended-unpaid';
  const rest = endedUnpaid
    ? fully
      ? 'Everything you sent for this order has now been returned.'
      : `Still to return: ${formatKina(input.paid - input.refundedInAll)}`
    : fully
      ? 'Your order is now refunded in full.'
      : 'The rest of your order is not affected.';
  const paragraphs = [
    `Hello ${order.firstName},`,
    endedUnpaid
      ? `Your order #${order.id} ended before it was paid in full, so we are returning the money you sent for it.`
      : input.cancelled
        ? `Your order #${order.id} has been cancelled and your payment refunded.`
        : `We have made a refund on your order #${order.id}.`,
    ...how,
    ...(lines.length > 0 ? [`Refunded items:\n${lines.join('\n')}`] : []),
    [
      `Refunded now: ${amount}`,
      `${endedUnpaid ? 'Received for the order' : 'Paid for the order'}: ${formatKina(input.paid)}`,
      `Refunded in all: ${formatKina(input.refundedInAll)}`,
      rest,
    ].join('\n'),
    `Order ID: ${order.id}\nTracking code: ${order.trackingCode}`,
    `Track your order at any time:\n${link}`,
    `Questions? Write to ${settings.contactEmail} or call ${settings.phone}.`,
  ];
  return orderEmail(order.email, `Refund of ${amount} for your Bilum order #${order.id}`, paragraphs, link);
}
