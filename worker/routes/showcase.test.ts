import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/showcase/images', () => {
  it('answers the envelope’s fields with the list once, under the spec’s name', async () => {
    const body = await (await t.request('/api/showcase/images?page=0&limit=5')).json();
    expect(Object.keys(body).sort()).toEqual(['images', 'page', 'size', 'success', 'total', 'totalPages']);
    expect(body).toMatchObject({ success: true, page: 0, size: 5, totalPages: Math.ceil(body.total / 5) });
    expect(body.images).toHaveLength(Math.min(5, body.total));
    expect(Object.keys(body.images[0]).sort()).toEqual(
      ['description', 'featured', 'height', 'id', 'imageUrl', 'prompt', 'style', 'title', 'width'].sort(),
    );
  });

  it('a page past the end has no images and the same total', async () => {
    const first = await (await t.request('/api/showcase/images?page=0&limit=12')).json();
    const past = await (await t.request(`/api/showcase/images?page=${first.totalPages}&limit=12`)).json();
    expect(past).toMatchObject({ images: [], total: first.total, totalPages: first.totalPages, page: first.totalPages });
  });
});
