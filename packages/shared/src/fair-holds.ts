/*
 * Fair holds (issue 28, docs/decisions/029-fair-holds.md): what unpaid bank-transfer and pay-at-pickup orders may
 * hold. Pure rules, used by the API's checks and shown by the settings page.
 */

/** The shop's starting figures, chosen for a PNG shop (decision 029); the owner changes them in /settings. */
export const fairHoldDefaults = {
  /** Units one shopper's unpaid orders may hold at once (account; for guests the e-mail address, or phone). */
  holdUnitsPerShopper: 20,
  /** Value (toea) one shopper's unpaid orders may hold at once: K20,000. */
  holdValuePerShopperToea: 2_000_000,
  /** Backstop per client address (IPv4, or IPv6 /64), sized for carrier NAT with hundreds of shoppers. */
  holdUnitsPerAddress: 500,
  /** K500,000 per client address. */
  holdValuePerAddressToea: 50_000_000,
  /** At most this share of a product's units (held / (on hand + held)) may be held by unpaid orders. */
  holdStockSharePercent: 50,
  /** A guest's bank-transfer or pickup order holds only this long until confirmed from its e-mail. */
  unconfirmedHoldMinutes: 15,
} as const;

/**
 * The e-mail address as one shopper: lower case, trimmed, and without a "+tag" in the local part, so
 * `kila+1@example.pg` and `Kila@example.pg` count as the same shopper.
 */
export function shopperEmailKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const local = address.slice(0, at).replace(/\+.*$/, '');
  return `${local === '' ? address.slice(0, at) : local}${address.slice(at)}`;
}

/**
 * How many more units of one product unpaid orders may hold now: at most `sharePercent` of its units (on hand +
 * already held), rounded down, but always at least one unit in all, so the last unit of a small shop's product
 * can still be reserved by one shopper. Never more than is on hand.
 */
export function holdableUnits(product: { onHand: number; held: number; sharePercent: number }): number {
  const { onHand, held, sharePercent } = product;
  const total = Math.max(0, onHand) + Math.max(0, held);
  const allowance = Math.max(1, Math.floor((total * sharePercent) / 100));
  return Math.max(0, Math.min(allowance - held, onHand));
}
