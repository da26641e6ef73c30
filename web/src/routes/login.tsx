import { Trans } from '@lingui/react/macro';
import { Navigate, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { RETURN_URL_KEY } from '../api/client';
import { api } from '../api/endpoints';
import { LoginFlow, REFERRAL_KEY } from '../features/auth/login-flow';
import { useSession } from '../features/auth/session';

function LoginPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const { ref } = Route.useSearch();
  const [referrer, setReferrer] = useState<string>();

  useEffect(() => {
    // Spec §3: the ?ref= code is kept in localStorage until sign-up uses it.
    if (ref) localStorage.setItem(REFERRAL_KEY, ref);
    const code = ref ?? localStorage.getItem(REFERRAL_KEY);
    if (code) api.referralInfo(code).then((r) => setReferrer(r.referrerName)).catch(() => undefined);
  }, [ref]);

  if (user) return <Navigate to="/" />;
  const afterSignIn = () => {
    const back = sessionStorage.getItem(RETURN_URL_KEY);
    sessionStorage.removeItem(RETURN_URL_KEY);
    // Only same-site paths: a stored "//evil.example" must not become an open redirect.
    void navigate({ href: back?.startsWith('/') && !back.startsWith('//') ? back : '/' });
  };
  return (
    <main className="mx-auto w-full max-w-md px-4 py-16">
      <div className="card bg-ink-900/80 p-6 sm:p-8">
        <h1 className="text-2xl font-bold"><Trans>Sign in</Trans></h1>
        <p className="mb-6 mt-1 text-sm text-zinc-400"><Trans>Welcome back — or welcome, with free credits to start.</Trans></p>
        {referrer && (
          <p className="mb-5 rounded-xl border border-fuchsia-400/30 bg-fuchsia-500/10 px-3 py-2 text-sm text-fuchsia-100">
            <Trans>{referrer} invited you to Image Studio</Trans>
          </p>
        )}
        <LoginFlow onSignedIn={afterSignIn} />
      </div>
    </main>
  );
}

export const Route = createFileRoute('/login')({
  validateSearch: z.object({ ref: z.string().max(32).optional() }),
  component: LoginPage,
});
