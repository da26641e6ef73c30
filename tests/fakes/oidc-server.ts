import { generateKeyPair, SignJWT } from 'jose';
import { Events, OAuth2Server } from 'oauth2-mock-server';

/**
 * A local stand-in for Google's OpenID provider, on 127.0.0.1:<random>, built on oauth2-mock-server:
 * a real authorize endpoint (redirects back with a code, remembers the PKCE challenge), a token
 * endpoint that checks the code verifier, and a JWKS of real RS256 keys.
 *
 * Hooks make it behave like Google where the mock is lenient: the token endpoint requires our client
 * id and secret (HTTP Basic) and the redirect URI the code was issued for; ID tokens carry Google's
 * issuer, our client id as audience, `email` / `email_verified` / `name`, and iat/exp from the
 * app's (test) clock, so expiry can be tested with a manual clock.
 */
export const GOOGLE_TEST_CLIENT = { id: 'test-client.apps.googleusercontent.com', secret: 'test-client-secret' };
export const GOOGLE_ISSUER = 'https://accounts.google.com';

export interface GoogleIdentity {
  sub: string;
  email: string;
  email_verified: boolean | string;
  name?: string;
  picture?: string;
}

type Claims = Record<string, unknown>;

export async function startFakeGoogle(options: { now: () => Date }) {
  const server = new OAuth2Server();
  const key = await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const url = server.issuer.url!.replace(/\/$/, '');

  let identity: GoogleIdentity = { sub: '1234567890', email: 'ada@gmail.com', email_verified: true, name: 'Ada Lovelace' };
  /** Claim overrides for the next ID token the token endpoint issues (wrong audience, expired, …). */
  let nextOverrides: Claims | undefined;
  const redirectUris = new Map<string, string>();
  const tokenRequests: Record<string, string>[] = [];

  const timestamps = () => {
    const iat = Math.floor(options.now().getTime() / 1000);
    return { iat, nbf: iat - 10, exp: iat + 3600 };
  };

  server.service.on(Events.BeforeAuthorizeRedirect, (redirect: { url: URL }, req: { url?: string }) => {
    const requested = new URL(req.url ?? '/', url).searchParams.get('redirect_uri');
    const code = redirect.url.searchParams.get('code');
    if (code && requested) redirectUris.set(code, requested);
  });

  server.service.on(Events.BeforeTokenSigning, (token: { payload: Claims }) => {
    Object.assign(token.payload, timestamps(), { iss: GOOGLE_ISSUER });
    // The ID token is the one the mock gives an audience (our client id); the access token has none.
    if (token.payload.aud !== undefined) {
      Object.assign(token.payload, { ...identity, azp: token.payload.aud }, nextOverrides);
      nextOverrides = undefined;
    }
  });

  server.service.on(
    Events.BeforeResponse,
    (
      response: { body: unknown; statusCode: number },
      req: { headers: Record<string, string | undefined>; body: Record<string, string> },
    ) => {
      tokenRequests.push({ ...req.body, authorization: req.headers.authorization ?? '' });
      const expected = `Basic ${Buffer.from(`${GOOGLE_TEST_CLIENT.id}:${GOOGLE_TEST_CLIENT.secret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        response.statusCode = 401;
        response.body = { error: 'invalid_client', error_description: 'The OAuth client was not found.' };
        return;
      }
      const issuedFor = redirectUris.get(req.body.code ?? '');
      if (req.body.grant_type === 'authorization_code' && (!issuedFor || issuedFor !== req.body.redirect_uri)) {
        response.statusCode = 400;
        response.body = { error: 'redirect_uri_mismatch', error_description: 'Bad Request' };
      }
    },
  );

  return {
    url,
    tokenRequests,
    /** createTestApp env pointing the app's Google settings at this server. */
    env: {
      GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT.id,
      GOOGLE_CLIENT_SECRET: GOOGLE_TEST_CLIENT.secret,
      GOOGLE_ISSUER,
      GOOGLE_AUTH_URL: `${url}/authorize`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_JWKS_URL: `${url}/jwks`,
    },
    /** Who signs in next (the mock has no login page: /authorize always succeeds as this person). */
    setIdentity(next: Partial<GoogleIdentity>) {
      identity = { ...identity, ...next };
    },
    /** Claims to override in the next ID token the token endpoint issues. */
    overrideNextIdToken(claims: Claims) {
      nextOverrides = claims;
    },
    /** The next code exchange is refused the way Google refuses a bad or reused code. */
    refuseNextCode(error = 'invalid_grant', description = 'Bad Request') {
      server.service.once(Events.BeforeResponse, (response: { body: unknown; statusCode: number }) => {
        response.statusCode = 400;
        response.body = { error, error_description: description };
      });
    },
    /** Follows an authorization URL like a browser would, returning what Google hands back to the redirect URI. */
    async authorize(authorizationUrl: string) {
      const res = await fetch(authorizationUrl, { redirect: 'manual' });
      const location = new URL(res.headers.get('location')!);
      return {
        redirectedTo: `${location.origin}${location.pathname}`,
        code: location.searchParams.get('code')!,
        state: location.searchParams.get('state')!,
      };
    },
    /** An ID token as Google's button would return it, signed by this server's key unless told otherwise. */
    async idToken(claims: Claims = {}) {
      return server.issuer.buildToken({
        kid: key.kid,
        scopesOrTransform: (_header: Claims, payload: Claims) => {
          Object.assign(
            payload,
            timestamps(),
            { iss: GOOGLE_ISSUER, aud: GOOGLE_TEST_CLIENT.id, azp: GOOGLE_TEST_CLIENT.id },
            identity,
            claims,
          );
        },
      });
    },
    /** The same token signed by a key the JWKS does not hold, under the JWKS key's own `kid`. */
    async forgedIdToken(claims: Claims = {}) {
      const { privateKey } = await generateKeyPair('RS256');
      return new SignJWT({ ...timestamps(), iss: GOOGLE_ISSUER, aud: GOOGLE_TEST_CLIENT.id, ...identity, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
        .sign(privateKey);
    },
    stop: () => server.stop(),
  };
}

export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;
