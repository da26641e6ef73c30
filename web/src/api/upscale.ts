import type { UpscaleFactor } from '@worker/contract/upscale';
import { http, multipart, unwrap } from './client';
import type { UpscaleOptions, UpscaleStarted, UpscaleStatus } from './types';

/** Typed upscaler calls (spec §7 Upscale), shaped by worker/contract/responses/upscale.ts. */
export const upscaleApi = {
  /** Factors, their prices from the credit config and the input limits per factor. */
  options: (signal?: AbortSignal) => unwrap(http.GET('/api/image-upscale/options', { signal })),
  /**
   * Multipart {image, scaleFactor, faceEnhancement, fitToBudget}; the job id and the sizes it will use
   * come back at once, the image later. `fitToBudget` shrinks an image too large for the factor.
   */
  upload: (
    image: File,
    scaleFactor: UpscaleFactor,
    faceEnhancement: boolean,
    { fitToBudget = false, sourceRecordId, signal }: { fitToBudget?: boolean; sourceRecordId?: string; signal?: AbortSignal } = {},
  ) => {
    const form = new FormData();
    form.append('image', image, image.name);
    form.append('scaleFactor', String(scaleFactor));
    form.append('faceEnhancement', String(faceEnhancement));
    if (fitToBudget) form.append('fitToBudget', 'true');
    // The creation the image came from ("Upscale" on a result), so the new one links it.
    if (sourceRecordId) form.append('sourceRecordId', sourceRecordId);
    return unwrap(http.POST('/api/image-upscale/upload', { ...multipart(form), signal }));
  },
  status: (id: string, signal?: AbortSignal) => unwrap(http.GET('/api/image-upscale/status/{id}', { params: { path: { id } }, signal })),
};

export type { UpscaleFactor, UpscaleOptions, UpscaleStarted, UpscaleStatus };
