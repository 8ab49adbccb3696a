import type { MyOrder } from '@bilum/shared';

/** Issue 27: a bank transfer or pickup order still waiting for (the rest of) its money. */
export const isPaymentDue = (order: Pick<MyOrder, 'amountDue'>): boolean => order.amountDue > 0;
