import type { OrderRow } from '../../db/schema';

/*
 * The order lifecycle's declared table (issue 27, decision 023): every state an order can be in, read from its
 * columns, and every transition between them with who may make it and what it does to the order's stock. The one
 * writer (order-lifecycle.ts `transition`) refuses any change the table does not allow, and docs/architecture.md's
 * diagram is generated from this table (`lifecycleMermaid`, checked by order-states.test.ts).
 */

export const orderStates = [
  'awaiting-card',
  'card-declined',
  'awaiting-transfer',
  'part-paid',
  'awaiting-pickup-payment',
  'paid',
  'processing',
  'dispatched',
  'delivered',
  'collected',
  'cancelled-refund-due',
  'ended-unpaid',
  'refunded',
] as const;
export type OrderState = (typeof orderStates)[number];

/** What each state means, in staff's words (the diagram's notes and the refusals). */
export const orderStateLabels: Record<OrderState, string> = {
  'awaiting-card': 'awaiting card payment',
  'card-declined': 'declined by the card, still held',
  'awaiting-transfer': 'awaiting bank transfer',
  'part-paid': 'part-paid by bank transfer',
  'awaiting-pickup-payment': 'awaiting payment at pickup',
  paid: 'paid',
  processing: 'processing',
  dispatched: 'dispatched',
  delivered: 'delivered',
  collected: 'collected',
  'cancelled-refund-due': 'cancelled, refund due',
  'ended-unpaid': 'ended unpaid',
  refunded: 'refunded',
};

export type OrderStateColumns = Pick<
  OrderRow,
  'paymentMethod' | 'paymentStatus' | 'shippingStatus' | 'stockState' | 'amountReceivedToea' | 'pickupLocation'
>;

/** The state an order is in, from its columns alone (also for rows written by every earlier release). */
export function orderStateOf(order: OrderStateColumns): OrderState {
  switch (order.paymentStatus) {
    case 'refunded':
      return 'refunded';
    case 'paid':
      switch (order.shippingStatus) {
        case 'Cancelled':
          return 'cancelled-refund-due';
        case 'Processing':
          return 'processing';
        case 'Dispatched':
          return 'dispatched';
        case 'Delivered':
          return order.pickupLocation !== null ? 'collected' : 'delivered';
        default:
          return 'paid';
      }
    case 'pending':
    case 'failed':
      if (order.stockState !== 'held') return 'ended-unpaid';
      if (order.paymentMethod === 'bank-transfer')
        return order.amountReceivedToea > 0 ? 'part-paid' : 'awaiting-transfer';
      if (order.paymentMethod === 'pickup') return 'awaiting-pickup-payment';
      return order.paymentStatus === 'failed' ? 'card-declined' : 'awaiting-card';
    default:
      return 'ended-unpaid';
  }
}

/** Who makes a transition: the shopper's checkout, staff, the payment provider (webhook or answer), the shop's jobs. */
export type LifecycleActor = 'shopper' | 'staff' | 'provider' | 'system';

/**
 * What a transition does to the order's units: `hold` takes them off the shelf (placing), `sell` records the held
 * units sold (or takes a released order's units again, all or none), `release` puts held units back, `restock` puts
 * a sold order's units back (less those a refund already returned), `restock-lines` the refunded lines staff chose.
 */
export type StockEffectKind = 'none' | 'hold' | 'sell' | 'release' | 'restock' | 'restock-lines';

export interface TransitionRule {
  from: readonly OrderState[];
  /** Where it may lead; `same` when the order stays in the state it was in (a requote, a refund in part). */
  to: readonly OrderState[] | 'same';
  actors: readonly LifecycleActor[];
  stock: readonly StockEffectKind[];
  /** The refusal's words: "Order #12 is awaiting bank transfer: it cannot be dispatched." */
  verb: string;
}

const unpaidHeld = [
  'awaiting-card',
  'card-declined',
  'awaiting-transfer',
  'part-paid',
  'awaiting-pickup-payment',
] as const satisfies readonly OrderState[];
const paidOpen = ['paid', 'processing', 'dispatched'] as const satisfies readonly OrderState[];
const paidAll = [
  ...paidOpen,
  'delivered',
  'collected',
  'cancelled-refund-due',
] as const satisfies readonly OrderState[];

