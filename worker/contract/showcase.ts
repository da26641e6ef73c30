import * as z from 'zod';
import { wholeNumber } from './numbers';

export const showcaseQuery = z.object({
  page: wholeNumber('page', 0, 10_000).default(0),
  limit: wholeNumber('limit', 1, 60).default(12),
});
