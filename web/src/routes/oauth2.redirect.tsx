import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useState } from 'react';
import type { SignInResponse } from '@web/api/types';
import { accountsApi } from '../api/accounts';
import { queries, queryClient } from '../api/queries';
import { ApiError } from '../api/client';
import { useErrorText } from '../api/error-text';
import { REFERRAL_KEY } from '../features/auth/referral-key';
import { setLoginNotice, type LoginNotice } from '../features/auth/login-notice';
import { takeReturnPath } from '../features/auth/return-url';
import { useSession } from '../features/auth/session';
import { Page } from '../ui/page';
import { Spinner } from '../ui/spinner';
import { useToast } from '../ui/toast';
import { safeLocalStorage } from '../lib/safe-storage';

/**
 * One exchange per authorization code for the life of the page: React StrictMode runs effects twice
 * in development, and a code can only be redeemed once, so the second run joins the first request.
 */
const exchanges = new Map<string, Promise<SignInResponse>>();

/** Finishes Google sign-in (spec §2, §7 POST /auth/google/oauth2; §8 OAuth return errors). */
function OAuthRedirect() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const session = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  // The raw query as Google sent it (the router would JSON-parse values such as an all-digit state).
  const [params] = useState(() => new URLSearchParams(window.location.search));

  const backToLogin = useEffectEvent((notice: LoginNotice) => {
    session.clear();
    setLoginNotice(notice);
    void navigate({ to: '/login', replace: true });
  });
  const signedIn = useEffectEvent((result: SignInResponse) => {
    session.signIn(result.token, result.user);
    safeLocalStorage.removeItem(REFERRAL_KEY);
    toast.success(t`Welcome, ${result.user.name}!`);
    void navigate({ href: takeReturnPath(), replace: true });
  });
  const failureText = useEffectEvent((e: unknown) =>
    e instanceof ApiError && e.code === 'OAUTH_FAILED'
      ? t`The sign-in could not be completed; the link may have expired or been used already.`
      : errorText(e),
  );

  // Runs once per page load (`params` never changes); the handlers above see the current session and language.
  useEffect(() => {
    let live = true;
    const error = params.get('error');
    const code = params.get('code');
    if (error === 'access_denied') return backToLogin({ kind: 'cancelled' });
    if (error) return backToLogin({ kind: 'provider-error', detail: params.get('error_description') ?? error });
    if (!code) return backToLogin({ kind: 'no-code' });

    let exchange = exchanges.get(code);
    if (!exchange) {
      exchange = queryClient
        .fetchQuery(queries.googleConfig())
        .catch(() => null)
        .then((config) =>
          accountsApi.googleOAuth({
            code,
            state: params.get('state') ?? '',
            clientId: config?.clientId ?? undefined,
            redirectUri: `${window.location.origin}/oauth2/callback`,
            referralCode: safeLocalStorage.getItem(REFERRAL_KEY) ?? undefined,
          }),
        );
      exchanges.set(code, exchange);
    }
    exchange.then(
      (result) => live && signedIn(result),
      (e: unknown) => live && backToLogin({ kind: 'failed', detail: failureText(e) }),
    );
    return () => {
      live = false;
    };
  }, [params]);

  return (
    <Page>
      <div className="card mx-auto mt-10 flex max-w-md flex-col items-center gap-4 p-10 text-center">
        <Spinner className="h-10 w-10" />
        <h1 role="status" className="text-lg font-semibold">
          <Trans>Signing you in…</Trans>
        </h1>
        <p className="text-sm text-zinc-400">
          <Trans>Finishing Google sign-in, this takes a moment.</Trans>
        </p>
      </div>
    </Page>
  );
}

export const Route = createFileRoute('/oauth2/redirect')({
  component: OAuthRedirect,
});
