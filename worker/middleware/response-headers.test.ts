import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { expect, it } from 'vitest';
import { API_SECURITY_HEADERS } from './response-headers';

it("sets exactly the headers hono's secureHeaders() sets with its defaults", async () => {
  const app = new Hono().use(secureHeaders()).get('/', (c) => c.text('ok'));
  const expected = Object.fromEntries((await app.request('/')).headers);
  delete expected['content-type'];
  expect(API_SECURITY_HEADERS).toEqual(expected);
});
