import { asMessage, type Message, type MessageId, type PlainMessageId, renderMessage } from './messages';

/**
 * The closed list of API error codes: what a client acts on. What to say is the body's message id
 * (worker/contract/messages.ts), which the SPA says from its own catalogue, falling back to the
 * server's rendered message (spec §8). Add a code here before using it anywhere.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  INVALID_CODE: 400,
  CODE_EXPIRED: 400,
  /** Google sign-in could not be finished: wrong or reused state, code exchange refused, bad ID token. */
  OAUTH_FAILED: 400,
  /** A gateway webhook whose signature (or timestamp) does not verify; nothing was written. */
  WEBHOOK_SIGNATURE_INVALID: 400,
  UNAUTHENTICATED: 401,
  /** Password sign-in: the same answer for an unknown e-mail and a wrong password. */
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  /** Google says the account's e-mail is not verified, so it cannot be linked to anything. */
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** The server's refund rules (spec §5) refuse this refund; the message names the rule. */
  REFUND_NOT_ALLOWED: 409,
  /** One live subscription per user: a new subscription checkout while one is live. */
  SUBSCRIPTION_EXISTS: 409,
  /** A subscription checkout of this user is still open (pending): finish or cancel it first. */
  SUBSCRIPTION_CHECKOUT_OPEN: 409,
  NO_CHANGES: 400,
  /** The current password typed to confirm a password or e-mail change is wrong (400, not 401: the session stays valid). */
  WRONG_PASSWORD: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** An upload whose header looks right but whose data is truncated or does not decode (refused before any charge). */
  IMAGE_UNDECODABLE: 422,
  INSUFFICIENT_CREDITS: 402,
  CODE_ATTEMPTS_EXCEEDED: 429,
  RESEND_TOO_SOON: 429,
  RATE_LIMITED: 429,
  /** Password sign-in to one account is paused (guesses from many clients); e-mail-code sign-in still works. */
  PASSWORD_SIGN_IN_PAUSED: 429,
  /** Stripe or PayPal refused or failed a call we made; nothing changed on our side. */
  PAYMENT_PROVIDER_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
  /**
   * The image engine's queue already holds more work than a user should wait for: refused before
   * any credit moved, with `retryAfter` seconds.
   */
  ENGINE_BUSY: 503,
  /** A feature whose provider is not configured on this deployment (e.g. Google sign-in). */
  NOT_CONFIGURED: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ApiErrorBody {
  success: false;
  error: {
    code: ErrorCode;
    /** The sentence as data: a client says it from its own catalogue (worker/contract/messages.ts). */
    id: MessageId;
    /** The values the sentence names; never the caller's own text (`PARAM_SENT`). */
    params: Record<string, string | number>;
    /** `id` said in the caller's language (Accept-Language), for clients without a catalogue. */
    message: string;
    /** The request field at fault, when there is one (e.g. `email`). */
    field?: string;
    /** Seconds until the action may be retried (rate limits, resend wait). */
    retryAfter?: number;
  };
  requestId?: string;
}

/**
 * A failure a service verb reports on purpose; `app.onError` turns it into an {@link ApiErrorBody}
 * whose message is {@link said} rendered in the caller's language (worker/contract/messages.ts).
 * `Error.message` holds the English rendering, for logs.
 */
export class ServiceError extends Error {
  readonly status: number;
  /** What to tell the caller, as data. */
  readonly said: Message;
  constructor(
    readonly code: ErrorCode,
    message: Message | PlainMessageId,
    readonly details: { field?: string; retryAfter?: number } = {},
  ) {
    const said = asMessage(message);
    super(renderMessage(said, 'en'));
    this.name = 'ServiceError';
    this.status = ERROR_STATUS[code];
    this.said = said;
  }

  /** The same failure naming another field (a check reused for a differently named input). */
  forField(field: string): ServiceError {
    return new ServiceError(this.code, this.said, { ...this.details, field });
  }
}
