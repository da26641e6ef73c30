import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/setup/test-app';

/** a logo from the offline generator downloads as SVG too, the same drawing as its PNG. */
let t: TestApp;
let token: string;

beforeEach(async () => {
  t = await createTestApp();
  ({ token } = await t.signIn('brand@example.com'));
});
afterEach(() => t.close());

async function generate(json: Record<string, unknown>) {
  const res = await t.request('/api/generate-image', { method: 'POST', token, json: { width: 512, height: 512, ...json } });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  const { recordId } = body;
  await t.drainJobs();
  return recordId as string;
}

describe('GET /api/creation-records/{id}/logo.svg', () => {
  it('is the drawing the PNG was made from, as an SVG attachment with the brand name set in it', async () => {
    const recordId = await generate({ toolId: 'logo-generation', prompt: 'x', extra: '"Bean There" coffee shop', style: 'logo' });
    const status = await (await t.request(`/api/generate-image/status/${recordId}`, { token })).json();
    expect(status).toMatchObject({ status: 'COMPLETED', svgUrl: `/api/creation-records/${recordId}/logo.svg` });
    const res = await t.request(status.svgUrl, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="logo.svg"');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="512" height="512"/);
    expect(svg).toContain('<title>Bean There</title>');
    expect(svg).not.toMatch(/<script|<text|@font-face/); // outlined glyphs: nothing to run, no fonts needed

    // Rasterised, the SVG gives back the stored PNG's pixels.
    const { items: records } = await (await t.request('/api/creation-records?page=0&size=1', { token })).json();
    const png = new Uint8Array(await (await t.request(records[0].imageUrl)).arrayBuffer());
    const pixels = (bytes: Uint8Array) => sharp(bytes).resize(512, 512).removeAlpha().raw().toBuffer();
    const [fromSvg, fromPng] = await Promise.all([pixels(new TextEncoder().encode(svg)), pixels(png)]);
    let diff = 0;
    for (let i = 0; i < fromSvg.length; i++) diff += Math.abs(fromSvg[i]! - fromPng[i]!);
    expect(diff / fromSvg.length).toBeLessThan(1);
  });

  it('is a 404 for another user, for a creation that is not a logo, and a 401 without a token', async () => {
    const logo = await generate({ toolId: 'logo-generation', prompt: 'x', extra: 'a tea house in the mountains', style: 'logo' });
    const picture = await generate({ prompt: 'a red fox in the snow', style: 'realistic' });
    const other = await t.signIn('someone-else@example.com');
    expect((await t.request(`/api/creation-records/${logo}/logo.svg`, { token: other.token })).status).toBe(404);
    expect(await (await t.request(`/api/generate-image/status/${picture}`, { token })).json()).toMatchObject({ svgUrl: null });
    const notLogo = await t.request(`/api/creation-records/${picture}/logo.svg`, { token });
    expect(notLogo.status).toBe(404);
    expect((await notLogo.json()).error).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.request(`/api/creation-records/${logo}/logo.svg`)).status).toBe(401);
  });
});
