import {
  confirmEmailChangeResponseSchema,
  confirmEmailChangeSchema,
  profileSchema,
  saveLastOrderAddressResponseSchema,
  updateProfileResponseSchema,
  updateProfileSchema,
} from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthLimitsConfig } from '../../config';
import { requireUser, signedInUser } from '../../plugins/auth';
import { requestLocale } from '../../plugins/page-language';
import { byAddress, rateLimiter } from '../../plugins/rate-limit';
import { passwordGuessRules } from '../auth/password-guess-limits';
import type { ProfileService } from './profile.service';

const tags = ['profile'];

/** The signed-in shopper's profile; the shopper always comes from the session, never from the request. */
export function profileRoutes(profiles: ProfileService, limits: AuthLimitsConfig): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/profile',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary: 'The shopper’s profile with the Membership Status card (the spec’s get_user_full_profile)',
          response: { 200: profileSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return profiles.getProfile(signedInUser(request).id);
      },
    );

    app.put(
      '/profile',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary:
            'Save the profile (the spec’s update_user_profile); a new e-mail or password needs the current password, a new e-mail is used once confirmed from its inbox, and a new password ends the shopper’s other sessions',
          body: updateProfileSchema,
          response: { 200: updateProfileResponseSchema },
        },
        // A wrong current password (403) is a password guess on the account, counted as at sign-in.
        preHandler: rateLimiter(
          app,
          passwordGuessRules(limits, (request) => request.user?.email ?? null, 403),
        ),
      },
      async (request) =>
        profiles.updateProfile(signedInUser(request).id, request.sessionId ?? '', request.body, requestLocale(request)),
    );

    app.post(
      '/profile/address/from-last-order',
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary:
            'Save the delivery address of the shopper’s latest paid order as the profile’s address (“Use this address”); 409 when no order has one',
          response: { 200: saveLastOrderAddressResponseSchema },
        },
      },
      async (request) => profiles.saveLastOrderAddress(signedInUser(request).id),
    );

    app.post(
      '/profile/confirm-email',
      {
        schema: {
          tags,
          summary:
            'Confirm a new e-mail address with the token from the link e-mailed to it; works without a session (the link may be opened on another device)',
          body: confirmEmailChangeSchema,
          response: { 200: confirmEmailChangeResponseSchema },
        },
        preHandler: rateLimiter(app, [
          { name: 'confirm-email:ip', max: limits.perIp, windowMs: limits.windowMs, key: byAddress },
        ]),
      },
      async (request) => profiles.confirmEmailChange(request.body.token, requestLocale(request)),
    );
  };
}
