import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import { pickEncoding, serveNode, varyOnEncoding } from './node-server';

/** the Node server sends the build's precompressed files, hashed assets cached for good, the shell revalidated. */
let t: TestApp;
let server: ReturnType<typeof serveNode>;
let port: number;
let dir: string;
const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const html = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<p>shell</p>'.repeat(100)}</body></html>`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'node-server-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, 'assets/index-abc123.js'), js);
  writeFileSync(join(dir, 'assets/index-abc123.js.br'), brotliCompressSync(js));
  writeFileSync(join(dir, 'assets/index-abc123.js.gz'), gzipSync(js));
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp();
  await new Promise<void>((resolve) => {
    server = serveNode(t.app, { port: 0, hostname: '127.0.0.1', staticDir: dir, onListen: () => resolve() });
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

function get(path: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('compressed, cached static files', () => {
  it('hashed assets: brotli when accepted, else gzip, else plain; immutable either way', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(js);
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(js);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(js);
    expect(String(plain.headers['content-type'])).toMatch(/javascript/);
  });

  it('the SPA shell (/, deep links) is compressed and always revalidated', async () => {
    for (const path of ['/', '/pricing', '/ai-tools/anime-style']) {
      const res = await get(path, 'br');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.body).toString()).toBe(html);
    }
    expect((await get('/', 'gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('/')).body.toString()).toBe(html);
  });

  it('other public files are cached for a day', async () => {
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('API JSON over 1 KB is gzipped for a client that accepts it', async () => {
    const res = await get('/api/showcase/images?limit=12', 'gzip, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.body).toString()).success).toBe(true);
  });

  it('a cached public read: gzip compressed once for every client that takes it, plain for one that does not', async () => {
    const path = '/api/showcase/images?page=0&limit=10';
    const first = await get(path);
    const [gz, again, refused, plain] = [
      await get(path, 'gzip, br'),
      await get(path, 'br;q=1, gzip'),
      await get(path, 'gzip;q=0'),
      await get(path),
    ];
    for (const res of [gz, again]) {
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.body).toString()).toBe(first.body.toString());
      expect(res.headers.etag).toBe(first.headers.etag);
      expect(res.headers.vary).toBe('accept-language, accept-encoding');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    expect(again.body.equals(gz.body)).toBe(true);
    for (const res of [refused, plain]) {
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.toString()).toBe(first.body.toString());
      expect(res.headers['content-length']).toBe(String(first.body.length));
    }
    const revalidated = await new Promise<number>((resolve, reject) =>
      httpRequest(
        { host: '127.0.0.1', port, path, headers: { 'if-none-match': String(first.headers.etag), 'accept-encoding': 'gzip' } },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      )
        .on('error', reject)
        .end(),
    );
    expect(revalidated).toBe(304);
  });

  it('a small API answer says Vary: Accept-Encoding once, compressed or not', async () => {
    const plain = await get('/api/health');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const gz = await get('/api/health', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(gunzipSync(gz.body).toString()).status).toBe(JSON.parse(plain.body.toString()).status);
  });

  it('marks on the answer itself only the answers compress would mark', () => {
    const json = (headers: Record<string, string> = {}, status = 200) =>
      new Response('{}', { status, headers: { 'content-type': 'application/json', ...headers } });
    const varyOf = (answer: Response, method = 'POST') => {
      varyOnEncoding(answer, method);
      return answer.headers.get('vary');
    };
    expect(varyOf(json())).toBe('Accept-Encoding');
    expect(varyOf(json({ vary: 'Accept-Language' }))).toBe('Accept-Language, Accept-Encoding');
    expect(varyOf(json({ vary: 'accept-language, accept-encoding' }))).toBe('accept-language, accept-encoding');
    expect(varyOf(json({ vary: '*' }))).toBe('*');
    expect(varyOf(json(), 'HEAD')).toBeNull();
    expect(varyOf(json({ 'content-encoding': 'gzip' }))).toBeNull();
    expect(varyOf(json({ 'content-length': '2' }))).toBeNull();
    expect(varyOf(json({ 'cache-control': 'private, no-transform' }))).toBeNull();
    expect(varyOf(json({}, 206))).toBeNull();
    expect(varyOf(new Response(new Uint8Array(4), { headers: { 'content-type': 'image/png' } }))).toBeNull();
  });

  it('reads Accept-Encoding with q-values', () => {
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pickEncoding('br;q=0.5')).toBe('br');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
