import { createRoute } from '@hono/zod-openapi';
import { showcaseQuery } from '../contract/showcase';
import { PAGED_LIST } from '../contract/responses/common';
import { showcasePageBody } from '../contract/responses/public';
import { createRouter, okJson } from '../http/openapi';
import { listShowcase } from '../services/showcase/showcase';
import { notModified, sendPublicRead } from './public';

const images = createRoute({
  method: 'get',
  path: '/images',
  tags: ['Public'],
  summary: 'Showcase gallery page (cached)',
  description: `${PAGED_LIST} Here the list is \`images\` (the spec's name) in place of \`items\`, and \`size\` is the query's \`limit\`.`,
  request: { query: showcaseQuery },
  responses: { 200: okJson(showcasePageBody, 'One page of the gallery'), 304: notModified },
});

export const showcaseRoutes = createRouter().openapi(images, (c) => {
  const query = c.req.valid('query');
  return sendPublicRead(c, `showcase:${query.page}:${query.limit}`, () => listShowcase(c.get('deps').db, query));
});
