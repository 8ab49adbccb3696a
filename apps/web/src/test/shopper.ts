import { type Cart, type SessionState, signedOutSession } from '@bilum/shared';

/** A signed-in shopper without a membership, as GET /api/session answers, in tests. */
export const shopper: SessionState = {
  user: { id: 7, email: 'kila@example.pg', fullName: 'Kila Wari', role: 'shopper' },
  membership: signedOutSession.membership,
};

/** The signed-in shopper's empty cart, as GET /api/cart answers. */
export const emptyCart: Cart = {
  items: [],
  isMember: false,
  discountRate: 0,
  summary: { itemCount: 0, subtotal: 0, savings: 0, shipping: 0, discount: 0, total: 0 },
};
