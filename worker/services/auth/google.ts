import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client, OAuth2RequestError, type OAuth2Tokens } from 'arctic';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { schema } from '@db/client';
import { email as emailSchema, type GoogleOAuthRequest, type GoogleVerifyRequest } from '../../contract/auth';
import type { AuthResponse, GoogleConfigResponse } from '../../contract/responses/auth';
import { ServiceError } from '../../contract/errors';
import type { Config } from '../../env';
import { sha256, toBase64Url, toHex } from '../../lib/bytes';
import type { ServiceContext } from '../context';
import { applyRegistrationReferral } from '../referrals/referrals';
import { issueSessionToken } from './session-tokens';
import { findOrCreateVerifiedUser, toUserProfile } from './users';
import type { Locale } from '../../contract/locales';
import { type Message, type PlainMessageId, say } from '../../contract/messages';

type Ctx = ServiceContext<'db' | 'config' | 'clock' | 'limits' | 'log'>;

/** A sign-in must be finished within this long after it was started (the cookie lives as long). */
export const OAUTH_FLOW_TTL_SECONDS = 600;
const SCOPES = ['openid', 'email', 'profile'];
const START_PER_IP = { limit: 30, windowSeconds: 600 };
/** Expired flows are kept a while so a late return still says "expired" rather than "unknown". */
const PURGE_AFTER_MS = 3600 * 1000;
const DEFAULT_ISSUER = 'https://accounts.google.com';

const failed = (message: Message | PlainMessageId) => new ServiceError('OAUTH_FAILED', message);

function requireGoogle(config: Config): { clientId: string; clientSecret: string } {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) {
    throw new ServiceError('NOT_CONFIGURED', 'googleNotConfigured');
  }
  return { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET };
}

/**
 * The redirect URI: the app's public origin + GOOGLE_REDIRECT_PATH (spec §2: /oauth2/callback). The
 * route passes `publicOrigin(c)`, which is PUBLIC_URL whenever that is set (it must then match the
 * URI registered with Google), and the loopback origin the browser really uses in embedded mode.
 */
export const googleRedirectUri = (config: Config, origin: string) => origin.replace(/\/+$/, '') + config.GOOGLE_REDIRECT_PATH;

export function googleConfig(config: Config): GoogleConfigResponse {
  return { success: true, enabled: Boolean(config.GOOGLE_CLIENT_ID), clientId: config.GOOGLE_CLIENT_ID ?? null };
}

const sha256Hex = async (text: string) => toHex(await sha256(text));

function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return toBase64Url(bytes);
}

/**
 * Begins an authorization-code flow with PKCE. The state and code verifier are stored server-side
 * (never in the browser), bound to this browser by an HttpOnly cookie whose secret hashes to the
 * row's `browserHash`: a code+state pair carried to another browser (login CSRF) cannot finish it.
 * The route sets the cookie from `browserSecret`.
 */
export async function startGoogleSignIn(ctx: Ctx, input: { referralCode?: string; ip: string; origin: string }) {
  const { clientId, clientSecret } = requireGoogle(ctx.config);
  const limited = await ctx.limits.hit(`google-start:ip:${input.ip}`, START_PER_IP);
  if (!limited.allowed) throw new ServiceError('RATE_LIMITED', 'tooManyRequests', { retryAfter: limited.retryAfterSeconds });

  const now = ctx.clock.now();
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const browserSecret = randomSecret();
  const redirectUri = googleRedirectUri(ctx.config, input.origin);
  // Housekeeping on the write path, so abandoned flows never pile up (indexed by expiresAt).
  await ctx.db.delete(schema.oauthFlows).where(lt(schema.oauthFlows.expiresAt, new Date(now.getTime() - PURGE_AFTER_MS)));
  await ctx.db.insert(schema.oauthFlows).values({
    state,
    codeVerifier,
    browserHash: await sha256Hex(browserSecret),
    redirectUri,
    referralCode: input.referralCode || null,
    expiresAt: new Date(now.getTime() + OAUTH_FLOW_TTL_SECONDS * 1000),
    createdAt: now,
  });
  const client = new OAuth2Client(clientId, clientSecret, redirectUri);
  const url = client.createAuthorizationURLWithPKCE(ctx.config.GOOGLE_AUTH_URL, state, CodeChallengeMethod.S256, codeVerifier, SCOPES);
  return { authorizationUrl: url.toString(), state, browserSecret, secureCookie: redirectUri.startsWith('https:') };
}

/**
 * Finishes the flow `startGoogleSignIn` began: the state must be known, started by this browser,
 * unexpired and unused; it is consumed by one conditional UPDATE before the code is exchanged, so a
 * state (and its verifier and code) works once even when two requests race.
 */
