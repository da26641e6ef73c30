import { createFileRoute } from '@tanstack/react-router';
import { SignedInRedirect } from '../features/auth/signed-in-redirect';

export const Route = createFileRoute('/referrals')({ component: () => <SignedInRedirect tab="invites" /> });
