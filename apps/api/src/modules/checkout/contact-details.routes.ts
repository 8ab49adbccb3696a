import {
  getContactDetailsResponseSchema,
  saveContactDetailsResponseSchema,
  saveContactDetailsSchema,
} from '@bilum/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../plugins/auth';
import type { ContactDetailsService } from './contact-details.service';

export const contactSavedMessage = 'Contact details saved.';

/** The signed-in shopper's contact details for checkout; the shopper always comes from the session. */
export function contactDetailsRoutes(contacts: ContactDetailsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/contact-details',
      {
        onRequest: requireUser,
        schema: {
          tags: ['checkout'],
          summary: 'The shopper’s saved contact details, or null (get_luser_info)',
          response: { 200: getContactDetailsResponseSchema },
        },
      },
      async (request) => ({ contactDetails: await contacts.get(signedInUser(request).id) }),
    );

    app.put(
      '/contact-details',
      {
        onRequest: requireUser,
        schema: {
          tags: ['checkout'],
          summary: 'Save the shopper’s contact details under the delivery-or-pickup rule (save_user_info)',
          body: saveContactDetailsSchema,
          response: { 200: saveContactDetailsResponseSchema },
        },
      },
      async (request) => ({
        contactDetails: await contacts.save(signedInUser(request).id, request.body),
        message: contactSavedMessage,
      }),
    );
  };
}
