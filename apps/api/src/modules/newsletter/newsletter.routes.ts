import { newsletterSignupResultSchema, newsletterSignupSchema } from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NewsletterService } from './newsletter.service';

export function newsletterRoutes(newsletter: NewsletterService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/newsletter',
      {
        schema: {
          tags: ['newsletter'],
          summary: 'Sign an e-mail address up for the newsletter (a repeat address is not an error)',
          body: newsletterSignupSchema,
          response: { 200: newsletterSignupResultSchema, 201: newsletterSignupResultSchema },
        },
      },
      async (request, reply) => {
        const result = await newsletter.subscribe(request.body.email);
        return reply.status(result.alreadySubscribed ? 200 : 201).send(result);
      },
    );
  };
}
