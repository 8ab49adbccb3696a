import type { NewsletterSignupResult } from '@bilum/shared';
import type { DbExecutor } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema';

export const newsletterMessages = {
  subscribed: 'Thanks for subscribing! Deals and new arrivals will come to your inbox.',
  alreadySubscribed: 'You are already subscribed. Thanks for staying with us!',
} as const;

export function createNewsletterService(db: DbExecutor) {
  return {
    /** Stores the address once; signing up again is not an error, just says so. */
    async subscribe(email: string): Promise<NewsletterSignupResult> {
      const inserted = await db
        .insert(newsletterSubscribers)
        .values({ email })
        .onConflictDoNothing({ target: newsletterSubscribers.email })
        .returning({ id: newsletterSubscribers.id });
      const alreadySubscribed = inserted.length === 0;
      return {
        alreadySubscribed,
        message: alreadySubscribed ? newsletterMessages.alreadySubscribed : newsletterMessages.subscribed,
      };
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
