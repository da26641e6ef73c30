import * as z from 'zod';
import { wholeNumber } from './numbers';

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

export interface ShowcasePage {
  success: true;
  images: ShowcaseImage[];
  page: number;
  totalPages: number;
  total: number;
}
