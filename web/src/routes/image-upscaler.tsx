import { createFileRoute } from '@tanstack/react-router';
import { searchParams, text } from '../lib/search-params';
import { UpscalerPage } from '../features/upscaler/upscaler-page';

export const Route = createFileRoute('/image-upscaler')({
  // imageUrl preloads a finished image ("Upscale" on a result); the page only fetches same-origin /api/files/ URLs.
  validateSearch: searchParams({ imageUrl: text(2000) }),
  component: function ImageUpscaler() {
    const { imageUrl } = Route.useSearch();
    return <UpscalerPage key={imageUrl ?? ''} imageUrl={imageUrl} />;
  },
});
