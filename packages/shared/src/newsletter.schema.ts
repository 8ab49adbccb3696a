import { z } from 'zod';

export const newsletterSignupSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Please enter a valid e-mail address.' }).max(254)),
});
export type NewsletterSignup = z.infer<typeof newsletterSignupSchema>;

export const newsletterSignupResultSchema = z.object({
  alreadySubscribed: z.boolean(),
  message: z.string(),
});
export type NewsletterSignupResult = z.infer<typeof newsletterSignupResultSchema>;
