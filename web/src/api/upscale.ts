import type { UpscaleFactor, UpscaleOptions, UpscaleStarted, UpscaleStatus } from '../../../worker/contract/upscale';
import { request } from './client';

/** Typed upscaler calls (spec §7 Upscale), shaped by worker/contract/upscale.ts. */
export const upscaleApi = {
  /** Factors, their prices from the credit config and the input limits per factor. */
  options: () => request<UpscaleOptions>('/image-upscale/options'),
  /** Multipart {image, scaleFactor, faceEnhancement}; the job id comes back at once, the image later. */
  upload: (image: File, scaleFactor: UpscaleFactor, faceEnhancement: boolean, signal?: AbortSignal) => {
    const form = new FormData();
    form.append('image', image, image.name);
    form.append('scaleFactor', String(scaleFactor));
    form.append('faceEnhancement', String(faceEnhancement));
    return request<UpscaleStarted>('/image-upscale/upload', { form, signal });
  },
  status: (id: string, signal?: AbortSignal) => request<UpscaleStatus>(`/image-upscale/status/${encodeURIComponent(id)}`, { signal }),
};

export type { UpscaleFactor, UpscaleOptions, UpscaleStarted, UpscaleStatus };
