import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import { PUBLIC_PAGES } from '@worker/routes/site';
import { serveNode } from './node-server';

/**
 * What crawlers and installs ask for, served by `npm start` from the real web/public files: each with
 * its own media type, never the SPA page (the Workers assets binding serves the same files).
 */
let t: TestApp;
let server: ReturnType<typeof serveNode>;
let origin: string;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'node-server-site-'));
  cpSync('web/public', dir, { recursive: true });
  cpSync('web/index.html', join(dir, 'index.html'));
  t = await createTestApp();
  await new Promise<void>((resolve) => {
    server = serveNode(t.app, { port: 0, hostname: '127.0.0.1', staticDir: dir, onListen: () => resolve() });
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('crawler and install files', () => {
  it('robots.txt closes the API and the signed-in areas and names the absolute sitemap', async () => {
    const res = await fetch(`${origin}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).not.toMatch(/^Disallow: \/s\//m);
    expect(text).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
  });

  it('the sitemap lists every public page in both languages, each with hreflang alternates and x-default', async () => {
    const res = await fetch(`${origin}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toHaveLength(PUBLIC_PAGES.length * 2);
    expect(locs).toContain(`${origin}/pricing?lang=zh-Hant`);
    expect(locs).toContain(`${origin}/ai-tools/anime-style`);
    for (const hreflang of ['en', 'zh-Hant', 'x-default']) {
      expect(xml.split(`hreflang="${hreflang}"`).length - 1).toBe(PUBLIC_PAGES.length * 2);
    }
  });

  it('serves the manifest, its icons at their sizes, the touch icon and favicon.ico with their media types', async () => {
    const manifestRes = await fetch(`${origin}/manifest.webmanifest`);
    expect(manifestRes.headers.get('content-type')).toBe('application/manifest+json');
    const manifest = (await manifestRes.json()) as { icons: { src: string; sizes: string; purpose: string }[]; display: string };
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((icon) => icon.purpose).sort()).toEqual(['any', 'any', 'maskable']);
    for (const icon of [...manifest.icons, { src: '/apple-touch-icon.png', sizes: '180x180' }]) {
      const res = await fetch(`${origin}${icon.src}`);
      expect(res.headers.get('content-type'), icon.src).toBe('image/png');
      const { width, height } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
    const ico = await fetch(`${origin}/favicon.ico`);
    expect(ico.headers.get('content-type')).toBe('image/x-icon');
    expect(Buffer.from(await ico.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  });

  it('the page links the manifest and the touch icon', () => {
    const html = readFileSync('web/index.html', 'utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
  });
});
