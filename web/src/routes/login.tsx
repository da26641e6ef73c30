import { Trans, useLingui } from '@lingui/react/macro';
import { Navigate, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { queries } from '../api/queries';
import { LoginFlow } from '../features/auth/login-flow';
import { REFERRAL_KEY } from '../features/auth/referral-key';
import { searchParams, text } from '../lib/search-params';
import { clearLoginNotice, peekLoginNotice, type LoginNotice } from '../features/auth/login-notice';
import { takeReturnPath } from '../features/auth/return-url';
import { useSession } from '../features/auth/session';
import { safeLocalStorage } from '../lib/safe-storage';

/** Why the user was sent back here from Google (spec §8 OAuth return), in their language. */
function NoticeText({ notice }: { notice: LoginNotice }) {
  const { t } = useLingui();
  switch (notice.kind) {
    case 'cancelled':
      return <Trans>You cancelled the Google authorization. You can try again or choose another way to sign in.</Trans>;
    case 'no-code':
      return <Trans>Google did not return an authorization code. Please try signing in again.</Trans>;
    case 'provider-error':
    case 'failed': {
      const detail = notice.detail || t`Please try again.`;
      return <Trans>Google sign-in failed: {detail}</Trans>;
    }
  }
}

function LoginPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const { ref } = Route.useSearch();
  // undefined: no invitation; null: an invitation whose inviter is still loading; a name once known.
  const code = ref ?? safeLocalStorage.getItem(REFERRAL_KEY);
  const inviter = useQuery({ ...queries.referralInfo(code ?? ''), enabled: Boolean(code) });
  const referrer = !code || inviter.isError ? undefined : inviter.isPending ? null : inviter.data.referrerName;
  // Read once and kept in state, so a re-render (or StrictMode's second effect) cannot lose it.
  const [notice] = useState(peekLoginNotice);
  const signedInHere = useRef(false);

  useEffect(() => {
    clearLoginNotice();
  }, []);

  useEffect(() => {
    // Spec §3: the ?ref= code is kept in localStorage until sign-up uses it.
    if (ref) safeLocalStorage.setItem(REFERRAL_KEY, ref);
  }, [ref]);

  // Spec §2: an already signed-in visitor goes home, but one who just signed in *here* goes back
  // to the saved path: without this flag the re-render with a user would send them to / instead.
  if (user && !signedInHere.current) return <Navigate to="/" />;
  // Back to the saved path with its query, same-site only (never /login or /oauth2/*).
  const afterSignIn = () => {
    signedInHere.current = true;
    void navigate({ href: takeReturnPath(), replace: true });
  };
  return (
    <main className="mx-auto w-full max-w-md px-4 py-16">
      <div className="card bg-ink-900/80 p-6 sm:p-8">
        <h1 className="text-2xl font-bold">
          <Trans>Sign in</Trans>
        </h1>
        <p className="mb-6 mt-1 text-sm text-zinc-400">
          <Trans>Welcome back — or welcome, with free credits to start.</Trans>
        </p>
        {notice && (
          <p role="alert" className="mb-5 rounded-xl border border-amber-400/30 bg-amber-500/10 px-3 py-2 text-sm text-amber-100">
            <NoticeText notice={notice} />
          </p>
        )}
        {/* Shown at once for an invitation link, named when the inviter arrives: a banner that appeared
            later pushed the buttons below it down under the visitor's finger (seen as a mis-click in e2e). */}
        {referrer !== undefined && (
          // One line in both states (a long name is cut, the sentence is not), so naming the inviter
          // changes no height either.
          <p className="mb-5 flex gap-1 whitespace-nowrap rounded-xl border border-fuchsia-400/30 bg-fuchsia-500/10 px-3 py-2 text-sm text-fuchsia-100">
            {referrer ? (
              <Trans>
                <span className="min-w-0 truncate">{referrer}</span> invited you to Image Studio
              </Trans>
            ) : (
              <Trans>You were invited to Image Studio</Trans>
            )}
          </p>
        )}
        <LoginFlow onSignedIn={afterSignIn} />
      </div>
    </main>
  );
}

export const Route = createFileRoute('/login')({
  // The router JSON-parses query values, so an all-digit code arrives as a number.
  validateSearch: searchParams({ ref: text(32) }),
  component: LoginPage,
});
