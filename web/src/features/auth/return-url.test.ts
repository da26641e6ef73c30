import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberReturnPath, safeReturnPath, takeReturnPath } from './return-url';

/** A browser's location and sessionStorage, just enough for the return-path rules. */
beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal('window', { location: { origin: 'https://studio.example', pathname: '/pricing', search: '?cycle=monthly' } });
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('safeReturnPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeReturnPath('/ai-workbench?prompt=cat#result')).toBe('/ai-workbench?prompt=cat#result');
  });
  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '', null, undefined])(
    'refuses %s',
    (value) => {
      expect(safeReturnPath(value)).toBeNull();
    },
  );
  it('never returns to the sign-in screens', () => {
    expect(safeReturnPath('/login?ref=ABC')).toBeNull();
    expect(safeReturnPath('/oauth2/redirect?code=x')).toBeNull();
    expect(safeReturnPath('/oauth2/callback')).toBeNull();
  });
});

describe('remember / take', () => {
  it('saves the current page and hands it back once', () => {
    rememberReturnPath();
    expect(sessionStorage.getItem('google_auth_return_url')).toBe('/pricing?cycle=monthly');
    expect(takeReturnPath()).toBe('/pricing?cycle=monthly');
    expect(takeReturnPath()).toBe('/');
  });
  it('does not overwrite a saved page from /login', () => {
    rememberReturnPath('/records');
    rememberReturnPath('/login');
    expect(takeReturnPath()).toBe('/records');
  });
  it('falls back to / when someone stored a foreign URL', () => {
    sessionStorage.setItem('google_auth_return_url', '//evil.example');
    expect(takeReturnPath()).toBe('/');
  });
});
