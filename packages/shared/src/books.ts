/**
 * The shop's books net of refunds (issue 27, docs/decisions/018-back-office-orders.md): one rule for the dashboard,
 * /reports and the CSV exports. Pure, integer toea only, no zod.
 *
 * - A sale is an order's total, on the day it was paid. An order never paid is no sale, so a payment returned
 *   before it became one (a late card payment the shop could not honour) is not in the books either.
 * - A refund counts on its own day, not on the sale's. An over-paid bank transfer's excess was never a sale: the
 *   first refunds of such an order give the excess back and do not lower the sales; only what goes beyond it does.
 * - An order whose whole payment went back (payment status refunded: cancelled and refunded, or partial refunds
 *   that add up to everything paid) has refunded all of its units and all of its money. What its refund rows do not
 *   already account for (an order cancelled before cancellations recorded their refund) counts when it was refunded.
 * - GST on net sales is the invoice's rule (`gstIncluded`: net / 11 to the toea) applied to the period's net.
 */
import { gstIncluded } from './invoice';

/** A line of the order as bought. */
export interface BookLine {
  productId: number;
  productName: string;
  quantity: number;
  /** toea */
  unitPrice: number;
}

/** A refund that went through (a failed or still pending one is not money returned). */
export interface BookRefund {
  /** toea */
  amount: number;
  at: Date;
  /** The refunded lines; empty for a refund of an amount. */
  lines: readonly { productId: number; quantity: number }[];
}

export interface OrderForBooks {
  /** toea: what was sold. */
  total: number;
  /** toea received: a card order's total; a bank transfer's or pickup's money received (more if over-paid). */
  paid: number;
  /** null: never paid, so never a sale. */
  paidAt: Date | null;
  /** Whether everything paid went back (payment status refunded). */
  fullyRefunded: boolean;
  refundedAt: Date | null;
  /** Only needed for units (top products); money needs none. */
  lines?: readonly BookLine[];
  /** Refunds that went through, in any order. */
  refunds: readonly BookRefund[];
}

export interface BookUnits {
  productId: number;
  productName: string;
  quantity: number;
  /** toea: quantity x unit price. */
  value: number;
}

export interface BookEntry {
  at: Date;
  /** toea, positive: the sale, or what a refund takes off the sales. */
  amount: number;
  /** The units sold, or returned by the refund. */
  units: BookUnits[];
}

export interface OrderBooks {
  sale: BookEntry | null;
  /** What each refund takes off the sales (an over-payment's excess given back takes off nothing), oldest first. */
  refunds: BookEntry[];
  /** toea given back to the shopper in all, the excess of an over-payment included. */
  returned: number;
  /** toea: the sale less its refunds (0 for an order never paid). */
  net: number;
}

/** The books of one order: its sale, and what its refunds take off it, each on its own day. */
export function orderBooks(order: OrderForBooks): OrderBooks {
  const refunds = [...order.refunds].sort((a, b) => a.at.getTime() - b.at.getTime());
  const recorded = refunds.reduce((sum, refund) => sum + refund.amount, 0);
  const rest = order.fullyRefunded ? Math.max(0, order.paid - recorded) : 0;
  const returned = recorded + rest;
  if (order.paidAt === null) return { sale: null, refunds: [], returned, net: 0 };

  const lines = order.lines ?? [];
  const byProduct = new Map<number, BookUnits & { unitPrice: number }>();
  for (const line of lines) {
    const known = byProduct.get(line.productId);
    if (known) {
      known.quantity += line.quantity;
      known.value += line.quantity * line.unitPrice;
    } else {
      byProduct.set(line.productId, {
        productId: line.productId,
        productName: line.productName,
        quantity: line.quantity,
        value: line.quantity * line.unitPrice,
        unitPrice: line.unitPrice,
      });
    }
  }
  const unitsOf = (wanted: readonly { productId: number; quantity: number }[]): BookUnits[] =>
    wanted.flatMap(({ productId, quantity }) => {
      const line = byProduct.get(productId);
      return line && quantity > 0
        ? [{ productId, productName: line.productName, quantity, value: quantity * line.unitPrice }]
        : [];
    });

  let excess = Math.max(0, order.paid - order.total);
  let offSales = 0;
  /** What a refund of `amount` takes off the sales: the excess goes back first, never more than was sold. */
  const againstSale = (amount: number) => {
    const fromExcess = Math.min(excess, amount);
    excess -= fromExcess;
    const taken = Math.min(amount - fromExcess, order.total - offSales);
    offSales += taken;
    return taken;
  };

  const entries: BookEntry[] = [];
  const unitsBack = new Map<number, number>();
  for (const refund of refunds) {
    const amount = againstSale(refund.amount);
    const units = unitsOf(refund.lines);
    for (const unit of units) unitsBack.set(unit.productId, (unitsBack.get(unit.productId) ?? 0) + unit.quantity);
    if (amount > 0 || units.length > 0) entries.push({ at: refund.at, amount, units });
  }
  if (order.fullyRefunded) {
    // Everything went back: the money the rows do not account for, and every unit no refund returned yet.
    const amount = againstSale(rest);
    const units = unitsOf(
      [...byProduct.values()].map((line) => ({
        productId: line.productId,
        quantity: line.quantity - (unitsBack.get(line.productId) ?? 0),
      })),
    );
    if (amount > 0 || units.length > 0) entries.push({ at: order.refundedAt ?? order.paidAt, amount, units });
  }
  const sale: BookEntry = {
    at: order.paidAt,
    amount: order.total,
    units: [...byProduct.values()].map(({ productId, productName, quantity, value }) => ({
      productId,
      productName,
      quantity,
      value,
    })),
  };
  return { sale, refunds: entries, returned, net: order.total - offSales };
}

/** A period's figures, in toea. */
export interface BookFigures {
  /** Sales: the totals of the orders paid in the period. */
  gross: number;
  /** Refunds made in the period, of any sale (an over-payment's excess given back is not a refund of sales). */
  refunds: number;
  /** gross - refunds (negative on a day with more refunds than sales). */
  net: number;
  /** GST included in the net: net / 11 to the toea (the invoice's rule). */
  gst: number;
  /** Orders paid in the period. */
  orders: number;
  /** gross / orders to the toea; 0 without orders. */
  average: number;
}

/** A period's figures from its sums (toea): the sales, the refunds and the number of orders paid. */
export function bookFigures(sums: { gross: number; refunds: number; orders: number }): BookFigures {
  const net = sums.gross - sums.refunds;
  return {
    gross: sums.gross,
    refunds: sums.refunds,
    net,
    gst: gstIncluded(net),
    orders: sums.orders,
    average: sums.orders === 0 ? 0 : Math.round(sums.gross / sums.orders),
  };
}
