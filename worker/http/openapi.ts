/**
 * Every HTTP operation is defined once, with its request and response schemas, and
 * `/api/openapi.json` is generated from those definitions (docs/decisions/025).
 *
 * A route file:
 *
 *   import { createRoute } from '@hono/zod-openapi';
 *   import { balanceBody } from '../contract/responses/credits';
 *   import { createRouter, errors, jsonBody, okJson, signedIn } from './openapi';
 *
 *   const consume = createRoute({
 *     method: 'post', path: '/consume', tags: ['Credits'], summary: 'Spend credits',
 *     ...signedIn,                                  // bearer security + requireSignIn (or adminOnly, signedBy('Stripe-Signature'))
 *     request: { query: consumeQuery },             // params, query, body: jsonBody(schema) / formDoc({...}) / rawJsonDoc('...')
 *     responses: { 200: okJson(consumeBody, 'Spent'), ...errors(402, 409) },
 *   });
 *   export const creditRoutes = createRouter().openapi(consume, async (c) => c.json(await spend(...), 200));
 *
 * - Path templates are OpenAPI's (`/orders/{id}`); mount sub-routers with `.route()` on another
 *   router from `createRouter()` so their definitions reach the document.
 * - Failed validation and bad text (control characters, lone surrogates, line breaks outside
 *   `multiline` fields) throw the usual 400 VALIDATION_FAILED naming the field (lib/validate.ts).
 * - Every operation documents the error statuses any request can meet: 400 (path or input), 401
 *   (a bad token is refused on every route), 500, and for methods with a body 413 (body limit) and
 *   415 (validated body of the wrong type). Add the route's own with `errors(403, 404, …)`.
 * - `c.json(body, 200)`: the status is required so the body is checked against that response.
 * - A path OpenAPI cannot express (a key spanning slashes): `mountedAt(route, '/:key{.+}')` is
 *   mounted there and documented under its `path`.
 * - Non-JSON answers: `{ 200: { description, content: { 'text/html': { schema: { type: 'string' } } } } }`.
 */
import { OpenAPIHono, type RouteConfig, type z } from '@hono/zod-openapi';
import { toJSONSchema } from 'zod';
import type { MiddlewareHandler } from 'hono';
import { ERROR_STATUS } from '../contract/errors';
import { errorBody } from '../contract/responses/common';
import type { AppEnv } from './hono-env';
import { assertCleanText, validationFailed } from '../lib/validate';
import { requireAdmin, requireSignIn } from '../middleware/auth';

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Bad input, naming the field (VALIDATION_FAILED, MALFORMED_JSON, …)',
  401: 'Not signed in, or the token is invalid or expired',
  402: 'Not enough credits (INSUFFICIENT_CREDITS)',
  403: 'Signed in but not allowed',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'The request body is too large',
  415: 'Unsupported content type or file format',
  422: 'The upload does not decode (IMAGE_UNDECODABLE)',
  429: 'Too many attempts; `retryAfter` says when to try again',
  500: 'Unexpected error (reported; nothing half-written)',
  502: 'The payment provider refused or failed the call; nothing changed',
  503: 'Busy or not configured on this deployment; `retryAfter` when it is worth retrying',
};

/** One documented error response, the body always the one error model (DESIGN.md §3.2). */
const errorResponse = (status: ErrorStatus) => ({
  description: ERROR_DESCRIPTIONS[status],
  content: { 'application/json': { schema: errorBody } },
});

/** The error responses of one operation, by status: `...errors(404, 409)`. The always-present ones are added by the router. */
export function errors<S extends ErrorStatus>(...statuses: S[]): Record<S, ReturnType<typeof errorResponse>> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse(status)])) as Record<S, ReturnType<typeof errorResponse>>;
}

/** A JSON request body, required (a missing or non-JSON body is a 400/415 like any bad input). */
export const jsonBody = <S extends z.ZodType>(schema: S, description?: string) => ({
  required: true,
  ...(description ? { description } : {}),
  content: { 'application/json': { schema } },
});

/** A 200/201 JSON answer with its schema: `200: okJson(profileBody, 'The profile')`. */
export const okJson = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** The JSON Schema of a form's text parts, as the schema the handler checks them with accepts them. */
const textParts = (fields: z.ZodObject | undefined): Record<string, object> =>
  fields
    ? ((toJSONSchema(fields, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, object> }).properties ?? {})
    : {};

/**
 * A multipart body a route reads itself (files next to text fields, checked with `validateValue`):
 * documented only, not validated by the router. `files` are binary parts; `fields` is the schema the
 * handler checks the text parts with, documented from it.
 */
export function formDoc(parts: {
  files: Record<string, { description: string; multiple?: boolean; required?: boolean }>;
  fields?: z.ZodObject;
}) {
  const binary = { type: 'string' as const, contentMediaType: 'application/octet-stream' };
  const files: Record<string, object> = {};
  for (const [name, file] of Object.entries(parts.files))
    files[name] = file.multiple
      ? { type: 'array', items: binary, description: file.description }
      : { ...binary, description: file.description };
  const required = Object.entries(parts.files)
    .filter(([, file]) => file.required !== false)
    .map(([name]) => name);
  const schema = {
    type: 'object' as const,
    // Read only when the document is generated (Node: `npm run api:types`, the Node server). The
    // Worker serves the prebuilt document and is built without zod's JSON Schema code, which throws
    // there (wrangler.toml [alias], decision 071), so the text parts are converted on first read.
    get properties(): Record<string, object> {
      return { ...textParts(parts.fields), ...files };
    },
    ...(required.length ? { required } : {}),
  };
  return { required: true, content: { 'multipart/form-data': { schema } } };
}

