import type { ContactDetailsInput } from '@bilum/shared/contact-details';

/** The spec's `shippingInfo`: the contact form kept in session storage ("saved locally"). */
const draftKey = 'shippingInfo';

/** Saves the draft; false when the browser's storage refused it. */
export function saveContactDraft(details: ContactDetailsInput): boolean {
  try {
    sessionStorage.setItem(draftKey, JSON.stringify(details));
    return true;
  } catch {
    return false;
  }
}

export function loadContactDraft(): ContactDetailsInput | null {
  try {
    const text = sessionStorage.getItem(draftKey);
    const value: unknown = text ? JSON.parse(text) : null;
    return typeof value === 'object' && value !== null ? (value as ContactDetailsInput) : null;
  } catch {
    return null;
  }
}
