import { stripFaceSwapPrefix } from '../contract/face-swap';
import type { ImageOperation, TextOperation } from '../contract/operations';
import { toolById } from '../contract/tools';

/**
 * Jobs stored before payloads carried a typed `operation` (decision 028) are still accepted: their
 * operation is rebuilt from their `toolId`, never by reading their prompt for what to do. What each
 * gives:
 * - a provider model gets the same words as before (the stored prompt was already compiled);
 * - the offline logo generator draws from the description inside the stored logo prompt (so an old
 *   logo's SVG download is still the drawing its PNG was made from);
 * - an old offline face swap text job draws its avatar with no options (the options were only in
 *   the prompt text, which is not parsed), still from the same description for a model.
 * Such rows are at most a job deadline old when a deploy lands, except finished logos (SVG download).
 */
export function legacyTextOperation(p: { prompt: string; negativePrompt?: string; toolId?: string }): TextOperation {
  if (p.toolId === 'logo-generation') return { op: 'logo', brief: logoBrief(p.prompt) };
  if (p.toolId === 'face-swap') return { op: 'avatar', description: stripFaceSwapPrefix(p.prompt), selection: {} };
  return { op: 'text-to-image', prompt: p.prompt, negativePrompt: p.negativePrompt };
}

/** An old edit job ran its compiled prompt on a model: it still does, as a plain edit. */
export const legacyImageOperation = (p: { prompt: string }): ImageOperation => ({ op: 'edit', prompt: p.prompt });

/** The description inside a logo prompt compiled by the logo template (fixed text before and after it). */
function logoBrief(prompt: string): string {
  const template = toolById('logo-generation').prompt;
  if (template.strategy !== 'template') return prompt;
  const [before = '', after = ''] = template.template.split('{extra}');
  let brief = prompt.trim();
  if (before.trim() && brief.startsWith(before.trim())) brief = brief.slice(before.trim().length);
  if (after.trim() && brief.endsWith(after.trim())) brief = brief.slice(0, -after.trim().length);
  brief = brief.trim();
  while (brief.endsWith('.') || brief.endsWith(',')) brief = brief.slice(0, -1).trimEnd();
  return brief || prompt;
}
