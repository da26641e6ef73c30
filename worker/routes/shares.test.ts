import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@db/client';
import { pngFile } from '@tests/fixtures/images';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import { SHARED_VIEWS_PER_IP } from '../contract/shares';

// One app for the file: the real offline engine upscales small images (fast) to make finished creations.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const upscale = async (token: string, fields: Record<string, string> = {}) => {
  const form = new FormData();
  form.append('image', await pngFile('in.png', 32, 24));
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return t.request('/api/image-upscale/upload', { method: 'POST', token, body: form });
};
/** A finished creation of the user's (an upscale), by record id. */
const finishedCreation = async (token: string, fields: Record<string, string> = {}) => {
  const res = await upscale(token, fields);
  expect(res.status).toBe(200);
  const { id } = await res.json();
  await t.drainJobs();
  const status = await (await t.request(`/api/image-upscale/status/${id}`, { token })).json();
  expect(status.status).toBe('COMPLETED');
  return status.recordId as string;
};
const balanceOf = async (token: string) => (await (await t.request('/api/credits/balance', { token })).json()).available as number;
const share = (token: string, id: string, includePrompt = false) =>
  t.request(`/api/creation-records/${id}/share`, { method: 'PUT', token, json: { includePrompt } });

describe('share links', () => {
  it('shares a creation as a signed-out page with Open Graph tags and nothing of the account; revoking 404s it', async () => {
    const owner = await t.signIn('sharer@example.com');
    const recordId = await finishedCreation(owner.token);
    expect(await (await t.request(`/api/creation-records/${recordId}/share`, { token: owner.token })).json()).toEqual({
      success: true,
      share: null,
    });

    const res = await share(owner.token, recordId);
    expect(res.status).toBe(200);
    const { share: link } = await res.json();
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(link.url).toBe(`http://localhost:${t.deps.config.PORT}/s/${link.token}`);
    expect(link.imageUrl).toBe(`${link.url}/image`);
    // Sharing again keeps the link; the prompt switch changes in place.
    const again = await (await share(owner.token, recordId, true)).json();
    expect(again.share).toMatchObject({ token: link.token, includePrompt: true });

    const page = await t.request(`/s/${link.token}`, { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain(`<meta property="og:image" content="${link.imageUrl}">`);
    expect(html).toMatch(/<meta property="og:title" content="Image upscaler · AI-generated image · Image Studio">/);
    expect(html).toMatch(/<meta property="og:description" content="[^"]+">/);
    expect(html).toContain('name="twitter:card" content="summary_large_image"');
    expect(html).toContain('AI-generated');
    expect(html).toContain('href="/"');
    // Nothing of the account: no e-mail, user id, record id or stored file key.
    for (const secret of [owner.user.email, owner.user.id, recordId, '/api/files', 'users/']) expect(html).not.toContain(secret);

    const image = await t.request(`/s/${link.token}/image`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    const zh = await (await t.request(`/s/${link.token}`, { headers: { 'accept-language': 'zh-TW,zh;q=0.9' } })).text();
    expect(zh).toContain('<html lang="zh-Hant">');
    expect(zh).toContain('AI 生成');
    expect(zh).toContain('圖片放大');

    const revoked = await t.request(`/api/creation-records/${recordId}/share`, { method: 'DELETE', token: owner.token });
    expect(await revoked.json()).toEqual({ success: true, revoked: true });
    expect((await t.request(`/s/${link.token}`)).status).toBe(404);
    expect((await t.request(`/s/${link.token}/image`)).status).toBe(404);
    // Sharing anew mints a new link; the old one stays dead.
    const fresh = await (await share(owner.token, recordId)).json();
    expect(fresh.share.token).not.toBe(link.token);
    expect((await t.request(`/s/${link.token}`)).status).toBe(404);
    expect((await t.request(`/s/${fresh.share.token}`)).status).toBe(200);
  }, 90_000);

  it('shows the prompt only when the owner chose to', async () => {
    const owner = await t.signIn('prompt-sharer@example.com');
    const recordId = await finishedCreation(owner.token);
    // An upscale has no words of its own; give the record some to show.
    await t.deps.db
      .update(schema.creationRecords)
      .set({ userWords: 'a <b>fox</b> in snow' })
      .where(eq(schema.creationRecords.id, recordId));
    const { share: hidden } = await (await share(owner.token, recordId, false)).json();
    expect(await (await t.request(`/s/${hidden.token}`)).text()).not.toContain('fox');
    await share(owner.token, recordId, true);
    const html = await (await t.request(`/s/${hidden.token}`)).text();
    expect(html).toContain('a &lt;b&gt;fox&lt;/b&gt; in snow');
    expect(html).not.toContain('<b>fox');
  }, 90_000);

  it("404s another user's creation on every share endpoint, and unknown tokens", async () => {
    const owner = await t.signIn('owner-a@example.com');
    const other = await t.signIn('other-b@example.com');
    const recordId = await finishedCreation(owner.token);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await t.request(`/api/creation-records/${recordId}/share`, {
        method,
        token: other.token,
        ...(method === 'PUT' ? { json: { includePrompt: true } } : {}),
      });
      expect(res.status, method).toBe(404);
    }
    expect((await t.request(`/api/creation-records/${recordId}`, { token: other.token })).status).toBe(404);
    expect((await t.request('/s/AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await t.request('/s/not-a-token/image')).status).toBe(404);
  }, 90_000);

  it('a deleted creation or a deleted account makes its link 404', async () => {
    const owner = await t.signIn('deleter@example.com');
    const first = await finishedCreation(owner.token);
    const second = await finishedCreation(owner.token);
    const a = (await (await share(owner.token, first)).json()).share.token;
    const b = (await (await share(owner.token, second)).json()).share.token;
    expect((await t.request(`/api/creation-records/${first}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    expect((await t.request(`/s/${a}`)).status).toBe(404);
    expect(await t.deps.db.select().from(schema.creationShares).where(eq(schema.creationShares.token, a))).toEqual([]);
    expect((await t.request(`/s/${b}`)).status).toBe(200);
    await t.deps.db.update(schema.users).set({ deletedAt: new Date() }).where(eq(schema.users.id, owner.user.id));
    expect((await t.request(`/s/${b}`)).status).toBe(404);
    expect((await t.request(`/s/${b}/image`)).status).toBe(404);
  }, 90_000);

  it('rate-limits shared pages and images per client address with a 429 and Retry-After', async () => {
    const ip = '198.51.100.23';
    for (let i = 0; i < SHARED_VIEWS_PER_IP.limit; i++) expect((await t.request('/s/AAAAAAAAAAAAAAAAAAAAAAAB', { ip })).status).toBe(404);
    const limited = await t.request('/s/AAAAAAAAAAAAAAAAAAAAAAAB', { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.text()).toContain('Too many requests');
    expect((await t.request('/s/AAAAAAAAAAAAAAAAAAAAAAAB/image', { ip })).status).toBe(429);
    // Another address is not affected.
    expect((await t.request('/s/AAAAAAAAAAAAAAAAAAAAAAAB', { ip: '198.51.100.24' })).status).toBe(404);
  }, 90_000);
});

describe('lineage', () => {
  it('links an upscale to the creation it came from, both ways, and refuses another user’s source before any debit', async () => {
    const owner = await t.signIn('lineage@example.com');
    const other = await t.signIn('lineage-other@example.com');
    const source = await finishedCreation(owner.token);
    const derived = await finishedCreation(owner.token, { sourceRecordId: source });
    const grandchild = await finishedCreation(owner.token, { sourceRecordId: derived });

    const detail = await (await t.request(`/api/creation-records/${grandchild}`, { token: owner.token })).json();
    expect(detail.record.id).toBe(grandchild);
    expect(detail.sources.map((s: { id: string }) => s.id)).toEqual([derived, source]);
    expect(detail.sources[0]).toMatchObject({ type: 'UPSCALED_IMAGE', status: 'COMPLETED', thumbnail: expect.stringMatching(/\?exp=/) });
    const root = await (await t.request(`/api/creation-records/${source}`, { token: owner.token })).json();
    expect(root.sources).toEqual([]);
    expect(root.derived.map((s: { id: string }) => s.id)).toEqual([derived]);

    const before = await balanceOf(other.token);
    const refused = await upscale(other.token, { sourceRecordId: source });
    expect(refused.status).toBe(404);
    expect((await refused.json()).error).toMatchObject({ code: 'NOT_FOUND', field: 'sourceRecordId' });
    expect(await balanceOf(other.token)).toBe(before);
    const blank = await upscale(owner.token, { sourceRecordId: '' });
    expect(blank.status).toBe(400);
    expect((await blank.json()).error.field).toBe('sourceRecordId');

    // An edit (the workbench's Re-edit) links its source the same way, and refuses another user's.
    const edit = async (token: string, sourceRecordId: string) => {
      const form = new FormData();
      form.append('images', await pngFile('in.png', 64, 64));
      form.append('prompt', 'make it warmer');
      form.append('sourceRecordId', sourceRecordId);
      return t.request('/api/generate-image/edit', { method: 'POST', token, body: form });
    };
    const foreignEdit = await edit(other.token, source);
    expect(foreignEdit.status).toBe(404);
    expect((await foreignEdit.json()).error.field).toBe('sourceRecordId');
    const ownEdit = await edit(owner.token, source);
    expect(ownEdit.status).toBe(200);
    const { recordId: edited } = await ownEdit.json();
    const withEdit = await (await t.request(`/api/creation-records/${source}`, { token: owner.token })).json();
    expect(withEdit.derived.map((s: { id: string }) => s.id)).toEqual([derived, edited]);
    await t.drainJobs();

    // A deleted source drops out of the chain.
    expect((await t.request(`/api/creation-records/${derived}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    const after = await (await t.request(`/api/creation-records/${grandchild}`, { token: owner.token })).json();
    expect(after.sources).toEqual([]);
  }, 120_000);
});
