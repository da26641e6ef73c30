import { connect, type AddressInfo } from 'node:net';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import { serveNode } from '../scripts/lib/node-server';

/** The body limit through the Node server: declared, chunked and undeclared bodies, and a client that lies. */
let t: TestApp;
let server: ServerType;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  server = serveNode(t.app, { port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const SEND_CODE = '/api/auth/login/send-code';
const overLimit = JSON.stringify({ email: 'a@b.co', pad: 'x'.repeat(1_100_000) });

/**
 * Sends a request head on one connection, then, once the server has answered it, bytes that would
 * be a body had the head declared one. Returns the first answer.
 */
function answerToHead(head: string, after: string): Promise<string> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let text = '';
    let sent = false;
    socket.on('data', (chunk) => {
      text += chunk;
      if (sent || !text.includes('\r\n\r\n') || !text.includes('}')) return;
      sent = true;
      socket.end(after);
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('body limit', () => {
  it('refuses an over-limit body with 413, with a content-length or chunked', async () => {
    const declared = await fetch(`${base}${SEND_CODE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: overLimit,
    });
    expect(declared.status).toBe(413);
    const chunked = await fetch(`${base}${SEND_CODE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([overLimit]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await chunked.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a request that declares no body is read as bodiless, whatever bytes follow it', async () => {
    for (const declared of ['content-length: 0\r\n', '']) {
      const head = `POST ${SEND_CODE} HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\n${declared}\r\n`;
      const answer = await answerToHead(head, overLimit);
      // The app's answer to an empty body, not a 413: the bytes after it were never this request's body.
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
      expect(answer).toMatch(/"code":"MALFORMED_JSON"/);
    }
  });

  it('an in-process request carrying a body with no length headers still meets the limit', async () => {
    expect((await t.request(SEND_CODE, { method: 'POST', json: JSON.parse(overLimit) })).status).toBe(413);
  });
});
