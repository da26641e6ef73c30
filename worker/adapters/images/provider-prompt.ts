import { compileFaceSwapPrompt } from '../../contract/face-swap';
import { dispatchOperation, type GenerationOperation, type OperationTable } from '../../contract/operations';
import { compileToolPrompt, toolById } from '../../contract/tools';

/**
 * The words a generative provider (Gemini, Workers AI) is sent for an operation: providers need
 * text, so the typed operation is compiled here, at the adapter, and nowhere is it read back. The
 * English templates and face swap's identity-preserving prefix are the catalogues' (contract/tools.ts,
 * contract/face-swap.ts). One entry per operation: a new one fails to compile until it has its words.
 */
const PROVIDER_PROMPTS: OperationTable<GenerationOperation, string> = {
  'text-to-image': (op) => op.prompt,
  logo: (op) => compileToolPrompt(toolById('logo-generation'), { extra: op.brief }),
  avatar: (op) => compileFaceSwapPrompt('generate', op.description),
  edit: (op) => op.prompt,
  'face-swap': (op) => compileFaceSwapPrompt('edit', op.description),
  tool: (op) => compileToolPrompt(toolById(op.toolId), op.params),
};

export const providerPrompt = (operation: GenerationOperation): string => dispatchOperation(PROVIDER_PROMPTS, operation);

/** What the user asked to keep out of the picture (the workbench's negative prompt), if anything. */
export const negativePromptOf = (operation: GenerationOperation): string | undefined =>
  operation.op === 'text-to-image' ? operation.negativePrompt : undefined;
