import { http, multipart, unwrap } from './client';

/** Face swap's two calls (spec §7): POST /generate-image (text mode) and /generate-image/edit (image mode). */
export const faceSwapApi = {
  generate: (body: {
    prompt: string;
    extra: string;
    options: Record<string, string>;
    model: 'nano' | 'gemini' | 'gemini-enhanced';
    style: string;
    width: number;
    height: number;
  }) => unwrap(http.POST('/api/generate-image', { body: { ...body, toolId: 'face-swap' } })),
  edit: (fields: { prompt?: string; extra: string; options: Record<string, string>; model: string; style: string }, photo: File) => {
    const form = new FormData();
    form.append('toolId', 'face-swap');
    form.append('model', fields.model);
    form.append('style', fields.style);
    form.append('extra', fields.extra);
    form.append('options', JSON.stringify(fields.options));
    if (fields.prompt) form.append('prompt', fields.prompt);
    form.append('images', photo, photo.name);
    return unwrap(http.POST('/api/generate-image/edit', multipart(form)));
  },
};