export const orderTransitions = {
  /** Checkout stores the order and holds its units (orders.service.ts inserts it: the only row not updated here). */
  place: {
    from: [],
    to: ['awaiting-card', 'awaiting-transfer', 'awaiting-pickup-payment'],
    actors: ['shopper'],
    stock: ['hold'],
    verb: 'placed',
  },
  /** The quote is recomputed (membership, prices, delivery) before a payment attempt. */
  requote: {
    from: unpaidHeld,
    to: 'same',
    actors: ['shopper', 'system'],
    stock: ['none'],
    verb: 'priced again',
  },
  /**
   * Issue 28 (decision 029): a guest confirms a bank-transfer or pickup order from the link in its e-mail; the
   * short unconfirmed hold becomes the long one (48 hours, 3 days). The order stays in its state.
   */
  'confirm-hold': {
    from: ['awaiting-transfer', 'awaiting-pickup-payment'],
    to: 'same',
    actors: ['shopper'],
    stock: ['none'],
    verb: 'confirmed',
  },
  /** The card provider declined the payment; the units stay held until the hold ends. */
  'decline-card': {
    from: ['awaiting-card', 'card-declined'],
    to: ['card-declined'],
    actors: ['provider'],
    stock: ['none'],
    verb: 'declined',
  },
  /** Staff record part of a bank transfer. */
  'receive-part': {
    from: ['awaiting-transfer', 'part-paid'],
    to: ['part-paid'],
    actors: ['staff'],
    stock: ['none'],
    verb: 'part-paid',
  },
  /**
   * Paid in full: the card provider's success, or staff recording the rest of a transfer. A late card payment for
   * an ended order takes its units again (refused when they are gone).
   */
  pay: {
    from: ['awaiting-card', 'card-declined', 'awaiting-transfer', 'part-paid', 'ended-unpaid'],
    to: ['paid'],
    actors: ['provider', 'staff'],
    stock: ['sell'],
    verb: 'paid',
  },
  /** The counter takes the money for a pickup order and hands it over. */
  'pay-at-counter': {
    from: ['awaiting-pickup-payment'],
    to: ['collected'],
    actors: ['staff'],
    stock: ['sell'],
    verb: 'paid at the counter',
  },
  /** An unpaid hold ends: expiry, a newer checkout attempt, staff cancelling, a refused payment. */
  release: {
    from: unpaidHeld,
    to: ['ended-unpaid'],
    actors: ['shopper', 'staff', 'provider', 'system'],
    stock: ['release'],
    verb: 'cancelled',
  },
  /** A payment arrived for an ended order the shop cannot honour (its units are gone, or Premium is already active). */
  'refuse-late-payment': {
    from: ['ended-unpaid'],
    to: 'same',
    actors: ['provider'],
    stock: ['none'],
    verb: 'refused',
  },
  /** A card payment the shop could not honour went back to the card (it never counted as a sale). */
  'return-payment': {
    from: ['ended-unpaid'],
    to: ['refunded'],
    actors: ['provider', 'system'],
    stock: ['none'],
    verb: 'returned',
  },
  process: { from: ['paid'], to: ['processing'], actors: ['staff'], stock: ['none'], verb: 'processed' },
  dispatch: {
    from: ['paid', 'processing'],
    to: ['dispatched'],
    actors: ['staff'],
    stock: ['none'],
    verb: 'dispatched',
  },
  deliver: {
    from: paidOpen,
    to: ['delivered', 'collected'],
    actors: ['staff'],
    stock: ['none'],
    verb: 'delivered',
  },
  /** Staff cancel a paid order: its units go back, its money is refunded next (refund-whole). */
  'cancel-paid': {
    from: paidOpen,
    to: ['cancelled-refund-due'],
    actors: ['staff'],
    stock: ['restock', 'none'],
    verb: 'cancelled',
  },
  /**
   * A refund in part: the order stays where it is; the lines staff chose may go back on the shelf. (A card refund
   * the provider confirms late may find the order refunded in whole meanwhile.) From `ended-unpaid`: the money a
   * part-paid bank transfer received before its hold ended or staff cancelled it goes back (never a sale; its units
   * went back with the release, so no stock effect: refunds.service.ts refuses lines there).
   */
  'refund-part': {
    from: [...paidAll, 'refunded', 'ended-unpaid'],
    to: 'same',
    actors: ['staff'],
    stock: ['restock-lines', 'none'],
    verb: 'refunded in part',
  },
  /** Everything paid has gone back (a cancelled order's refund, or partial refunds that add up). */
  'refund-whole': {
    from: paidAll,
    to: ['refunded'],
    actors: ['staff', 'system'],
    stock: ['restock-lines', 'none'],
    verb: 'refunded',
  },
} as const satisfies Record<string, TransitionRule>;

export type OrderEvent = keyof typeof orderTransitions;
export const orderEvents = Object.keys(orderTransitions) as OrderEvent[];

/** Null when `event` may happen to an order in `from` made by `actor`; otherwise why not. */
export function transitionRefusal(event: OrderEvent, from: OrderState, actor: LifecycleActor): string | null {
  const rule: TransitionRule = orderTransitions[event];
  if (!rule.from.includes(from)) return `is ${orderStateLabels[from]}: it cannot be ${rule.verb}`;
  if (!rule.actors.includes(actor)) return `cannot be ${rule.verb} by ${actor}`;
  return null;
}

/** True when an order that was in `from` may be in `to` after `event`. */
export function transitionLeadsTo(event: OrderEvent, from: OrderState, to: OrderState): boolean {
  const rule: TransitionRule = orderTransitions[event];
  return rule.to === 'same' ? to === from : rule.to.includes(to);
}

/** The table as a Mermaid state diagram (docs/architecture.md holds this text, checked by a test). */
export function lifecycleMermaid(): string {
  const id = (state: OrderState) => state.replace(/-/g, '_');
  const lines = ['stateDiagram-v2'];
  for (const state of orderStates) lines.push(`  ${id(state)}: ${orderStateLabels[state]}`);
  const edges = new Map<string, string[]>();
  for (const event of orderEvents) {
    const rule: TransitionRule = orderTransitions[event];
    const sources: (OrderState | null)[] = rule.from.length === 0 ? [null] : [...rule.from];
    for (const from of sources) {
      for (const to of rule.to === 'same' ? [from ?? orderStates[0]] : rule.to) {
        const key = `${from === null ? '[*]' : id(from)} --> ${id(to)}`;
        edges.set(key, [...(edges.get(key) ?? []), event]);
      }
    }
  }
  for (const [edge, events] of edges) lines.push(`  ${edge}: ${events.join(', ')}`);
  return lines.join('\n');
}
