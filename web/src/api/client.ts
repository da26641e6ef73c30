import type { ApiErrorBody, ErrorCode } from '../../../worker/contract/errors';
import { i18n } from '../i18n';
import { safeLocalStorage } from '../lib/safe-storage';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
export const RETURN_URL_KEY = 'google_auth_return_url';

/** An API failure with the server's code, message and field (DESIGN.md §3.2). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK_ERROR',
    message: string,
    readonly field?: string,
    readonly retryAfter?: number,
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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  json?: unknown;
  form?: FormData;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

/**
 * The one way the SPA calls the API: adds the bearer token, JSON content type (dropped for
 * multipart), parses the error body into an {@link ApiError}, and applies the 401 rule.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {}))
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  const headers = new Headers();
  const token = safeLocalStorage.getItem(TOKEN_KEY);
  if (token) headers.set('authorization', `Bearer ${token}`);
  // The app's language, not the browser's: server-side names (plans, orders) follow the UI.
  if (i18n.locale) headers.set('accept-language', i18n.locale);
  if (options.json !== undefined) headers.set('content-type', 'application/json');
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? (options.json !== undefined || options.form ? 'POST' : 'GET'),
      headers,
      body: options.form ?? (options.json !== undefined ? JSON.stringify(options.json) : undefined),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Network connection failed');
  }
  if (response.ok) return (await response.json()) as T;
  let body: Partial<ApiErrorBody> = {};
  try {
    body = (await response.json()) as ApiErrorBody;
  } catch {
    // not JSON (a proxy error page): fall back to the status
  }
  if (response.status === 401 && token) onUnauthorized();
  const error = body.error;
  throw new ApiError(
    response.status,
    error?.code ?? 'INTERNAL',
    error?.message ?? `Request failed (${response.status})`,
    error?.field,
    error?.retryAfter,
  );
}
