import { createFileRoute } from '@tanstack/react-router';
import { CreditsIntro } from '../features/account/signed-out-pages';
import { SignedInRedirect } from '../features/auth/signed-in-redirect';

/** Spec §2: /credits goes to the personal center when signed in, otherwise shows what credits are. */
export const Route = createFileRoute('/credits')({ component: () => <SignedInRedirect tab="credits" signedOut={<CreditsIntro />} /> });
