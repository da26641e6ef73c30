import * as z from 'zod';
import { ServiceError } from './errors';
import {
  FACE_SWAP_DESCRIPTION_MAX,
  FACE_SWAP_OPTIONS,
  FACE_SWAP_TEXT_MAX,
  cleanSelection,
  compileFaceSwapDescription,
  compileFaceSwapPrompt,
  optionsByKey,
  stripFaceSwapPrefix,
  type FaceSwapMode,
  type FaceSwapSelection,
} from './face-swap';
import { multiline } from './text';
import { encodeMessage, say } from './messages';

/** The face swap request's zod schemas, built from the option catalogue in face-swap.ts (zod-free). */

function parseJsonObject(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return {};
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * The options field as the API receives it: an object in JSON bodies, a JSON string in multipart
 * forms. Every key must be a catalogue option and every value one of its values (empty = not chosen);
 * a bad value is a 400 naming the option (`options.hair_color`), an unknown key one naming `options`.
 */
export const faceSwapSelectionSchema = z.preprocess(
  parseJsonObject,
  z
    .object(
      Object.fromEntries(
        FACE_SWAP_OPTIONS.map((o) => [
          o.key,
          z
            .union([z.literal(''), z.enum(o.values.map((v) => v.value) as [string, ...string[]])], {
              error: encodeMessage(say('fieldChoice', { field: o.key, options: o.values.map((v) => v.value).join(', ') })),
            })
            .optional(),
        ]),
      ),
      { error: encodeMessage(say('faceSwapOptionsShape')) },
    )
    .loose()
    // Not `.strict()`: the 400 says the option is unknown, in words of its own.
    .superRefine((selection, ctx) => {
      for (const key of Object.keys(selection)) {
        // Named as `options`: the unknown key is the caller's own text, never repeated.
        if (!optionsByKey.has(key)) ctx.addIssue({ code: 'custom', path: [], message: 'faceSwapUnknownOption' });
      }
    }),
);

/** The face swap's own request fields (both endpoints). */
export const faceSwapRequestSchema = z.object({
  extra: multiline(z.string()).trim().max(FACE_SWAP_TEXT_MAX).optional(),
  options: faceSwapSelectionSchema.optional(),
  /** The description as approved (and perhaps edited) in the Preview modal; compiled when absent. */
  prompt: multiline(z.string())
    .trim()
    .max(FACE_SWAP_DESCRIPTION_MAX, encodeMessage(say('promptTooLong', { max: FACE_SWAP_DESCRIPTION_MAX })))
    .optional(),
});
export type FaceSwapRequest = z.infer<typeof faceSwapRequestSchema>;

/**
 * A validated face swap request as the server runs it: the prompt with the mode's prefix, and the
 * choices as the offline engine's parameters. The description is the one the user approved in the
 * Preview modal when sent, else compiled here from the text and the choices; it may not be empty.
 */
export function resolveFaceSwap(
  mode: FaceSwapMode,
  request: FaceSwapRequest,
): { prompt: string; description: string; selection: Record<string, string> } {
  const selection = cleanSelection(request.options as FaceSwapSelection | undefined);
  const description = stripFaceSwapPrefix(request.prompt ?? '') || compileFaceSwapDescription(request.extra ?? '', selection);
  if (!description) throw new ServiceError('VALIDATION_FAILED', 'faceSwapNeedsInput', { field: 'prompt' });
  return { prompt: compileFaceSwapPrompt(mode, description), description, selection };
}
