import type { FastifyRequest } from 'fastify';
import type { AuthLimitsConfig } from '../../config';
import { byAddress, type RateLimitRule } from '../../plugins/rate-limit';

/** Over its limit, an account's tries wait 0.25 s, twice as long with each new wrong password, at most 4 s. */
export const defaultAccountSlowDown = { stepMs: 250, maxMs: 4000 } as const;

/**
 * The limits on guessing an account's password, wherever it is checked (shopper and admin sign-in, the current
 * password on the profile; issue 16, finding 4). Only wrong passwords count (`failedStatus`), so the owner's
 * right password never uses a limit up, and no limit refuses an account outright, so a stranger cannot lock its
 * owner out:
 * - per account and address: `perAccount` wrong passwords, then that address is refused for that account;
 * - per account, from anywhere: past `perAccount` wrong passwords every try waits (`accountSlowDown`), which
 *   slows guessing from many addresses without refusing the owner.
 * The per-address limit on all requests (perIp) is the caller's own rule. Counters are named by the account
 * (the lower-cased e-mail, which holds an admin's username), not by the route, so the doors share them.
 */
export function passwordGuessRules(
  limits: AuthLimitsConfig,
  account: (request: FastifyRequest) => string | null,
  failedStatus: number,
): RateLimitRule[] {
  return accountRules('password', limits, account, (statusCode) => statusCode === failedStatus);
}

/**
 * The two per-account rules of every account action (password guesses, reset e-mails, reset codes): past
 * `perAccount` tries in the window an address is refused for that account, while the account itself is only
 * slowed down, from anywhere. With `countsOnly`, only the answers it says failed are counted.
 */
export function accountRules(
  action: string,
  limits: AuthLimitsConfig,
  account: (request: FastifyRequest) => string | null,
  countsOnly?: (statusCode: number) => boolean,
): RateLimitRule[] {
  const { perAccount: max, windowMs } = limits;
  return [
    {
      name: `${action}:account+ip`,
      max,
      windowMs,
      countsOnly,
      key: (request) => {
        const name = account(request);
        return name === null ? null : `${name}|${byAddress(request)}`;
      },
    },
    {
      name: `${action}:account`,
      max,
      windowMs,
      countsOnly,
      key: account,
      slowDown: limits.accountSlowDown ?? defaultAccountSlowDown,
    },
  ];
}
