import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const load = () => import('./safe-storage');

describe('safe storage', () => {
  it('uses the real storage when the browser allows it', async () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
    const { safeLocalStorage, storageBlocked } = await load();
    safeLocalStorage.setItem('token', 't1');
    expect(store.get('token')).toBe('t1');
    expect(safeLocalStorage.getItem('token')).toBe('t1');
    safeLocalStorage.removeItem('token');
    expect(safeLocalStorage.getItem('token')).toBeNull();
    expect(storageBlocked()).toBe(false);
  });

  it('falls back to memory and says so when touching storage throws', async () => {
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    const { safeSessionStorage, storageBlocked, onStorageBlocked } = await load();
    const told = vi.fn();
    onStorageBlocked(told);
    expect(safeSessionStorage.getItem('return')).toBeNull();
    safeSessionStorage.setItem('return', '/pricing');
    expect(safeSessionStorage.getItem('return')).toBe('/pricing');
    safeSessionStorage.removeItem('return');
    expect(safeSessionStorage.getItem('return')).toBeNull();
    expect(storageBlocked()).toBe(true);
    expect(told).toHaveBeenCalledOnce();
    delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
  });

  it('keeps a value the browser refused to store (quota) in memory', async () => {
    vi.stubGlobal('localStorage', {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {},
    });
    const { safeLocalStorage } = await load();
    safeLocalStorage.setItem('lang', 'zh-Hant');
    expect(safeLocalStorage.getItem('lang')).toBe('zh-Hant');
  });
});
