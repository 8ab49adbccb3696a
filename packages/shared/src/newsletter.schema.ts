import { z } from 'zod';

export const newsletterSignupSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Please enter a valid e-mail address.' }).max(254)),
});
export type NewsletterSignup = z.infer<typeof newsletterSignupSchema>;

/**
 * One answer whether the address was new or already on the list (issue 16, finding 10): the form must not tell
 * anyone who is subscribed.
 */
export const newsletterSignupResultSchema = z.object({
  message: z.string(),
});

export const newsletterMessages = {
  subscribed: 'Thanks for subscribing! Deals and new arrivals will come to your inbox.',
} as const;
export type NewsletterSignupResult = z.infer<typeof newsletterSignupResultSchema>;
