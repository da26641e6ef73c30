import { createRoute } from '@hono/zod-openapi';
import * as z from 'zod';
import type { Context } from 'hono';
import { renderSandboxCheckout, submitSandboxCheckout, type SandboxPageResult } from '../services/payments/sandbox-checkout';
import type { AppEnv } from '../http/hono-env';
import { createRouter, errors } from '../http/openapi';
import { publicOrigin } from '../http/public-origin';
import { langQuery, localeOf } from './payments';

const sendSandbox = (c: Context<AppEnv>, result: SandboxPageResult) => {
  c.header('cache-control', 'no-store');
  return result.kind === 'redirect' ? c.redirect(result.location, 303) : c.html(result.html, result.status);
};

const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' as const } } } });
/**
 * The sandbox page answers every outcome as a page a person reads. Only a request refused before it
 * reaches the page (a malformed address or query) gets the JSON error body, as a 400.
 */
const sandboxPages = {
  400: {
    description: 'Unknown action (a page), or a malformed address or query (the JSON error body)',
    content: { ...html('').content, ...errors(400)[400].content },
  },
  403: html('Refused: the post came from another site'),
  404: html('Unknown checkout session, or the sandbox gateway is off'),
  409: html('The checkout has already ended'),
};
const sessionParam = z.object({ sessionId: z.string().describe('The sandbox checkout session id from checkoutUrl') });
const SANDBOX_ACTIONS = ['pay', 'cancel', 'renew', 'lapse'] as const;

/** `/api/sandbox/checkout/*`: the sandbox gateway's local checkout page (embedded mode only). */
export const sandboxCheckoutRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/{sessionId}',
      tags: ['Development'],
      security: [],
      summary: 'Sandbox checkout page (Pay / Cancel; Renew / Lapse for a paid subscription)',
      request: { params: sessionParam, query: langQuery },
      responses: { 200: html('The checkout page'), ...sandboxPages },
    }),
    async (c) => sendSandbox(c, await renderSandboxCheckout(c.get('deps'), c.req.param('sessionId'), publicOrigin(c), localeOf(c))),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{sessionId}',
      tags: ['Development'],
      security: [],
      summary: 'The checkout page’s form post: drives the same signed webhook path as a real gateway',
      request: {
        params: sessionParam,
        query: langQuery,
        // Read by the handler (an unknown action is a 400 page, not the JSON error body): documented only.
        body: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object' as const,
                properties: { action: { type: 'string' as const, enum: [...SANDBOX_ACTIONS] } },
                required: ['action'],
              },
            },
          },
        },
      },
      responses: {
        200: html('A page saying what happened'),
        303: {
          description: 'Back to the app’s payment success or cancel page (or to this page after Renew / Lapse)',
          headers: { Location: { schema: { type: 'string' as const } } },
        },
        ...sandboxPages,
      },
    }),
    async (c) => {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const action = typeof form.action === 'string' ? form.action : undefined;
      const source = {
        origin: c.req.header('origin'),
        fetchSite: c.req.header('sec-fetch-site'),
        ownOrigins: [new URL(c.req.url).origin, publicOrigin(c)],
      };
      return sendSandbox(
        c,
        await submitSandboxCheckout(c.get('deps'), c.req.param('sessionId'), action, source, publicOrigin(c), localeOf(c)),
      );
    },
  );
