import { ServiceError } from '../../contract/errors';
import { EDIT_PROMPT_REQUIRED } from '../../contract/generation';
import { compileToolPrompt, idPhotoPixels, toolById, toolInputSchema, type ToolId, type ToolInputs } from '../../contract/tools';
import { validateValue } from '../../lib/validate';
import { resolveFaceSwapRequest } from './face-swap-request';

export interface ResolvedToolRequest {
  prompt: string;
  style: string | undefined;
  /** The tool's validated inputs, handed to the engine as its parameters (e.g. ID photo size and colour). */
  params: Record<string, string>;
  /** Output size fixed by the tool (ID photo), else undefined (the photo's own). */
  size?: { width: number; height: number };
}

/**
 * A generation request as the server will run it (issue 14): for a catalogue tool, its own inputs are
 * validated by the catalogue (a wrong one is a 400 naming the field) and the prompt is compiled here,
 * never trusted from the page; the tool's style wins. Without a tool, the client's prompt is required.
 */
export function resolveToolRequest(
  request: { toolId?: ToolId; prompt?: string; style?: string },
  fields: Record<string, unknown>,
): ResolvedToolRequest {
  const tool = request.toolId ? toolById(request.toolId) : undefined;
  if (tool?.id === 'face-swap') return resolveFaceSwapRequest('edit', 'form', fields);
  if (!tool || tool.prompt.strategy === 'custom') {
    const prompt = request.prompt?.trim();
    if (!prompt) throw new ServiceError('VALIDATION_FAILED', EDIT_PROMPT_REQUIRED, { field: 'prompt' });
    return { prompt, style: tool?.style ?? request.style, params: {} };
  }
  const inputs = validateValue('form', toolInputSchema(tool), fields) as ToolInputs;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(inputs)) if (typeof value === 'string' && value !== '') params[key] = value;
  return {
    prompt: compileToolPrompt(tool, inputs),
    style: tool.style,
    params,
    size: tool.id === 'id-photo-generation' ? idPhotoPixels(inputs.size) : undefined,
  };
}

/**
 * POST /generate-image with a template tool and its own words (`extra`, e.g. the logo description):
 * the server compiles the prompt. Without `extra` the request is the older shape, whose `prompt`
 * the page already compiled, and is run as sent.
 */
export function resolveTextToImageTool<T extends { toolId?: ToolId; prompt: string; style: string; extra?: string; options?: unknown }>(
  request: T,
): T {
  if (request.toolId === 'face-swap') {
    const resolved = resolveFaceSwapRequest('generate', 'json', request);
    return { ...request, prompt: resolved.prompt, style: resolved.style ?? request.style };
  }
  if (!request.toolId || request.extra === undefined) return request;
  const resolved = resolveToolRequest(request, { extra: request.extra });
  return { ...request, prompt: resolved.prompt, style: resolved.style ?? request.style };
}
