/**
 * The browser's local and session storage, as every part of the app reaches them. In the browser they are the
 * browser's own (undefined where the browser refuses them), and a write to session storage is announced to the
 * listeners (the checkout mirror, lib/checkout-mirror.ts). On the server, while a page renders, they hold what the
 * visitor's cookies say the browser holds (entry-server.tsx), so a page whose content is in storage (the guest
 * cart, the checkout hand-off, the order just placed) renders as the browser will show it.
 */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** What a server rendering takes the browser's storage to hold. */
export interface StorageSnapshot {
  local: Readonly<Record<string, string>>;
  session: Readonly<Record<string, string>>;
}

class MemoryStorage implements KeyValueStorage {
  private readonly values: Map<string, string>;
  constructor(values: Readonly<Record<string, string>>) {
    this.values = new Map(Object.entries(values));
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, String(value));
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

let rendering: { local: KeyValueStorage; session: KeyValueStorage } | null = null;

/**
 * Renders on the server (`render` must be synchronous) as if the browser's storage held `snapshot`. Each rendering
 * starts from the snapshot: what a rendering writes (a read-once hand-off taken away) is not seen by the next.
 */
export function renderWithBrowserStorage<T>(snapshot: StorageSnapshot, render: () => T): T {
  rendering = { local: new MemoryStorage(snapshot.local), session: new MemoryStorage(snapshot.session) };
  try {
    return render();
  } finally {
    rendering = null;
  }
}

function browsers(name: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return globalThis[name];
  } catch {
    // Some browsers throw on merely touching storage when it is disabled.
    return undefined;
  }
}

export function localStore(): KeyValueStorage | undefined {
  return rendering ? rendering.local : browsers('localStorage');
}

const sessionWriteListeners = new Set<(key: string) => void>();

/** Calls `listener` with the key after each write to session storage made through `sessionStore()`. */
export function onSessionStorageWrite(listener: (key: string) => void): () => void {
  sessionWriteListeners.add(listener);
  return () => sessionWriteListeners.delete(listener);
}

function announce(key: string) {
  for (const listener of sessionWriteListeners) listener(key);
}

export function sessionStore(): KeyValueStorage | undefined {
  if (rendering) return rendering.session;
  const storage = browsers('sessionStorage');
  if (!storage) return undefined;
  return {
    getItem: (key) => storage.getItem(key),
    setItem(key, value) {
      storage.setItem(key, value);
      announce(key);
    },
    removeItem(key) {
      storage.removeItem(key);
      announce(key);
    },
  };
}

/**
 * Writes a cookie that mirrors part of the browser's storage for the server (the guest cart, the checkout): an
 * empty value removes it; `maxAgeSeconds` null makes it last as long as the browser's session.
 */
export function writeMirrorCookie(
  name: string,
  value: string,
  maxAgeSeconds: number | null,
  doc: Document | undefined = globalThis.document,
) {
  if (!doc) return;
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  const lifetime = value === '' ? '; Max-Age=0' : maxAgeSeconds === null ? '' : `; Max-Age=${maxAgeSeconds}`;
  doc.cookie = `${name}=${value}; Path=/; SameSite=Lax${lifetime}${secure}`;
}

/** The value of cookie `name` as the page sees it ('' when there is none). */
export function readMirrorCookie(name: string, doc: Document | undefined = globalThis.document): string {
  const prefix = `${name}=`;
  return (
    (doc?.cookie ?? '')
      .split('; ')
      .find((pair) => pair.startsWith(prefix))
      ?.slice(prefix.length) ?? ''
  );
}
