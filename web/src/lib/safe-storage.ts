/**
 * localStorage / sessionStorage that never throw. A browser that blocks storage (privacy settings,
 * some embedded webviews) throws on mere access to `window.localStorage`; the SPA must not go blank
 * because of it. Values then live in memory for this tab, and
 * {@link storageBlocked} tells the UI to say the session ends with the tab.
 */
type Kind = 'localStorage' | 'sessionStorage';

export interface SafeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

let blocked = false;
const listeners = new Set<() => void>();

function markBlocked() {
  if (blocked) return;
  blocked = true;
  for (const listener of listeners) listener();
}

function createSafeStorage(kind: Kind): SafeStorage {
  // Only keys the browser refused to keep; everything else stays in the real storage.
  const memory = new Map<string, string>();
  // Read the global at each call (not once at import): tests and the browser may swap it.
  const real = (): Storage => globalThis[kind];
  return {
    getItem(key) {
      if (memory.has(key)) return memory.get(key)!;
      try {
        return real().getItem(key);
      } catch {
        markBlocked();
        return null;
      }
    },
    setItem(key, value) {
      try {
        real().setItem(key, value);
        memory.delete(key);
      } catch {
        markBlocked();
        memory.set(key, value);
      }
    },
    removeItem(key) {
      memory.delete(key);
      try {
        real().removeItem(key);
      } catch {
        markBlocked();
      }
    },
  };
}

export const safeLocalStorage = createSafeStorage('localStorage');
export const safeSessionStorage = createSafeStorage('sessionStorage');

/** True once the browser refused storage: sign-in and settings last only as long as this tab. */
export const storageBlocked = () => blocked;

/** For useSyncExternalStore: called once when the fallback starts. */
export function onStorageBlocked(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
