import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  lifecycleMermaid,
  orderEvents,
  type OrderState,
  orderStateOf,
  type OrderStateColumns,
  orderStates,
  orderTransitions,
  transitionLeadsTo,
  transitionRefusal,
  type TransitionRule,
} from './order-states';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiSrc = path.resolve(here, '../..');
const repo = path.resolve(apiSrc, '../../..');

const base: OrderStateColumns = {
  paymentMethod: 'card',
  paymentStatus: 'pending',
  shippingStatus: 'Pending',
  stockState: 'held',
  amountReceivedToea: 0,
  pickupLocation: null,
};

describe('the order lifecycle table (issue 27)', () => {
  it('reads every state from the columns', () => {
    const cases: [Partial<OrderStateColumns>, OrderState][] = [
      [{}, 'awaiting-card'],
      [{ paymentStatus: 'failed' }, 'card-declined'],
      [{ paymentMethod: 'bank-transfer' }, 'awaiting-transfer'],
      [{ paymentMethod: 'bank-transfer', amountReceivedToea: 100 }, 'part-paid'],
      [{ paymentMethod: 'pickup', pickupLocation: 'Waigani' }, 'awaiting-pickup-payment'],
      [{ paymentStatus: 'paid', stockState: 'sold' }, 'paid'],
      [{ paymentStatus: 'paid', stockState: 'sold', shippingStatus: 'Processing' }, 'processing'],
      [{ paymentStatus: 'paid', stockState: 'sold', shippingStatus: 'Dispatched' }, 'dispatched'],
      [{ paymentStatus: 'paid', stockState: 'sold', shippingStatus: 'Delivered' }, 'delivered'],
      [
        { paymentStatus: 'paid', stockState: 'sold', shippingStatus: 'Delivered', pickupLocation: 'Waigani' },
        'collected',
      ],
      [{ paymentStatus: 'paid', stockState: 'released', shippingStatus: 'Cancelled' }, 'cancelled-refund-due'],
      [{ paymentStatus: 'cancelled', stockState: 'released', shippingStatus: 'Cancelled' }, 'ended-unpaid'],
      [{ paymentStatus: 'pending', stockState: 'released' }, 'ended-unpaid'],
      [{ paymentStatus: 'refunded', stockState: 'released', shippingStatus: 'Cancelled' }, 'refunded'],
    ];
    for (const [columns, state] of cases) expect(orderStateOf({ ...base, ...columns }), state).toBe(state);
    expect(new Set(cases.map(([, state]) => state))).toEqual(new Set(orderStates));
  });

  it('reaches every state from placing, and every state but refunded has a way on', () => {
    const reached = new Set<OrderState>();
    const queue: OrderState[] = [...(orderTransitions.place.to as readonly OrderState[])];
    while (queue.length > 0) {
      const state = queue.shift() as OrderState;
      if (reached.has(state)) continue;
      reached.add(state);
      for (const event of orderEvents) {
        const rule: TransitionRule = orderTransitions[event];
        if (rule.from.includes(state) && rule.to !== 'same') queue.push(...rule.to);
      }
    }
    expect([...reached].sort()).toEqual([...orderStates].sort());
    const final = orderStates.filter(
      (state) =>
        !orderEvents.some((event) => {
          const rule: TransitionRule = orderTransitions[event];
          return rule.from.includes(state) && rule.to !== 'same' && rule.to.some((to) => to !== state);
        }),
    );
    expect(final).toEqual(['refunded']);
  });

  it('refuses what the table does not allow, in words staff understand', () => {
    expect(transitionRefusal('dispatch', 'awaiting-transfer', 'staff')).toBe(
      'is awaiting bank transfer: it cannot be dispatched',
    );
    expect(transitionRefusal('pay', 'refunded', 'provider')).toBe('is refunded: it cannot be paid');
    expect(transitionRefusal('dispatch', 'paid', 'shopper')).toBe('cannot be dispatched by shopper');
    expect(transitionRefusal('dispatch', 'processing', 'staff')).toBeNull();
    expect(transitionLeadsTo('refund-part', 'dispatched', 'dispatched')).toBe(true);
    expect(transitionLeadsTo('refund-part', 'dispatched', 'delivered')).toBe(false);
    expect(transitionLeadsTo('deliver', 'dispatched', 'collected')).toBe(true);
    // Issue 27: money received for an order that ended unpaid goes back; the order stays ended.
    expect(transitionRefusal('refund-part', 'ended-unpaid', 'staff')).toBeNull();
    expect(transitionLeadsTo('refund-part', 'ended-unpaid', 'ended-unpaid')).toBe(true);
  });

  it('docs/architecture.md shows the diagram generated from this table', () => {
    const architecture = readFileSync(path.join(repo, 'docs/architecture.md'), 'utf8');
    expect(architecture).toContain(`\`\`\`mermaid\n${lifecycleMermaid()}\n\`\`\``);
  });

  it('no module but the lifecycle inserts or updates orders', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (/\.ts$/.test(name) && !/\.test\.ts$/.test(name) && !file.includes(`${path.sep}test${path.sep}`)) {
          const text = readFileSync(file, 'utf8');
          const writes = /\.(update|insert)\(\s*orders\s*\)/.test(text);
          if (writes && !file.includes(`${path.sep}order-lifecycle${path.sep}`)) {
            offenders.push(path.relative(apiSrc, file));
          }
        }
      }
    };
    walk(apiSrc);
    expect(offenders).toEqual([]);
  });
});
