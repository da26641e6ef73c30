import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveNode } from '@scripts/lib/node-server';
import { contentDisposition } from '@worker/services/files/file-names';
import { createTestApp, type TestApp } from '../setup/test-app';

// Stored files revalidate instead of downloading again, and save under a name that says what they are.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signIn('files-cache@example.com'));
});
afterAll(() => t.close());

async function generated(): Promise<{ url: string; jobId: string }> {
  const started = await (
    await t.request('/api/generate-image', {
      method: 'POST',
      token,
      json: { prompt: 'a lighthouse at dawn', style: 'realistic', width: 512, height: 512, model: 'nano' },
    })
  ).json();
  await t.drainJobs();
  const done = await (await t.request(`/api/generate-image/status/${started.id}`, { token })).json();
  return { url: done.imageUrl, jobId: started.id };
}

describe('GET /api/files/*', () => {
  it('carries a strong ETag and Last-Modified, and answers 304 to a current copy', async () => {
    const { url, jobId } = await generated();
    const first = await t.request(url);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const lastModified = first.headers.get('last-modified')!;
    expect(new Date(lastModified).getTime()).toBeGreaterThan(0);
    const short = jobId.slice(4, 12);
    expect(first.headers.get('content-disposition')).toMatch(
      new RegExp(`^inline; filename="text-to-image-\\d{4}-\\d{2}-\\d{2}-${short}\\.png"$`),
    );
    await first.arrayBuffer();

    const byTag = await t.request(url, { headers: { 'if-none-match': `"other", ${etag}` } });
    expect(byTag.status).toBe(304);
    expect(byTag.headers.get('etag')).toBe(etag);
    expect(await byTag.text()).toBe('');
    const byDate = await t.request(url, { headers: { 'if-modified-since': lastModified } });
    expect(byDate.status).toBe(304);
    // A tag that does not match wins over a date that would: If-None-Match decides when sent.
    const changed = await t.request(url, { headers: { 'if-none-match': '"other"', 'if-modified-since': lastModified } });
    expect(changed.status).toBe(200);
    const older = await t.request(url, { headers: { 'if-modified-since': new Date(Date.parse(lastModified) - 1000).toUTCString() } });
    expect(older.status).toBe(200);
    // The 304 is only for who may read the file.
    expect((await t.request(url.split('?')[0]!, { headers: { 'if-none-match': etag } })).status).toBe(404);
  });

  it('the data export downloads under the name its answer gives', async () => {
    await t.request('/api/account/export', { method: 'POST', token });
    await t.drainJobs();
    const done = (await (await t.request('/api/account/export', { token })).json()).export;
    expect(done.fileName).toMatch(/^image-studio-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const download = await t.request(done.downloadUrl);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${done.fileName}"`);
  });

  it('names a file with other characters by RFC 6266 and RFC 8187', () => {
    expect(contentDisposition('attachment', '動漫-2026.png')).toBe(
      `attachment; filename="__-2026.png"; filename*=UTF-8''%E5%8B%95%E6%BC%AB-2026.png`,
    );
    expect(contentDisposition('inline', 'a "b".png')).toBe(`inline; filename="a _b_.png"; filename*=UTF-8''a%20%22b%22.png`);
  });
});

describe('Strict-Transport-Security', () => {
  let server: ReturnType<typeof serveNode>;
  let origin: string;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hsts-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="en"><head></head><body></body></html>');
    await new Promise<void>((resolve) => {
      server = serveNode(t.app, { port: 0, hostname: '127.0.0.1', staticDir: dir, onListen: () => resolve() });
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('is sent by the SPA pages and the shared pages, as by the API', async () => {
    for (const path of ['/', '/pricing', '/s/not-a-share', '/s/not-a-share/image', '/api/health']) {
      const res = await fetch(`${origin}${path}`);
      expect(res.headers.get('strict-transport-security'), path).toBe('max-age=15552000; includeSubDomains');
      await res.arrayBuffer();
    }
  });
});
