import type { GenerationStatus } from '../../../../worker/contract/generation';
import { request } from '../../api/client';

/** Face swap's two calls (spec §7): POST /generate-image (text mode) and /generate-image/edit (image mode). */
export const faceSwapApi = {
  generate: (body: {
    prompt: string;
    extra: string;
    options: Record<string, string>;
    model: string;
    style: string;
    width: number;
    height: number;
  }) => request<GenerationStatus>('/generate-image', { json: { ...body, toolId: 'face-swap' } }),
  edit: (fields: { prompt?: string; extra: string; options: Record<string, string>; model: string; style: string }, photo: File) => {
    const form = new FormData();
    form.append('toolId', 'face-swap');
    form.append('model', fields.model);
    form.append('style', fields.style);
    form.append('extra', fields.extra);
    form.append('options', JSON.stringify(fields.options));
    if (fields.prompt) form.append('prompt', fields.prompt);
    form.append('images', photo, photo.name);
    return request<GenerationStatus>('/generate-image/edit', { form });
  },
  models: () => request<{ models: Record<string, { available: boolean }> }>('/generate-image/models'),
};
