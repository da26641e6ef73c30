import { createRoute } from '@hono/zod-openapi';
import { creditSystemConfigUpdate } from '../contract/admin';
import { creditSystemConfigBody } from '../contract/responses/public';
import { adminOnly, createRouter, errors, jsonBody, okJson } from '../http/openapi';
import { readCreditSystemConfig, updateCreditSystemConfig } from '../services/config/credit-system-config';

const tags = ['Admin'];
const read = createRoute({
  method: 'get',
  path: '/credit-system-config',
  tags,
  ...adminOnly,
  summary: 'Credit system configuration (admins)',
  responses: { 200: okJson(creditSystemConfigBody, 'The configuration'), ...errors(403) },
});
const update = createRoute({
  method: 'put',
  path: '/credit-system-config',
  tags,
  ...adminOnly,
  summary: 'Change the credit system configuration (admins)',
  request: { body: jsonBody(creditSystemConfigUpdate) },
  responses: { 200: okJson(creditSystemConfigBody, 'The configuration after the change'), ...errors(403) },
});

export const adminRoutes = createRouter()
  .openapi(read, async (c) => c.json({ success: true as const, data: await readCreditSystemConfig(c.get('deps').db) }, 200))
  .openapi(update, async (c) =>
    c.json({ success: true as const, data: await updateCreditSystemConfig(c.get('deps'), c.req.valid('json')) }, 200),
  );
