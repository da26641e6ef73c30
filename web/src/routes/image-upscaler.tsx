import { createFileRoute } from '@tanstack/react-router';
import { searchParams, text } from '../lib/search-params';
import { UpscalerPage } from '../features/upscaler/upscaler-page';

export const Route = createFileRoute('/image-upscaler')({
  // imageUrl preloads a finished image ("Upscale" on a result); the page only fetches same-origin /api/files/ URLs.
  // sourceRecordId names the creation it came from, so the upscale links it (lineage).
  validateSearch: searchParams({ imageUrl: text(2000), sourceRecordId: text(64) }),
  component: function ImageUpscaler() {
    const { imageUrl, sourceRecordId } = Route.useSearch();
    return <UpscalerPage key={imageUrl ?? ''} imageUrl={imageUrl} sourceRecordId={sourceRecordId} />;
  },
});
