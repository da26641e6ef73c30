import createClient from 'openapi-fetch';
import type { ApiErrorBody, ErrorCode } from '@worker/contract/errors';
import type { MessageId } from '@worker/contract/messages';
import { i18n } from '../i18n';
import { safeLocalStorage } from '../lib/safe-storage';
import type { paths } from './schema.gen';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
export const RETURN_URL_KEY = 'google_auth_return_url';

/**
 * An API failure with the server's code, field and message (DESIGN.md §3.2): `said` is the message
 * as data (its id and parameters), which `useErrorText` (error-text.ts) says from the app's catalogue;
 * `message` is the server's rendering, shown only for an id the app has no text for.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK_ERROR',
    message: string,
    readonly field?: string,
    readonly retryAfter?: number,
    readonly said?: { id: MessageId; params: Readonly<Record<string, string | number>> },
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};
/** The session registers how a 401 anywhere is handled (spec §8). */
export const setUnauthorizedHandler = (handler: UnauthorizedHandler) => {
  onUnauthorized = handler;
};

/**
 * The one HTTP client, typed by the OpenAPI document (schema.gen.ts): a path or body the API does not
 * have fails to compile. Every request carries the bearer token and the app's language — not the
 * browser's: server-side names (plans, orders) follow the UI. Only modules in web/src/api use it.
 */
export const http = createClient<paths>({
  baseUrl: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  // Looked up per call, so a test's stubbed fetch is the one used.
  fetch: (request) => globalThis.fetch(request),
});
http.use({
  onRequest({ request }) {
    const token = safeLocalStorage.getItem(TOKEN_KEY);
    if (token) request.headers.set('authorization', `Bearer ${token}`);
    if (i18n.locale) request.headers.set('accept-language', i18n.locale);
    return request;
  },
});

interface Result<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/**
 * Awaits one call: the body on success; otherwise an {@link ApiError} from the one error body, with a
 * network failure as NETWORK_ERROR, and the 401 rule applied. A cancelled request stays an AbortError.
 */
export async function unwrap<D>(pending: Promise<Result<D>>): Promise<D> {
  const token = safeLocalStorage.getItem(TOKEN_KEY);
  let result: Result<D>;
  try {
    result = await pending;
  } catch (error) {
    const name = error instanceof Error || error instanceof DOMException ? error.name : undefined;
    if (name === 'AbortError' || name === 'TimeoutError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Network connection failed');
  }
  const { response } = result;
  if (response.ok) return result.data as D;
  // Not JSON (a proxy error page) arrives as text: fall back to the status.
  const body = (typeof result.error === 'object' && result.error ? result.error : {}) as Partial<ApiErrorBody>;
  if (response.status === 401 && token) onUnauthorized();
  const error = body.error;
  throw new ApiError(
    response.status,
    error?.code ?? 'INTERNAL',
    error?.message ?? `Request failed (${response.status})`,
    error?.field,
    error?.retryAfter,
    error?.id ? { id: error.id, params: error.params ?? {} } : undefined,
  );
}

/**
 * Sends a prepared FormData as is (multipart: the browser sets the boundary). The typed body is the
 * form's fields as the document lists them, which a FormData cannot be typed as: hence `never`.
 */
export const multipart = (form: FormData) => ({ body: form as never, bodySerializer: (body: unknown) => body });
