import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * The redirect URI registered with Google (spec §2: configured as /oauth2/callback). It only forwards,
 * replacing the history entry and keeping the raw query (code, state or error), to /oauth2/redirect.
 */
export const Route = createFileRoute('/oauth2/callback')({
  beforeLoad: ({ location }) => {
    throw redirect({ href: `/oauth2/redirect${location.searchStr}`, replace: true });
  },
});
