import { z } from 'zod';
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
