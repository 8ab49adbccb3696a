import { type ContactDetails, fullPhoneNumber, splitPhoneNumber } from '@bilum/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { contactDetailsResponseSchema } from '@bilum/shared';
import type { DbExecutor } from '../../db/client';
import { type SavedContactDetailsRow, savedContactDetails } from '../../db/schema';

export type SavedContactDetails = z.infer<typeof contactDetailsResponseSchema>;

function toResponse(row: SavedContactDetailsRow): SavedContactDetails {
  const { countryCode, number } = splitPhoneNumber(row.phone);
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    countryCode,
    phone: number,
    pickup: row.pickup,
    pickupLocation: row.pickupLocation,
    pickupPointId: row.pickupPointId,
    address: row.address,
    city: row.city,
    state: row.state,
    postcode: row.postcode,
    notes: row.notes,
  };
}

/**
 * The signed-in shopper's saved contact details (the spec's get_luser_info / save_user_info): one row per
 * shopper, always the session's, so nobody reads or overwrites another shopper's details.
 */
export function createContactDetailsService(db: DbExecutor) {
  return {
    async get(userId: number): Promise<SavedContactDetails | null> {
      const [row] = await db.select().from(savedContactDetails).where(eq(savedContactDetails.userId, userId));
      return row ? toResponse(row) : null;
    },

    /** Saves details already checked by the one contact-details rule (packages/shared/src/contact-details.ts). */
    async save(userId: number, details: ContactDetails): Promise<SavedContactDetails> {
      const values = {
        firstName: details.firstName,
        lastName: details.lastName,
        email: details.email,
        phone: fullPhoneNumber(details.countryCode, details.phone),
        pickup: details.pickup,
        pickupLocation: details.pickupLocation,
        pickupPointId: details.pickup ? details.pickupPointId : null,
        address: details.address,
        city: details.city,
        state: details.state,
        postcode: details.postcode,
        notes: details.notes,
        updatedAt: new Date(),
      };
      const [row] = await db
        .insert(savedContactDetails)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: savedContactDetails.userId, set: values })
        .returning();
      if (!row) throw new Error('saved_contact_details upsert returned nothing');
      return toResponse(row);
    },
  };
}

export type ContactDetailsService = ReturnType<typeof createContactDetailsService>;