export async function finishGoogleSignIn(
  ctx: Ctx,
  input: GoogleOAuthRequest & { browserSecret: string | undefined; locale?: Locale },
): Promise<AuthResponse> {
  const { clientId, clientSecret } = requireGoogle(ctx.config);
  const now = ctx.clock.now();
  const [flow] = await ctx.db.select().from(schema.oauthFlows).where(eq(schema.oauthFlows.state, input.state));
  if (!flow) throw failed('googleUnknownState');
  if (flow.consumedAt) throw failed('googleFlowUsed');
  if (flow.expiresAt <= now) throw failed('googleFlowExpired');
  // Checked before consuming, so someone who only saw the state cannot burn the owner's sign-in.
  // Both sides are SHA-256 hex: comparing hashes leaks nothing useful about the secret.
  if (!input.browserSecret || (await sha256Hex(input.browserSecret)) !== flow.browserHash) {
    throw failed('googleOtherBrowser');
  }

  const [consumed] = await ctx.db
    .update(schema.oauthFlows)
    .set({ consumedAt: now })
    .where(and(eq(schema.oauthFlows.state, flow.state), isNull(schema.oauthFlows.consumedAt), gt(schema.oauthFlows.expiresAt, now)))
    .returning({ state: schema.oauthFlows.state });
  if (!consumed) throw failed('googleFlowUsed');

  if (input.clientId && input.clientId !== clientId) throw failed('googleClientMismatch');
  if (input.redirectUri && input.redirectUri !== flow.redirectUri) throw failed('googleRedirectMismatch');

  const client = new OAuth2Client(clientId, clientSecret, flow.redirectUri);
  let tokens: OAuth2Tokens;
  try {
    tokens = await client.validateAuthorizationCode(ctx.config.GOOGLE_TOKEN_URL, input.code, flow.codeVerifier);
  } catch (error) {
    if (error instanceof OAuth2RequestError) {
      throw failed(say('googleRefused', { reason: `${error.code}${error.description ? `: ${error.description}` : ''}` }));
    }
    ctx.log.warn('google token exchange failed', { error: String(error) });
    throw failed('googleCodeRefused');
  }
  let idToken: string;
  try {
    idToken = tokens.idToken();
  } catch {
    throw failed('googleNoIdToken');
  }
  const identity = await verifyIdToken(ctx.config, idToken, now);
  return signInWithGoogle(ctx, identity, input.referralCode || flow.referralCode, now, input.locale);
}

/** `POST /auth/google/v2/verify`: an ID token from Google's own button, checked like the code flow's. */
export async function verifyGoogleIdToken(ctx: Ctx, input: GoogleVerifyRequest & { locale?: Locale }): Promise<AuthResponse> {
  requireGoogle(ctx.config);
  const now = ctx.clock.now();
  const identity = await verifyIdToken(ctx.config, input.idToken, now);
  return signInWithGoogle(ctx, identity, input.referralCode, now, input.locale);
}

interface GoogleIdentity {
  sub: string;
  email: string;
  name?: string;
}

/**
 * One remote key set per JWKS URL for the life of the isolate/process: jose caches the keys inside
 * it (and refetches on an unknown `kid`, at most every 30 s), so requests do not each fetch the JWKS.
 */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000 });
    keySets.set(url, set);
  }
  return set;
}

/** Google documents both spellings of its issuer; a configured (test) issuer is taken exactly. */
const acceptedIssuers = (config: Config) =>
  config.GOOGLE_ISSUER === DEFAULT_ISSUER ? [DEFAULT_ISSUER, 'accounts.google.com'] : [config.GOOGLE_ISSUER];

/**
 * Signature against the configured JWKS (RS256 only), issuer, audience = our client id, expiry by
 * `now` (the app's clock), then `email_verified`: an account is linked by verified e-mail only.
 */
async function verifyIdToken(config: Config, idToken: string, now: Date): Promise<GoogleIdentity> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keySet(config.GOOGLE_JWKS_URL), {
      issuer: acceptedIssuers(config),
      audience: config.GOOGLE_CLIENT_ID!,
      algorithms: ['RS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
      currentDate: now,
      clockTolerance: 30,
    }));
  } catch (error) {
    throw failed(idTokenFailure(error));
  }
  const verified = payload.email_verified === true || payload.email_verified === 'true';
  if (!verified) throw new ServiceError('EMAIL_NOT_VERIFIED', 'googleEmailNotVerified');
  const parsed = emailSchema.safeParse(payload.email);
  if (typeof payload.sub !== 'string' || !payload.sub || !parsed.success) throw failed('googleNoEmail');
  return { sub: payload.sub, email: parsed.data, name: typeof payload.name === 'string' ? payload.name : undefined };
}

function idTokenFailure(error: unknown): Message | PlainMessageId {
  if (error instanceof joseErrors.JWTExpired) return 'googleTokenExpired';
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'googleTokenAudience';
    if (error.claim === 'iss') return 'googleTokenIssuer';
    return say('googleTokenClaim', { claim: error.claim });
  }
  if (error instanceof joseErrors.JWKSNoMatchingKey || error instanceof joseErrors.JWSSignatureVerificationFailed) {
    return 'googleTokenSignature';
  }
  if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JWKSInvalid) return 'googleTokenUncheckable';
  return 'googleTokenInvalid';
}

async function signInWithGoogle(
  ctx: Ctx,
  identity: GoogleIdentity,
  referralCode: string | null | undefined,
  now: Date,
  locale: Locale | undefined,
): Promise<AuthResponse> {
  const { user, isReferralLogin } = await ctx.db.transaction(async (tx) => {
    const { user, created } = await findOrCreateVerifiedUser(tx, {
      email: identity.email,
      provider: 'google',
      subject: identity.sub,
      name: identity.name,
      // The page's language, kept for the mails the account gets later.
      ...(locale ? { locale } : {}),
    });
    const isReferralLogin = created && (await applyRegistrationReferral(tx, { invitedUserId: user.id, code: referralCode, now }));
    return { user, isReferralLogin };
  });
  return { token: await issueSessionToken(ctx.config, user, now), user: toUserProfile(user), isReferralLogin };
}
