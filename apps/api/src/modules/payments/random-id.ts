import { randomBytes } from 'node:crypto';

/** A Stripe-like id such as `pi_sim_3f9c…`: a prefix and 96 random bits, so ids cannot be guessed. */
export function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}
