/**
 * What a generation job makes, as typed data (DESIGN.md §3.12: engine operations travel as codes
 * and typed parameters, never as prose to be parsed back). The services build one of these from a
 * validated request; the job stores it in its payload; the offline engine dispatches on `op` with an
 * exhaustive map (worker/engine/index.ts), and provider adapters compile the words a model needs from
 * it (worker/adapters/images/provider-prompt.ts). It crosses the engine service's HTTP boundary too
 * (worker/adapters/images/engine-wire.ts), so it is a wire contract: plain JSON data only.
 *
 * Zod-free; the schemas that read it back from a stored job are in operation-schemas.ts.
 */
import type { PhotoToolId } from './tools';

/** Face swap choices: option key → value, already checked against the catalogue (face-swap.ts). */
export type FaceSwapChoices = Record<string, string>;

/** Work that starts from words (POST /generate-image). */
export type TextOperation =
  /** The workbench: the user's own prompt. */
  | { op: 'text-to-image'; prompt: string; negativePrompt?: string }
  /** The logo tool: the user's description of the brand. */
  | { op: 'logo'; brief: string }
  /** Face swap's text mode: a portrait from the approved description and the chosen options. */
  | { op: 'avatar'; description: string; selection: FaceSwapChoices };

/** Work that starts from the user's uploaded photos (POST /generate-image/edit). */
export type ImageOperation =
  /** The workbench: the user's own instruction. */
  | { op: 'edit'; prompt: string }
  /** Face swap's image mode: the approved description and the chosen options. */
  | { op: 'face-swap'; description: string; selection: FaceSwapChoices }
  /** A catalogue photo tool with its validated inputs (e.g. ID photo `size`, `backgroundColor`, `extra`). */
  | { op: 'tool'; toolId: PhotoToolId; params: Record<string, string> };

export type GenerationOperation = TextOperation | ImageOperation;
export type GenerationOp = GenerationOperation['op'];

export const TEXT_OPS = ['text-to-image', 'logo', 'avatar'] as const satisfies readonly TextOperation['op'][];
export const IMAGE_OPS = ['edit', 'face-swap', 'tool'] as const satisfies readonly ImageOperation['op'][];

/** One function per operation: a table typed with this fails to compile while it misses an op. */
export type OperationTable<Ops extends GenerationOperation, R> = { [K in Ops['op']]: (op: Extract<Ops, { op: K }>) => R };

/** Calls the table's entry for `op` (the cast is the one place the union meets its table). */
export function dispatchOperation<Ops extends GenerationOperation, R>(table: OperationTable<Ops, R>, op: Ops): R {
  return (table[op.op as Ops['op']] as (op: Ops) => R)(op);
}
