import { ServiceError } from '../../contract/errors';
import type { FaceSwapMode } from '../../contract/face-swap';
import { faceSwapRequestSchema, resolveFaceSwap } from '../../contract/face-swap-request';
import type { ImageOperation, TextOperation } from '../../contract/operations';
import { toolInputSchema } from '../../contract/tool-inputs';
import { compileToolPrompt, idPhotoPixels, toolById, type ToolId, type ToolInputs } from '../../contract/tools';
import { validateValue } from '../../lib/validate';

export interface ResolvedToolRequest {
  /** What the record shows as its prompt (the words a model is sent; the engine never reads it). */
  prompt: string;
  /** The words the user typed themselves (a tool's own text, face swap's description): Re-edit starts from them. */
  userWords: string;
  style: string | undefined;
  /** What to make, as typed data: the job runs this (contract/operations.ts). */
  operation: ImageOperation;
  /** The tool's validated inputs (e.g. ID photo size and colour; face swap: the chosen options). */
  params: Record<string, string>;
  /** Output size fixed by the tool (ID photo), else undefined (the photo's own). */
  size?: { width: number; height: number };
}

/**
 * A face swap request as the server runs it: its fields validated against the option catalogue (a
 * value outside it is a 400 naming the option), the description the user approved (or compiled from
 * the text and choices), and the choices as typed data for the engine.
 */
function resolveFaceSwapRequest(
  mode: FaceSwapMode,
  target: 'form' | 'json',
  fields: { prompt?: unknown; extra?: unknown; options?: unknown },
) {
  const input = validateValue(target, faceSwapRequestSchema, { prompt: fields.prompt, extra: fields.extra, options: fields.options });
  return { ...resolveFaceSwap(mode, input), style: toolById('face-swap').style };
}

/**
 * A generation request as the server will run it: for a catalogue tool, its own inputs are validated
 * by the catalogue (a wrong one is a 400 naming the field) and it becomes a typed `tool` (or
 * `face-swap`) operation, never a prompt trusted from the page; the tool's style wins. Without a
 * tool, the client's prompt is required and the operation is a plain `edit`.
 */
export function resolveToolRequest(
  request: { toolId?: ToolId; prompt?: string; style?: string },
  fields: Record<string, unknown>,
): ResolvedToolRequest {
  const tool = request.toolId ? toolById(request.toolId) : undefined;
  if (tool?.id === 'face-swap') {
    const { prompt, description, selection, style } = resolveFaceSwapRequest('edit', 'form', fields);
    return { prompt, userWords: description, style, operation: { op: 'face-swap', description, selection }, params: selection };
  }
  if (tool?.engine !== 'photo' || tool.prompt.strategy === 'custom') {
    const prompt = request.prompt?.trim();
    if (!prompt) throw new ServiceError('VALIDATION_FAILED', 'describeEffect', { field: 'prompt' });
    return { prompt, userWords: prompt, style: tool?.style ?? request.style, operation: { op: 'edit', prompt }, params: {} };
  }
  const inputs = validateValue('form', toolInputSchema(tool), fields) as ToolInputs;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(inputs)) if (typeof value === 'string' && value !== '') params[key] = value;
  return {
    prompt: compileToolPrompt(tool, inputs),
    userWords: inputs.extra ?? '',
    style: tool.style,
    operation: { op: 'tool', toolId: tool.id as Extract<ImageOperation, { op: 'tool' }>['toolId'], params },
    params,
    size: tool.id === 'id-photo-generation' ? idPhotoPixels(inputs.size) : undefined,
  };
}

/**
 * POST /generate-image: the typed operation for the request. The logo tool's own words (`extra`) are
 * its brief; an older logo page sent its own `prompt` instead, which is then the brief. Face swap's
 * text mode is an `avatar`. Anything else is the workbench's text-to-image with the user's prompt.
 * `prompt` is what the record shows.
 */
export function resolveTextToImageTool<
  T extends { toolId?: ToolId; prompt: string; style: string; extra?: string; options?: unknown; negativePrompt?: string },
>(request: T): T & { operation: TextOperation; userWords: string } {
  if (request.toolId === 'face-swap') {
    const { prompt, description, selection, style } = resolveFaceSwapRequest('generate', 'json', request);
    return { ...request, prompt, userWords: description, style, operation: { op: 'avatar', description, selection } };
  }
  if (request.toolId === 'logo-generation') {
    const logo = toolById('logo-generation');
    if (request.extra === undefined)
      return { ...request, userWords: request.prompt, style: logo.style, operation: { op: 'logo', brief: request.prompt } };
    const inputs = validateValue('form', toolInputSchema(logo), { extra: request.extra }) as ToolInputs;
    const brief = inputs.extra ?? '';
    return { ...request, prompt: compileToolPrompt(logo, inputs), userWords: brief, style: logo.style, operation: { op: 'logo', brief } };
  }
  const operation = { op: 'text-to-image' as const, prompt: request.prompt, negativePrompt: request.negativePrompt };
  return { ...request, userWords: request.prompt, operation };
}
