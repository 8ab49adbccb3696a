import { newsletterSignupResultSchema, newsletterSignupSchema } from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthLimitsConfig } from '../../config';
import { byAddress, rateLimiter } from '../../plugins/rate-limit';
import type { NewsletterService } from './newsletter.service';

/** Sign-ups per address in each window: the same numbers as the account forms (AUTH_RATE_LIMIT_PER_IP). */
export function newsletterRoutes(newsletter: NewsletterService, limits: AuthLimitsConfig): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/newsletter',
      {
        schema: {
          tags: ['newsletter'],
          summary: 'Sign an e-mail address up for the newsletter; the same answer whether or not it already was',
          body: newsletterSignupSchema,
          response: { 200: newsletterSignupResultSchema },
        },
        preHandler: rateLimiter(app, [
          { name: 'newsletter:ip', max: limits.perIp, windowMs: limits.windowMs, key: byAddress },
        ]),
      },
      async (request) => newsletter.subscribe(request.body.email),
    );
  };
}
