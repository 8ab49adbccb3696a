import type { ContactDetailsInput } from '@bilum/shared/contact-details';
import { sessionStore } from '../../lib/browser-storage';

/** The spec's `shippingInfo`: the contact form kept in session storage ("saved locally"). */
const draftKey = 'shippingInfo';

/** Saves the draft; false when the browser's storage refused it. */
export function saveContactDraft(details: ContactDetailsInput): boolean {
  const session = sessionStore();
  if (!session) return false;
  try {
    session.setItem(draftKey, JSON.stringify(details));
    return true;
  } catch {
    return false;
  }
}

export function loadContactDraft(): ContactDetailsInput | null {
  try {
    const text = sessionStore()?.getItem(draftKey) ?? null;
    const value: unknown = text ? JSON.parse(text) : null;
    return typeof value === 'object' && value !== null ? (value as ContactDetailsInput) : null;
  } catch {
    return null;
  }
}
