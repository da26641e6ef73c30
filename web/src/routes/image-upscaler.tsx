import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { UpscalerPage } from '../features/upscaler/upscaler-page';

export const Route = createFileRoute('/image-upscaler')({
  // imageUrl preloads a finished image ("Upscale" on a result); the page only fetches same-origin /api/files/ URLs.
  validateSearch: z.object({ imageUrl: z.string().max(2000).optional().catch(undefined) }),
  component: function ImageUpscaler() {
    const { imageUrl } = Route.useSearch();
    return <UpscalerPage key={imageUrl ?? ''} imageUrl={imageUrl} />;
  },
});
