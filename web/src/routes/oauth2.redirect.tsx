import { Trans } from '@lingui/react/macro';
import { Link, createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { Page } from '../ui/page';

/** Finishes Google sign-in (spec §2). Google is not configured in this build, so it explains the return. */
function OAuthRedirect() {
  const { error, code } = Route.useSearch();
  return (
    <Page>
      <div className="card mx-auto max-w-md p-8 text-center">
        <h1 className="text-xl font-bold">
          {error === 'access_denied' ? <Trans>You cancelled the authorization.</Trans> : error ? <Trans>Google sign-in failed.</Trans> : !code ? <Trans>No authorization code was returned.</Trans> : <Trans>Google sign-in is not configured.</Trans>}
        </h1>
        <Link to="/login" className="mt-6 inline-block underline"><Trans>Back to sign in</Trans></Link>
      </div>
    </Page>
  );
}

export const Route = createFileRoute('/oauth2/redirect')({
  validateSearch: z.object({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional() }),
  component: OAuthRedirect,
});
