import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { TEST_ENV } from '@tests/setup/test-app';
import { loadConfig, type ConfigInput } from '../env';
import type { AppDeps } from '../ports';
import type { AppEnv } from './hono-env';
import { publicOrigin } from './public-origin';

/** A one-route app answering publicOrigin(c), called as the Node server calls the app (socket in c.env). */
function originOf(env: ConfigInput, url: string, socket: { localPort?: number } = { localPort: 9000 }) {
  const config = loadConfig({ ...TEST_ENV, ...env });
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('deps', { config } as AppDeps);
      await next();
    })
    .get('*', (c) => c.text(publicOrigin(c)));
  return Promise.resolve(app.request(url, {}, { incoming: { socket: { remoteAddress: '127.0.0.1', ...socket } } })).then((r) => r.text());
}

describe('publicOrigin', () => {
  it('is PUBLIC_URL, without a trailing slash, whenever it is configured', async () => {
    expect(await originOf({ PUBLIC_URL: 'https://studio.example.com/' }, 'http://127.0.0.1:9000/api/x')).toBe('https://studio.example.com');
    expect(await originOf({ PUBLIC_URL: 'http://localhost:8787' }, 'http://127.0.0.1:9000/api/x')).toBe('http://localhost:8787');
  });

  it('keeps the loopback origin the page was opened on, whatever the port', async () => {
    expect(await originOf({}, 'http://127.0.0.1:9000/api/x')).toBe('http://127.0.0.1:9000');
    expect(await originOf({}, 'http://localhost:5173/api/x')).toBe('http://localhost:5173');
    expect(await originOf({}, 'http://127.1.2.3:9000/api/x')).toBe('http://127.1.2.3:9000');
    expect(await originOf({}, 'http://[::1]:9000/api/x')).toBe('http://[::1]:9000');
  });

  it('never reflects a non-loopback Host: localhost on the port the server really listens on', async () => {
    expect(await originOf({}, 'http://evil.example/api/x')).toBe('http://localhost:9000');
    expect(await originOf({}, 'http://192.168.1.20:9000/api/x')).toBe('http://localhost:9000');
    expect(await originOf({}, 'http://localhost.evil.example:9000/api/x')).toBe('http://localhost:9000');
    // No socket (Workers under wrangler dev): PORT is the best word there is.
    expect(await originOf({ PORT: '9100' }, 'http://evil.example/api/x', {})).toBe('http://localhost:9100');
  });

  it('gives request-less callers (queue, job signatures) a base on the configured port', () => {
    expect(loadConfig({ ...TEST_ENV, PORT: '9000' })).toMatchObject({ PUBLIC_URL: 'http://localhost:9000', PUBLIC_URL_EXPLICIT: false });
    expect(loadConfig({ ...TEST_ENV, PUBLIC_URL: 'https://a.example/' })).toMatchObject({
      PUBLIC_URL: 'https://a.example',
      PUBLIC_URL_EXPLICIT: true,
    });
  });
});
