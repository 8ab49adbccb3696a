import { deliveryMessages } from './delivery';

/*
 * The contact-details form's words and its plain rule (no zod), for the pages that show them before the form is
 * used (issue 29); the schema is in contact-details.ts, which re-exports these.
 */

export const contactMessages = {
  firstName: 'Please enter your first name.',
  lastName: 'Please enter your last name.',
  address: 'Please enter your street address.',
  city: 'Please enter your city.',
  state: deliveryMessages.province,
  postcode: 'Please enter your postcode.',
  /** decisions.md (second round): PNG postcodes are three digits; the shop delivers within PNG. */
  postcodeFormat: 'Please enter a 3-digit PNG postcode, e.g. 111.',
  /** checkout-and-admin.md 5 (signed-in edit modal). */
  pickupLocation: 'Please enter a pickup location for your order (required for physical items).',
  /** Issue 19: pickup is at one of the shop's pickup points (/settings). */
  pickupPointId: deliveryMessages.pickupPoint,
  /** checkout-and-admin.md 5: the summary message above a form with missing fields. */
  missingDetails: 'Please fill in all required contact and address details.',
  /** checkout-and-admin.md 5 (guest checkout step 1): the form message and its toast. */
  missingShippingDetails: 'Please fill in all required contact and shipping details.',
  missingInfoToast: 'Missing required info!',
  /** checkout-and-admin.md 8. */
  saveFailed: 'Failed to save contact details. Please try again.',
  savedLocallyOnly: 'Contact details saved locally but failed to update on server.',
  notFound: 'Contact details not found. Please go back to fill them.',
  guestSaveFailed: 'Failed to save contact information. Please check your inputs and try again.',
} as const;

/** True when the order needs a delivery address or a pickup location: anything but the membership. */
export function needsDeliveryOrPickup(lines: readonly { isMembership: boolean }[]): boolean {
  return lines.some((line) => !line.isMembership);
}
