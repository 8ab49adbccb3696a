import {
  type MembershipBankTransferResponse,
  paymentMethodMessages,
  type SessionUser,
  splitPhoneNumber,
} from '@bilum/shared';
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderItems, orders, savedContactDetails, users } from '../../db/schema';
import { AppError } from '../../errors';
import { premiumOffer } from '../membership/membership-purchase.service';
import type { OrdersService } from '../orders/orders.service';
import { orderPaymentInfo } from './payment-placement';

/**
 * Premium paid by bank transfer on /membership-payment (issue 19): an order of the Premium product with the
 * bank-transfer method, placed through the one order path (limits, one open Premium order, the reference, the
 * e-mail), for the signed-in shopper's own details. It activates Premium when staff record the full payment
 * (completeOrderPayment, as a card-paid Premium order does). Asking again answers the open order.
 */
export function createPremiumBankTransfer(deps: { db: Database; orders: OrdersService }) {
  const { db } = deps;

  async function openOrder(userId: number) {
    const [row] = await db
      .select({ order: orders })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.paymentMethod, 'bank-transfer'),
          eq(orders.stockState, 'held'),
          eq(orders.paymentStatus, 'pending'),
          eq(orderItems.isMembership, true),
        ),
      )
      .orderBy(desc(orders.id))
      .limit(1);
    return row?.order;
  }

  return {
    async start(user: SessionUser, clientAddress: string): Promise<MembershipBankTransferResponse> {
      const open = await openOrder(user.id);
      if (open) return { orderId: open.id, trackingCode: open.trackingCode, payment: await orderPaymentInfo(db, open) };
      const { productId } = await premiumOffer(db);
      const [account] = await db.select().from(users).where(eq(users.id, user.id));
      const [saved] = await db.select().from(savedContactDetails).where(eq(savedContactDetails.userId, user.id));
      const [first = '', ...rest] = (account?.fullName ?? user.fullName).trim().split(/\s+/);
      const fullPhone = saved?.phone ?? account?.phone ?? '';
      if (fullPhone === '') {
        throw new AppError('VALIDATION', 'Please add your phone number to your profile first.');
      }
      const phone = splitPhoneNumber(fullPhone);
      const { response } = await deps.orders.createOrder(
        user,
        {
          idempotencyKey: `premium-bank-transfer-${randomUUID()}`,
          contact: {
            firstName: saved?.firstName ?? account?.firstName ?? first,
            lastName: saved?.lastName ?? account?.lastName ?? (rest.join(' ') || first),
            email: user.email,
            countryCode: phone.countryCode,
            phone: phone.number,
            pickup: false,
            pickupLocation: '',
            pickupPointId: null,
            address: '',
            city: '',
            state: '',
            postcode: '',
            notes: '',
          },
          source: { type: 'items', items: [{ productId, quantity: 1 }] },
          paymentMethod: 'bank-transfer',
        },
        clientAddress,
      );
      const order = await deps.orders.orderById(response.order.id);
      if (!order) throw new AppError('CONFLICT', paymentMethodMessages.notAwaiting);
      return { orderId: order.id, trackingCode: order.trackingCode, payment: await orderPaymentInfo(db, order) };
    },
  };
}

export type PremiumBankTransfer = ReturnType<typeof createPremiumBankTransfer>;