/** A raw JSON body a route verifies before parsing (webhooks): documented only. */
export const rawJsonDoc = (description: string) => ({
  required: true,
  description,
  content: { 'application/json': { schema: { type: 'object' as const } } },
});

/** Bearer JWT required: documents the security scheme and mounts `requireSignIn` on the operation. */
export const signedIn = { security: [{ bearerAuth: [] }], middleware: [requireSignIn] as AppMiddleware[] };
/** A token is optional (public answers to anyone, private ones to their owner). */
export const optionalSignIn = { security: [{}, { bearerAuth: [] }] as Record<string, string[]>[] };
/** Admins only (401 signed out, 403 for other users). Add `...errors(403)` to the responses. */
export const adminOnly = { security: [{ bearerAuth: [] }], middleware: [requireAdmin as AppMiddleware] };

/**
 * Signed by a third party instead of a user (webhooks, job callbacks): documents the header that
 * carries the signature. The route's own middleware verifies it on the raw body.
 */
export const signedBy = (header: string, description = 'Signature over the raw body') => ({
  security: [],
  parameters: [{ name: header, in: 'header' as const, required: true, schema: { type: 'string' as const }, description }],
});

/** A route documented under its OpenAPI `path` but mounted on a Hono pattern OpenAPI cannot write (`/:key{.+}`). */
export const mountedAt = <R extends RouteConfig>(route: R, honoPath: string): R => ({ ...route, honoPath });

/** Statuses every operation can answer whatever its handler does (global middleware, see the top comment). */
function standardErrors(route: RouteConfig): ErrorStatus[] {
  const statuses: ErrorStatus[] = [400, 401, 500];
  if (route.method !== 'get' && route.method !== 'head') statuses.push(413);
  const content = route.request?.body?.content ?? {};
  // The router's media-type gate refuses other content types when a body schema is validated.
  if (
    Object.values(content).some((media) => media && typeof (media as { schema?: { safeParse?: unknown } }).schema?.safeParse === 'function')
  )
    statuses.push(415);
  return statuses;
}

type Target = 'json' | 'form' | 'query' | 'param' | 'header' | 'cookie';

/** The zod schema the router validated `target` with, for the text checks. */
function schemaOf(route: RouteConfig, target: Target): unknown {
  const request = route.request;
  const content = request?.body?.content ?? {};
  const bodySchema = (predicate: (type: string) => boolean) =>
    (Object.entries(content).find(([type]) => predicate(type))?.[1] as { schema?: unknown } | undefined)?.schema;
  switch (target) {
    case 'json':
      return bodySchema((type) => /json/i.test(type));
    case 'form':
      return bodySchema((type) => /form/i.test(type));
    case 'query':
      return request?.query;
    case 'param':
      return request?.params;
    case 'header':
      return request?.headers;
    case 'cookie':
      return request?.cookies;
  }
}

type HookResult = { success: true; data: unknown; target: Target } | { success: false; error: z.ZodError; target: Target };

/** Failed validation becomes the one error model; passed values still go through the text checks. */
function checkedHook(route: RouteConfig | undefined) {
  return (result: HookResult) => {
    if (!result.success) throw validationFailed(result.target, result.error.issues[0]);
    const schema = route && schemaOf(route, result.target);
    if (schema) assertCleanText(result.target, schema as z.ZodType, result.data);
  };
}

/**
 * A router whose operations go into the OpenAPI document. Its `openapi()` adds the standard error
 * responses to the definition and checks validated input the way `validate()` does.
 */
export function createRouter<E extends AppEnv = AppEnv>() {
  // biome-ignore lint/suspicious/noExplicitAny: the hook's input types are per route; the checks are not.
  const router = new OpenAPIHono<E>({ defaultHook: checkedHook(undefined) as any });
  const register = router.openapi;
  router.openapi = ((route: RouteConfig & { honoPath?: string }, handler: unknown, hook?: unknown) => {
    const { honoPath, ...documented } = {
      // No security named: a public operation, said explicitly.
      security: [],
      ...route,
      responses: { ...errors(...standardErrors(route)), ...route.responses },
    };
    // biome-ignore lint/suspicious/noExplicitAny: forwarded as given.
    const mount = (config: RouteConfig) => (register as any)(config, handler, hook ?? checkedHook(route));
    if (!honoPath) return mount(documented);
    // Documented under its OpenAPI path, mounted on a Hono pattern OpenAPI cannot write (`/:key{.+}`).
    if (!documented.hide) {
      const { middleware: _m, hide: _h, ...definition } = documented;
      router.openAPIRegistry.registerPath(definition);
    }
    return mount({ ...documented, path: honoPath, hide: true });
  }) as typeof register;
  return router;
}

/** The router type of one area, for helpers that take it. */
export type Router<E extends AppEnv = AppEnv> = ReturnType<typeof createRouter<E>>;

/** Middleware typed for the app's env, for `middleware: [...] as const` in a route. */
export type AppMiddleware = MiddlewareHandler<AppEnv>;

/** The error statuses the error model has, for tests that check the document. */
export const ERROR_STATUSES = [...new Set(Object.values(ERROR_STATUS))] as number[];
