import { Trans } from '@lingui/react/macro';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { LoginFlow } from './login-flow';
import { useSession } from './session';

interface LoginModal {
  /** Opens the modal; `onSuccess` continues the protected action after sign-in (spec §2). */
  open(options?: { onSuccess?: () => void }): void;
  /** Runs `action` now when signed in, otherwise after the user signs in through the modal. */
  requireSignIn(action: () => void): void;
}

const LoginModalContext = createContext<LoginModal | null>(null);

export function LoginModalProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [isOpen, setOpen] = useState(false);
  const continuation = useRef<(() => void) | undefined>(undefined);
  const open = useCallback<LoginModal['open']>((options) => {
    continuation.current = options?.onSuccess;
    setOpen(true);
  }, []);
  const requireSignIn = useCallback<LoginModal['requireSignIn']>((action) => (user ? action() : open({ onSuccess: action })), [user, open]);
  return (
    <LoginModalContext.Provider value={{ open, requireSignIn }}>
      {children}
      {/* Scrolls when the dialog is taller than a phone screen; m-auto centres it without cutting off its top. */}
      <ModalOverlay isOpen={isOpen} onOpenChange={setOpen} isDismissable className="fixed inset-0 z-50 flex overflow-y-auto bg-black/70 p-4 backdrop-blur-sm">
        <Modal className="m-auto w-full max-w-md">
          <Dialog className="card bg-ink-900/95 p-6 outline-none sm:p-8">
            <Heading slot="title" className="mb-1 text-xl font-bold">
              <Trans>Sign in to Image Studio</Trans>
            </Heading>
            <p className="mb-6 text-sm text-zinc-400">
              <Trans>Free credits are waiting for new creators.</Trans>
            </p>
            <LoginFlow
              onSignedIn={() => {
                setOpen(false);
                const next = continuation.current;
                continuation.current = undefined;
                // Let the session state settle before the protected action runs.
                if (next) setTimeout(next, 0);
              }}
            />
          </Dialog>
        </Modal>
      </ModalOverlay>
    </LoginModalContext.Provider>
  );
}

export function useLoginModal(): LoginModal {
  const modal = useContext(LoginModalContext);
  if (!modal) throw new Error('useLoginModal outside LoginModalProvider');
  return modal;
}
