import * as z from 'zod';
import { CREATION_TYPES } from './creation-types';
import { decimalNumber, wholeNumber } from './numbers';
import { multiline } from './text';
import { HEX_COLOUR, ID_PHOTO_SIZE_IDS, TOOL_IDS } from './tools';
import { OPTION_DEFAULTS, OPTION_LIMITS, SAMPLERS } from './generation-options';
import { sourceRecordIdField } from './lineage';

/** Spec §3: styles, sizes, models. Shared by the API and the workbench. */
export const STYLES = ['realistic', 'artistic', 'anime', 'cartoon', 'abstract'] as const;
export type Style = (typeof STYLES)[number];

// Zod-free, so the web app imports the sizes without building this module's schemas.
export { SIZES } from './sizes';

export const MODELS = ['nano', 'gemini', 'gemini-enhanced'] as const;
export type ModelName = (typeof MODELS)[number];

// The tool catalogue (ids, record types, templates, inputs) lives in ./tools; re-exported for old importers.
export { TOOL_IDS, TOOL_RECORD_TYPE, type ToolId } from './tools';

export { PROMPT_MAX, RECORD_SEARCH_MAX } from './sizes';
import { PROMPT_MAX, RECORD_SEARCH_MAX } from './sizes';
import { encodeMessage, say } from './messages';
// Upload types and limits are zod-free data (the SPA's upload pages import them); re-exported here.
export { UPLOAD } from './uploads';

/** The workbench and tool pages send style names outside the five (logo, id-photo, restoration…). */
const styleField = z.string().trim().max(40).default('realistic');
const dimension = (name: string) => wholeNumber(name, 256, 2048);
const PROMPT_TOO_LONG = encodeMessage(say('promptTooLong', { max: PROMPT_MAX }));
const seed = wholeNumber('seed', OPTION_LIMITS.seed.min, OPTION_LIMITS.seed.max);
const negativePrompt = multiline(z.string()).trim().max(OPTION_LIMITS.negativePromptMax);
const steps = wholeNumber('steps', OPTION_LIMITS.steps.min, OPTION_LIMITS.steps.max).default(OPTION_DEFAULTS.steps);
const cfgScale = (fallback: number) => decimalNumber('cfgScale', OPTION_LIMITS.cfgScale.min, OPTION_LIMITS.cfgScale.max).default(fallback);
const sampler = z.enum(SAMPLERS);
/** Variations: images made in one run, each with its own seed; priced count × the per-image cost. */
const count = wholeNumber('count', OPTION_LIMITS.count.min, OPTION_LIMITS.count.max).default(OPTION_DEFAULTS.count);
export { GENERATION_OPTIONS, OPTION_DEFAULTS, OPTION_LIMITS, SAMPLERS, type GenerationOption } from './generation-options';

export const textToImageRequest = z.object({
  prompt: multiline(z.string({ error: 'promptRequired' }))
    .trim()
    .min(1, 'promptRequired')
    .max(PROMPT_MAX, PROMPT_TOO_LONG),
  style: styleField,
  width: dimension('width').default(1024),
  height: dimension('height').default(1024),
  model: z.enum(MODELS).default('nano'),
  updateRecordId: z.string().trim().min(1).max(64).optional(),
  negativePrompt: negativePrompt.optional(),
  steps,
  cfgScale: cfgScale(OPTION_DEFAULTS.cfgScaleTextToImage),
  sampler: sampler.optional(),
  seed: seed.optional(),
  count,
  toolId: z.enum(TOOL_IDS).optional(),
  /** A catalogue tool's own words (logo description); the server compiles the prompt from them. */
  extra: multiline(z.string()).trim().max(2000).optional(),
  /** Face swap's chosen options (contract/face-swap.ts validates them against its catalogue). */
  options: z.record(z.string().max(64), z.string().max(64)).optional(),
});
export type TextToImageRequest = z.infer<typeof textToImageRequest>;

/** Multipart fields of POST /generate-image/edit, after the files are taken out. */
/**
 * `prompt` may be absent when `toolId` names a catalogue tool with a template: the server compiles
 * the prompt from the tool's inputs (contract/tools.ts). Otherwise the route requires it.
 */
export const editRequest = z.object({
  prompt: multiline(z.string()).trim().max(PROMPT_MAX, PROMPT_TOO_LONG).optional(),
  style: styleField,
  updateRecordId: z.string().trim().min(1).max(64).optional(),
  toolId: z.enum(TOOL_IDS).optional(),
  negativePrompt: negativePrompt.optional(),
  width: dimension('width').optional(),
  height: dimension('height').optional(),
  seed: seed.optional(),
  /** How far the result may move from the source: 0 keeps it, 1 lets the edit replace it. Absent: the engine's own default. */
  strength: decimalNumber('strength', OPTION_LIMITS.strength.min, OPTION_LIMITS.strength.max).optional(),
  steps,
  cfgScale: cfgScale(OPTION_DEFAULTS.cfgScaleEdit),
  sampler: sampler.optional(),
  count,
  model: z.enum(MODELS).default('nano'),
  /** The creation the first image came from (Re-edit from My creations): the new one is linked to it. */
  sourceRecordId: sourceRecordIdField.optional(),
  // A tool's own inputs: listed here for the document, checked against the tool `toolId` names
  // (contract/tool-inputs.ts, with its default when absent).
  size: z
    .string()
    .meta({ enum: [...ID_PHOTO_SIZE_IDS], description: 'The ID photo size (toolId id-photo-generation)' })
    .optional(),
  backgroundColor: z
    .string()
    .meta({ pattern: HEX_COLOUR.source, description: 'The background colour, #rrggbb (toolId id-photo-generation)' })
    .optional(),
});
export type EditRequest = z.infer<typeof editRequest>;

