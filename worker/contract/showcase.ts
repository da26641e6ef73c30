import * as z from 'zod';

export const showcaseQuery = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(60).default(12),
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
