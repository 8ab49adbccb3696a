import { shopperStorageKeys } from '@bilum/shared';
import { localStore, sessionStore } from './browser-storage';

/**
 * Removes the shopper's data the spec keeps in browser storage (names, member flags, checkout data) from both
 * local and session storage. Called at sign-out and when a session has ended; the guest cart stays.
 */
export function clearShopperStorage() {
  for (const storage of [localStore(), sessionStore()]) {
    if (!storage) continue;
    for (const key of shopperStorageKeys) {
      try {
        storage.removeItem(key);
      } catch {
        // Storage can be unavailable (private mode, blocked); there is nothing to remove then.
      }
    }
  }
}