// The record types live in a zod-free module (the DB enum and the SPA import them); re-exported here.
export { CREATION_TYPES, type CreationType } from './creation-types';

/**
 * An instant a list is filtered by (ISO 8601 with an offset). Bounded to the years PostgreSQL and the
 * page both read the same way: `0000-01-01T00:00:00Z` passed the format check and PostgreSQL refused
 * year 0 with a 500; year 10000 is read as a time-zone offset. The bound is checked on the instant
 * itself, so `0001-01-01T00:00:00+01:00` (year 0 in UTC) is refused too.
 */
const INSTANT_FIRST = Date.parse('1970-01-01T00:00:00Z');
const INSTANT_LAST = Date.parse('3000-01-01T00:00:00Z');
function instantFilter(field: string) {
  return z.iso
    .datetime({ offset: true, error: encodeMessage(say('fieldInvalid', { field })) })
    .refine((s) => Date.parse(s) >= INSTANT_FIRST && Date.parse(s) < INSTANT_LAST, {
      message: encodeMessage(say('dateOutOfRange', { field })),
    });
}

const RECORD_STATUSES = ['PROCESSING', 'COMPLETED', 'FAILED'] as const;
const recordsFields = z.object({
  page: wholeNumber('page', 0, 100_000).default(0),
  size: wholeNumber('size', 1, 100).default(20),
  status: z
    .string()
    .meta({ enum: [...RECORD_STATUSES], description: 'Letter case is ignored' })
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(RECORD_STATUSES))
    .optional(),
  /** My creations' filter by kind of creation, e.g. UPSCALED_IMAGE. */
  type: z
    .string()
    .meta({ enum: [...CREATION_TYPES], description: 'Letter case is ignored' })
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(CREATION_TYPES))
    .optional(),
  /** Words of the prompt or of the user's own text, in any language (case-insensitive, as typed). */
  q: z.string().trim().min(1).max(RECORD_SEARCH_MAX).optional(),
  /** Made at or after this instant (the page sends the start of the chosen day in the user's time zone). */
  createdFrom: instantFilter('createdFrom').optional(),
  /** Made before this instant (the start of the day after the chosen last day). */
  createdBefore: instantFilter('createdBefore').optional(),
});
export const recordsQuery = recordsFields.refine(
  (q) => !q.createdFrom || !q.createdBefore || Date.parse(q.createdFrom) <= Date.parse(q.createdBefore),
  {
    message: encodeMessage(say('rangeReversed', { field: 'createdFrom', other: 'createdBefore' })),
    path: ['createdFrom'],
  },
);
/** The stats' filter: the kind of creation only. */
export const recordsTypeQuery = recordsFields.pick({ type: true });

export type JobStatus = 'PROCESSING' | 'COMPLETED' | 'FAILED';

/** Spec §8 classification categories. */
export const ERROR_CATEGORIES = [
  'content_policy',
  'safety_policy',
  'recitation',
  'rate_limit',
  'credits',
  'no_image',
  'prompt_complex',
  'timeout',
  'network_error',
  'server_error',
  'auth_error',
  'not_found',
  'api_error',
  'invalid_input',
  'missing_required',
  'unknown',
] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

const RULES: [ErrorCategory, RegExp][] = [
  ['safety_policy', /safety|unsafe|harm|nsfw/i],
  ['content_policy', /content polic|policy violation|prohibited|blocked/i],
  ['recitation', /recitation|copyright/i],
  ['credits', /insufficient credits|credit/i],
  ['rate_limit', /rate.?limit|too many requests|quota|resource.?exhausted|429/i],
  ['no_image', /no image|did not return an image|empty result/i],
  ['prompt_complex', /too complex|conflicting/i],
  ['timeout', /timed? ?out|deadline/i],
  ['network_error', /network|fetch failed|econn|socket/i],
  ['auth_error', /unauthori[sz]ed|forbidden|api key|permission|401|403/i],
  ['not_found', /not found|404/i],
  ['invalid_input', /invalid|unsupported|bad request|400/i],
  ['missing_required', /required|missing/i],
  ['server_error', /internal|server error|unavailable|5\d\d/i],
];

/** Classifies a provider or engine failure by keyword (spec §8), so the UI can show a friendly text. */
export function classifyError(message: string): ErrorCategory {
  for (const [category, pattern] of RULES) if (pattern.test(message)) return category;
  return 'unknown';
}
