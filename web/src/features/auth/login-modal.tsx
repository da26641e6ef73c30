import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { withWholeCatalogue } from '../../i18n';
import { afterQueryClient } from '../../lib/lazy-query-client';
import { Spinner } from '../../ui/spinner';
import { useSession } from './session';

interface LoginModal {
  /** Opens the modal; `onSuccess` continues the protected action after sign-in (spec §2). */
  open(options?: { onSuccess?: () => void }): void;
  /** Runs `action` now when signed in, otherwise after the user signs in through the modal. */
  requireSignIn(action: () => void): void;
}

const LoginModalContext = createContext<LoginModal | null>(null);

// The dialog and the sign-in steps load when the modal first opens: they are not part of
// any page's first load. Hovering or focusing a Sign In button starts the download early. Their
// texts are not in the home page's part of the catalogue: they wait for the whole one, and their
// queries for TanStack Query, which the home page loads after its first paint (lib/lazy-query-client.tsx).
const loadDialog = withWholeCatalogue(afterQueryClient(() => import('./login-dialog')));
const LoginDialog = lazy(loadDialog);
export const preloadLoginFlow = () => void loadDialog();

export function LoginModalProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [isOpen, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const continuation = useRef<(() => void) | undefined>(undefined);
  const open = useCallback<LoginModal['open']>((options) => {
    continuation.current = options?.onSuccess;
    setEverOpened(true);
    setOpen(true);
  }, []);
  const requireSignIn = useCallback<LoginModal['requireSignIn']>((action) => (user ? action() : open({ onSuccess: action })), [user, open]);
  return (
    <LoginModalContext.Provider value={{ open, requireSignIn }}>
      {children}
      {everOpened && (
        <Suspense
          fallback={
            <div className="fixed inset-0 z-50 grid place-items-center bg-black/70" role="status" aria-live="polite">
              <Spinner className="h-10 w-10" />
            </div>
          }
        >
          <LoginDialog
            isOpen={isOpen}
            onOpenChange={setOpen}
            onSignedIn={() => {
              setOpen(false);
              const next = continuation.current;
              continuation.current = undefined;
              // Let the session state settle before the protected action runs.
              if (next) setTimeout(next, 0);
            }}
          />
        </Suspense>
      )}
    </LoginModalContext.Provider>
  );
}

export function useLoginModal(): LoginModal {
  const modal = useContext(LoginModalContext);
  if (!modal) throw new Error('useLoginModal outside LoginModalProvider');
  return modal;
}
