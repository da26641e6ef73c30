import { createFileRoute } from '@tanstack/react-router';
import { SignedInRedirect } from '../features/auth/signed-in-redirect';

/** Spec §2: /credits goes to the personal center when signed in, otherwise shows it (with a sign-in prompt). */
export const Route = createFileRoute('/credits')({ component: () => <SignedInRedirect tab="credits" /> });
