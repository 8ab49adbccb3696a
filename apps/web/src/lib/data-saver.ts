import { useSyncExternalStore } from 'react';
import { localStore } from './browser-storage';

/** The browser storage key of the shopper's Data saver choice ('on', or missing for off). */
export const DATA_SAVER_KEY = 'bilumDataSaver';

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === DATA_SAVER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function readDataSaver(): boolean {
  try {
    return localStore()?.getItem(DATA_SAVER_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Turns Data saver on or off for this browser (every tab follows). */
export function setDataSaver(on: boolean) {
  try {
    const storage = localStore();
    if (on) storage?.setItem(DATA_SAVER_KEY, 'on');
    else storage?.removeItem(DATA_SAVER_KEY);
  } catch {
    // A browser that refuses storage cannot keep the choice: the switch stays off.
  }
  listeners.forEach((listener) => listener());
}

/**
 * Whether the shopper asked to save data (the footer's switch): the smallest pictures, and the home page's banner
 * does not turn by itself. Off on the server and while the app takes over its page (the server cannot see the
 * browser's storage), so pictures the server's page named may already be on their way; every picture after that
 * is the small one.
 */
export function useDataSaver(): boolean {
  return useSyncExternalStore(subscribe, readDataSaver, () => false);
}
