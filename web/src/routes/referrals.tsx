import { createFileRoute } from '@tanstack/react-router';
import { ReferralsIntro } from '../features/account/signed-out-pages';
import { SignedInRedirect } from '../features/auth/signed-in-redirect';

/** Spec §2: /referrals goes to My invites when signed in, otherwise shows the invitation programme. */
export const Route = createFileRoute('/referrals')({ component: () => <SignedInRedirect tab="invites" signedOut={<ReferralsIntro />} /> });
