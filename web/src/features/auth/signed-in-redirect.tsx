import { Trans } from '@lingui/react/macro';
import { Navigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import { Page } from '../../ui/page';
import { useLoginModal } from './login-modal';
import { useSession } from './session';

export function SignInPrompt({ children }: { children?: ReactNode }) {
  const login = useLoginModal();
  return (
    <Page>
      <div className="card mx-auto mt-10 max-w-md p-10 text-center">
        <h1 className="text-xl font-bold">
          <Trans>Sign in to continue</Trans>
        </h1>
        <p className="mt-2 text-sm text-zinc-400">{children ?? <Trans>This page shows your own creations, credits and settings.</Trans>}</p>
        <Button className="mt-6" onPress={() => login.open()}>
          <Trans>Sign In</Trans>
        </Button>
      </div>
    </Page>
  );
}

/** Shows its children only when signed in; otherwise a sign-in prompt that opens the login modal. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return user ? children : <SignInPrompt />;
}

/** Spec §2 /credits and /referrals: the personal center tab when signed in, otherwise the page about it. */
export function SignedInRedirect({ tab, signedOut }: { tab: 'credits' | 'invites'; signedOut: ReactNode }) {
  const { user } = useSession();
  if (user) return <Navigate to="/personal-center/$tab" params={{ tab }} replace />;
  return <>{signedOut}</>;
}
