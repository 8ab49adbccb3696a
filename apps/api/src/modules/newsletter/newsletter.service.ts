import { newsletterMessages, type NewsletterSignupResult } from '@bilum/shared';
import type { DbExecutor } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema';

export function createNewsletterService(db: DbExecutor) {
  return {
    /**
     * Stores the address once. A repeat is not an error and gets the same answer as a new address, so the form
     * does not say who is subscribed (issue 16, finding 10).
     */
    async subscribe(email: string): Promise<NewsletterSignupResult> {
      await db
        .insert(newsletterSubscribers)
        .values({ email })
        .onConflictDoNothing({ target: newsletterSubscribers.email });
      return { message: newsletterMessages.subscribed };
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
