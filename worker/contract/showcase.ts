import * as z from 'zod';
import { wholeNumber } from './numbers';
import type { Paged } from './pages';

export const showcaseQuery = z.object({
  page: wholeNumber('page', 0, 10_000).default(0),
  limit: wholeNumber('limit', 1, 60).default(12),
});

export interface ShowcaseImage {
  id: string;
  imageUrl: string;
  title: string;
  prompt: string;
  description: string;
  style: string | null;
  width: number;
  height: number;
  featured: boolean;
}

/** The list envelope (docs/decisions/065), `size` being the query's `limit`, plus the spec's name for the items. */
export type ShowcasePage = Paged<ShowcaseImage> & { images: ShowcaseImage[] };
