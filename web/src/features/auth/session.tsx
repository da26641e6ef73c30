import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { UserProfile } from '@web/api/types';
import { ApiError, TOKEN_KEY, USER_KEY, setUnauthorizedHandler } from '../../api/client';
import { api } from '../../api/endpoints';
import { keys } from '../../api/query-client';
import { rememberReturnPath } from './return-url';
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
  const queryClient = useQueryClient();
  const [user, setUserState] = useState<UserProfile | null>(() => (safeLocalStorage.getItem(TOKEN_KEY) ? readStoredUser() : null));

  const clear = useCallback(() => {
    safeLocalStorage.removeItem(TOKEN_KEY);
    safeLocalStorage.removeItem(USER_KEY);
    setUserState(null);
    // What was cached for the account that left is of no use to the next one.
    queryClient.removeQueries({ type: 'inactive' });
  }, [queryClient]);

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

  // Spec §3: a stored token is checked once per page load.
  const [storedToken] = useState(() => Boolean(safeLocalStorage.getItem(TOKEN_KEY)));
  const check = useQuery({
    queryKey: keys.sessionCheck,
    queryFn: async ({ signal }) => {
      try {
        const me = await api.me(signal);
        safeLocalStorage.setItem(USER_KEY, JSON.stringify(me));
        setUserState(me);
        return me;
      } catch (error) {
        // Spec §3 clears the token when this check fails. The check fails when the server refuses the
        // token (a 4xx; a 401 also took the 401 rule above). A network failure, a 5xx or a request cut
        // short by leaving the page says nothing about the token: signing the user out for it would lose
        // their place (mid-checkout, their purchase flow), so the stored session stays (decision 007).
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) clear();
        throw error;
      }
    },
    enabled: storedToken,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const initialising = storedToken && check.isPending;

  const value = useMemo<Session>(
    () => ({
      user,
      initialising: initialising && !user,
      signIn(token, signedIn) {
        safeLocalStorage.setItem(TOKEN_KEY, token);
        safeLocalStorage.setItem(USER_KEY, JSON.stringify(signedIn));
        setUserState(signedIn);
        // A new identity: whatever is on screen is asked again with the new token.
        void queryClient.resetQueries();
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
    [user, initialising, clear, navigate, queryClient],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
