import { useNavigate } from '@tanstack/react-router';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { UserProfile } from '@web/api/types';
import { ApiError, TOKEN_KEY, USER_KEY, setUnauthorizedHandler } from '../../api/client';
import { api } from '../../api/endpoints';
import { rememberReturnPath } from './return-url';
import { loadedQueryClient } from '../../lib/lazy-query-client';
import { safeLocalStorage } from '../../lib/safe-storage';

interface Session {
  user: UserProfile | null;
  /** True while a stored token is being checked at start-up (spec §2 initialising spinner). */
  initialising: boolean;
  signIn(token: string, user: UserProfile): void;
  signOut(): void;
  /** Forgets the session without navigating (spec §8 OAuth return errors clear it, then go to /login). */
  clear(): void;
  setUser(user: UserProfile): void;
}

const SessionContext = createContext<Session | null>(null);

/** Spec §3: the stored token's check, once per page load (StrictMode's second effect joins the first). */
let tokenCheck: Promise<UserProfile> | undefined;

function readStoredUser(): UserProfile | null {
  try {
    return JSON.parse(safeLocalStorage.getItem(USER_KEY) ?? 'null') as UserProfile | null;
  } catch {
    return null;
  }
}

/** Token and user live in localStorage (spec §3); a stored token is re-checked with GET /users/me at start. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [user, setUserState] = useState<UserProfile | null>(() => (safeLocalStorage.getItem(TOKEN_KEY) ? readStoredUser() : null));

  const clear = useCallback(() => {
    safeLocalStorage.removeItem(TOKEN_KEY);
    safeLocalStorage.removeItem(USER_KEY);
    setUserState(null);
    // What was cached for the account that left is of no use to the next one (nothing is before the
    // query client has loaded, lib/lazy-query-client.tsx).
    loadedQueryClient()?.removeQueries({ type: 'inactive' });
  }, []);

  useEffect(() => {
    // Spec §8: a 401 anywhere clears the session, remembers where the user was, and goes to /login.
    setUnauthorizedHandler(() => {
      clear();
      rememberReturnPath(); // not for /login or /oauth2/*
      // A stale token found while returning from Google must not abort that sign-in: /oauth2/redirect
      // finishes it, or itself goes to /login with the reason.
      if (!window.location.pathname.startsWith('/oauth2/')) void navigate({ to: '/login' });
    });
  }, [clear, navigate]);

  // Spec §3: a stored token is checked once per page load. A plain request, not a query: it runs on the
  // home page's first paint, before TanStack Query has loaded.
  const [initialising, setInitialising] = useState(() => Boolean(safeLocalStorage.getItem(TOKEN_KEY)));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at start-up; clear is stable.
  useEffect(() => {
    if (!tokenCheck && !safeLocalStorage.getItem(TOKEN_KEY)) return;
    let live = true;
    tokenCheck ??= api.me();
    void tokenCheck
      .then(
        (me) => {
          safeLocalStorage.setItem(USER_KEY, JSON.stringify(me));
          if (live) setUserState(me);
        },
        (error: unknown) => {
          // Spec §3 clears the token when this check fails. The check fails when the server refuses the
          // token (a 4xx; a 401 also took the 401 rule above). A network failure or a 5xx says nothing
          // about the token: signing the user out for it would lose their place (mid-checkout, their
          // purchase flow), so the stored session stays (decision 007).
          if (live && error instanceof ApiError && error.status >= 400 && error.status < 500) clear();
        },
      )
      .finally(() => {
        if (live) setInitialising(false);
      });
    return () => {
      live = false;
    };
  }, []);

  const value = useMemo<Session>(
    () => ({
      user,
      initialising: initialising && !user,
      signIn(token, signedIn) {
        safeLocalStorage.setItem(TOKEN_KEY, token);
        safeLocalStorage.setItem(USER_KEY, JSON.stringify(signedIn));
        setUserState(signedIn);
        // A new identity: whatever is on screen is asked again with the new token.
        void loadedQueryClient()?.resetQueries();
      },
      signOut() {
        clear();
        void navigate({ to: '/' });
      },
      clear,
      setUser(next) {
        safeLocalStorage.setItem(USER_KEY, JSON.stringify(next));
        setUserState(next);
      },
    }),
    [user, initialising, clear, navigate],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
