import { Trans } from '@lingui/react/macro';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { LoginFlow } from './login-flow';

/** The login modal's dialog (spec §2), loaded the first time it opens (see login-modal.tsx). */
export default function LoginDialog({
  isOpen,
  onOpenChange,
  onSignedIn,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onSignedIn: () => void;
}) {
  return (
    // Scrolls when the dialog is taller than a phone screen; m-auto centres it without cutting off its top.
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      className="fixed inset-0 z-50 flex overflow-y-auto bg-black/70 p-4 backdrop-blur-sm"
    >
      <Modal className="m-auto w-full max-w-md">
        <Dialog className="card bg-ink-900/95 p-6 outline-none sm:p-8">
          <Heading slot="title" className="mb-1 text-xl font-bold">
            <Trans>Sign in to Image Studio</Trans>
          </Heading>
          <p className="mb-6 text-sm text-zinc-400">
            <Trans>Free credits are waiting for new creators.</Trans>
          </p>
          <LoginFlow onSignedIn={onSignedIn} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
