import { profileSchema, updateProfileResponseSchema, updateProfileSchema } from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../plugins/auth';
import type { ProfileService } from './profile.service';

const tags = ['profile'];

/** The signed-in shopper's profile; the shopper always comes from the session, never from the request. */
export function profileRoutes(profiles: ProfileService): FastifyPluginAsyncZod {
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
            'Save the profile (the spec’s update_user_profile); a new password ends the shopper’s other sessions',
          body: updateProfileSchema,
          response: { 200: updateProfileResponseSchema },
        },
      },
      async (request) => profiles.updateProfile(signedInUser(request).id, request.sessionId ?? '', request.body),
    );
  };
}
