import { z } from 'zod';
import {
  defaultPhoneCountryCode,
  formatPhoneNumber,
  fullPhoneNumber,
  phoneMessages,
  phoneProblem,
  splitPhoneNumber,
} from './phone';
import type { ShopSettings } from './settings';

export const shopSettingsSchema = z.object({
  contactEmail: z.email({ error: 'Please enter a valid e-mail address.' }).max(254),
  phone: z.string().trim().min(1, 'Please enter a phone number.').max(40),
  address: z.string().trim().min(1, 'Please enter the shop address.').max(300),
  deliveryDays: z.number().int().min(0).max(365),
});

type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const settingsMatch: Equal<z.infer<typeof shopSettingsSchema>, ShopSettings> = true;
void settingsMatch;

export const settingsMessages = {
  email: 'Please enter a valid e-mail address.',
  address: 'Please enter the shop address.',
  deliveryDays: 'Delivery time must be a whole number of days from 1 to 60.',
  saved: 'Settings saved.',
  saveFailed: 'Could not save the settings. Please try again.',
} as const;

/** The shop's phone as typed ("+675 321 4567", "3214567", "+61 412345678"): country code and local number. */
function splitShopPhone(input: string): { countryCode: string; number: string } {
  if (!input.trim().startsWith('+')) return { countryCode: defaultPhoneCountryCode, number: input };
  return splitPhoneNumber(input);
}

/**
 * PUT /api/admin/settings: the one PNG phone rule (decisions "Phone numbers", packages/shared/src/phone.ts),
 * stored in its written form, e.g. "+675 321 4567"; a delivery time of 1 to 60 days.
 */
export const shopSettingsUpdateSchema = z.object({
  contactEmail: z.email({ error: settingsMessages.email }).max(254),
  phone: z
    .string()
    .trim()
    .max(40, phoneMessages.otherLength)
    .superRefine((value, ctx) => {
      const { countryCode, number } = splitShopPhone(value);
      const problem = phoneProblem(countryCode, number);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => {
      const { countryCode, number } = splitShopPhone(value);
      return formatPhoneNumber(fullPhoneNumber(countryCode, number));
    }),
  address: z.string().trim().min(1, settingsMessages.address).max(300),
  deliveryDays: z
    .number({ error: settingsMessages.deliveryDays })
    .int(settingsMessages.deliveryDays)
    .min(1, settingsMessages.deliveryDays)
    .max(60, settingsMessages.deliveryDays),
});
export type ShopSettingsUpdateInput = z.input<typeof shopSettingsUpdateSchema>;
