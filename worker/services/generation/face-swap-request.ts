import { faceSwapRequestSchema, resolveFaceSwap, type FaceSwapMode } from '../../contract/face-swap';
import { toolById } from '../../contract/tools';
import { validateValue } from '../../lib/validate';
import type { ResolvedToolRequest } from './tool-requests';

/**
 * A face swap request as the server runs it (issue 15): its fields validated against the option
 * catalogue (a value outside it is a 400 naming the option), the prompt compiled with the mode's
 * identity-preserving prefix, the choices handed to the offline engine as its parameters.
 */
export function resolveFaceSwapRequest(
  mode: FaceSwapMode,
  target: 'form' | 'json',
  fields: { prompt?: unknown; extra?: unknown; options?: unknown },
): ResolvedToolRequest {
  const input = validateValue(target, faceSwapRequestSchema, { prompt: fields.prompt, extra: fields.extra, options: fields.options });
  const { prompt, selection } = resolveFaceSwap(mode, input);
  return { prompt, style: toolById('face-swap').style, params: selection };
}
