/**
 * The one tool catalogue (spec §3 "Tool components"): ids, pages, inputs, prompt templates, record
 * types and which engine runs each tool. The API validates against it (tool-inputs.ts builds the
 * zod schemas), provider adapters compile their prompt from it, the job pipeline and the engine
 * dispatch by it, and the SPA draws its tool pages from it (labels and help texts are the SPA's, in
 * both languages, keyed by tool id: web/src/features/tools/catalogue.ts).
 *
 * Zod-free, runtime-agnostic plain data: imported by the Worker, the engine and the SPA. Every
 * per-tool table is a `Record<ToolId, …>` (or `Record<PhotoToolId, …>`), so a new id in TOOL_IDS
 * fails to compile until each table has its row (docs/decisions/028-one-list-per-concept.md).
 */
import type { CreationType } from './creation-types';

export const TOOL_IDS = [
  'pop-art-portrait',
  'anime-style',
  'oil-painting',
  'professional-portrait',
  'watercolor',
  'sketch',
  'cyberpunk',
  'face-swap',
  'logo-generation',
  'id-photo-generation',
  'restored-image',
] as const;
export type ToolId = (typeof TOOL_IDS)[number];

/** Tools made by a generative model or a generator of their own, not by a photo algorithm of the engine. */
export const GENERATIVE_TOOL_IDS = ['logo-generation'] as const satisfies readonly ToolId[];
/** Tools the offline engine implements as photo algorithms (worker/engine/tools: `PHOTO_TOOLS`). */
export type PhotoToolId = Exclude<ToolId, (typeof GENERATIVE_TOOL_IDS)[number]>;
export const PHOTO_TOOL_IDS = TOOL_IDS.filter((id): id is PhotoToolId => !(GENERATIVE_TOOL_IDS as readonly string[]).includes(id)) as [
  PhotoToolId,
  ...PhotoToolId[],
];

/**
 * ID photo sizes by their centimetre labels (spec §2): each is rendered at 300 DPI for the labelled
 * width AND height (cm ÷ 2.54 × 300, rounded) and its PNG states 300 DPI (`pHYs` 11811 px/m), so a
 * print lab or a photo app prints it at its label in both directions. This departs from spec §9's
 * pixel table (passport 354×472, visa 354×354, 2-inch 413×531), which matches its labels only for
 * the 1-inch size at 300 DPI and has another aspect than the passport and 2-inch labels
 * (docs/decisions/057-id-photo-pixels-from-the-label.md). Anything else is 512×512.
 */
const idSize = <C extends string>(cm: C) => {
  const [w, h] = cm.split('×').map((value) => Math.round((Number(value) / 2.54) * ID_PHOTO_DPI)) as [number, number];
  return { width: w, height: h, cm, dpi: ID_PHOTO_DPI, printCm: `${printedCm(w)}×${printedCm(h)}` };
};

/** Centimetres of `pixels` printed at `dpi`, to one decimal (the `printCm` labels). */
export function printedCm(pixels: number, dpi: number = ID_PHOTO_DPI) {
  return ((pixels / dpi) * 2.54).toFixed(1);
}
/** The resolution every ID photo is rendered and printed at, and the print sheet laid out at. */
export const ID_PHOTO_DPI = 300;
/** 1-inch 295×413, 2-inch 413×626, passport 413×531, visa 602×602 px. */
export const ID_PHOTO_SIZES = {
  oneInch: idSize('2.5×3.5'),
  twoInch: idSize('3.5×5.3'),
  passport: idSize('3.5×4.5'),
  visa: idSize('5.1×5.1'),
};

export type IdPhotoSize = keyof typeof ID_PHOTO_SIZES;
export const ID_PHOTO_SIZE_IDS = Object.keys(ID_PHOTO_SIZES) as IdPhotoSize[];
export const ID_PHOTO_FALLBACK_SIZE = { width: 512, height: 512 } as const;

/** Spec §5: ID photo background presets and default. */
export const ID_PHOTO_COLOURS = ['#ffffff', '#ff0000', '#0000ff', '#f0f0f0'] as const;
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** Spec §5 colour picker: 24 preset swatches, plus custom and clear. */
export const COLOUR_PICKER_PRESETS = [
  '#ffffff',
  '#f0f0f0',
  '#d9d9d9',
  '#808080',
  '#404040',
  '#000000',
  '#ff0000',
  '#c00000',
  '#ff7f7f',
  '#ffa500',
  '#ffd700',
  '#ffff99',
  '#00ff00',
  '#2e8b57',
  '#98fb98',
  '#00ffff',
  '#87ceeb',
  '#4682b4',
  '#0000ff',
  '#00008b',
  '#add8e6',
  '#800080',
  '#ff00ff',
  '#ffc0cb',
] as const;

/** Spec §3 tool components. `field` is the multipart/JSON field the value travels in. */
export type ToolComponent =
  | { type: 'imageUpload'; field: 'images'; required: true; acceptsGif: boolean }
  | { type: 'promptInput'; field: 'extra'; required: boolean; minLength: number; maxLength: number; suggestions?: readonly string[] }
  | {
      type: 'colorPicker';
      field: 'backgroundColor';
      required: true;
      presets: readonly string[];
      quickPresets: readonly string[];
      default: string;
    }
  | {
      type: 'parameterSelector';
      field: 'size';
      required: true;
      display: 'cards' | 'buttons' | 'dropdown';
      options: readonly string[];
      default: string;
    };

/**
 * Spec §3 prompt strategies. `template` substitutes `{extra}` (the user's own words); `custom` means
 * the page builds the whole prompt itself (face swap's option catalogue) and sends it as `prompt`.
 */
export type PromptStrategy = { strategy: 'template'; template: string } | { strategy: 'custom' };

export interface ToolDefinition<Id extends ToolId = ToolId> {
  id: Id;
  /** Page under /ai-tools/ (spec §2). */
  route: string;
  /** `photo`: the offline engine's photo algorithms (worker/engine/tools); `generative`: a model edit or text-to-image. */
  engine: Id extends PhotoToolId ? 'photo' : 'generative';
  /**
   * Where a generative model is configured (production: Gemini), a photo tool's look is better made by
   * the model from the compiled prompt; `exact` tools (ID photo pixels and colour, restoration that
   * must not invent detail) always run on the engine (docs/decisions/014).
   */
  exact: boolean;
  /** What the tool starts from: an uploaded photo (POST /generate-image/edit) or words (POST /generate-image). */
  input: 'image' | 'text';
  style: string;
  model: 'nano' | 'gemini';
  recordType: CreationType;
  prompt: PromptStrategy;
  components: readonly ToolComponent[];
}

const photoUpload = (acceptsGif = true) => ({ type: 'imageUpload', field: 'images', required: true, acceptsGif }) as const;
const optionalNotes = { type: 'promptInput', field: 'extra', required: false, minLength: 0, maxLength: 2000 } as const;

function photoTool<Id extends PhotoToolId>(
  id: Id,
  route: string,
  style: string,
  recordType: CreationType,
  template: string,
  exact = false,
): ToolDefinition<Id> {
  return {
    id,
    route,
    engine: 'photo' as ToolDefinition<Id>['engine'],
    exact,
    input: 'image',
    style,
    model: 'nano',
    recordType,
    prompt: { strategy: 'template', template },
    components: [photoUpload(), optionalNotes],
  };
}

/** Every tool, in the order the tool pages list them. */
export const TOOLS = {
  'pop-art-portrait': photoTool(
    'pop-art-portrait',
    'pop-art-portrait',
    'artistic',
    'POP_ART_PORTRAIT',
    'Turn this photo into a pop art portrait: bold flat colours, halftone dots, thick black outlines. {extra}',
  ),
  'anime-style': photoTool(
    'anime-style',
    'anime-style',
    'anime',
    'ANIME_STYLE',
    'Redraw this photo as an anime frame: clean ink outlines, flat cel-shaded colours. {extra}',
  ),
  'oil-painting': photoTool(
    'oil-painting',
    'oil-painting',
    'artistic',
    'OIL_PAINTING',
    'Repaint this photo as a classic oil painting with visible brush strokes on canvas. {extra}',
  ),
  watercolor: photoTool(
    'watercolor',
    'watercolor',
    'artistic',
    'WATERCOLOR',
    'Turn this photo into a soft watercolour painting on textured paper. {extra}',
  ),
  sketch: photoTool(
    'sketch',
    'sketch-style',
    'artistic',
    'SKETCH_STYLE',
    'Turn this photo into a pencil drawing with clean strokes on paper. {extra}',
  ),
  cyberpunk: photoTool(
    'cyberpunk',
    'cyberpunk',
    'artistic',
    'CYBERPUNK',
    'Restyle this photo as a cyberpunk still: teal and magenta grade, neon glow. {extra}',
  ),
  'professional-portrait': photoTool(
    'professional-portrait',
    'professional-portrait',
    'realistic',
    'PROFESSIONAL_PORTRAIT',
    'Make this a professional studio portrait: clean backdrop, flattering light, natural skin. {extra}',
  ),
  'restored-image': photoTool(
    'restored-image',
    'photo-restoration',
    'restoration',
    'RESTORED_IMAGE',
    'Restore this old photo: remove scratches and dust, reduce noise, natural colours. {extra}',
    true,
  ),
  'id-photo-generation': {
    id: 'id-photo-generation',
    route: 'id-photo-generation',
    engine: 'photo',
    exact: true,
    input: 'image',
    style: 'id-photo',
    model: 'nano',
    recordType: 'ID_PHOTO_GENERATION',
    prompt: {
      strategy: 'template',
      template: 'Make an ID photo ({size}), head and shoulders centred on a plain {backgroundColor} background. {extra}',
    },
    components: [
      photoUpload(),
      { type: 'parameterSelector', field: 'size', required: true, display: 'cards', options: ID_PHOTO_SIZE_IDS, default: 'oneInch' },
      {
        type: 'colorPicker',
        field: 'backgroundColor',
        required: true,
        presets: COLOUR_PICKER_PRESETS,
        quickPresets: ID_PHOTO_COLOURS,
        default: '#ffffff',
      },
    ],
  },
  'logo-generation': {
    id: 'logo-generation',
    route: 'logo-generation',
    engine: 'generative',
    exact: false,
    input: 'text',
    style: 'logo',
    model: 'nano',
    recordType: 'LOGO_GENERATION',
    prompt: { strategy: 'template', template: 'Logo design: {extra}. Minimal, bold shapes, flat colours, centred on a plain background.' },
    components: [
      {
        type: 'promptInput',
        field: 'extra',
        required: true,
        minLength: 5,
        maxLength: 2000,
        suggestions: ['business', 'creative', 'minimal', 'tech'],
      },
    ],
  },
  'face-swap': {
    // Its own page and prompt builder (contract/face-swap.ts): text and image modes, the
    // option catalogue, the identity-preserving prefixes. The server compiles and validates its
    // prompt; the photo runs on the offline engine's face-anchored edit, or on Gemini where configured.
    id: 'face-swap',
    route: 'face-swap',
    engine: 'photo',
    exact: false,
    input: 'image',
    style: 'realistic',
    model: 'gemini',
    recordType: 'FACE_SWAP',
    prompt: { strategy: 'custom' },
    components: [photoUpload(false), { type: 'promptInput', field: 'extra', required: false, minLength: 0, maxLength: 2000 }],
  },
} as const satisfies { [Id in ToolId]: ToolDefinition<Id> };

export const TOOL_CATALOGUE: readonly ToolDefinition[] = Object.values(TOOLS);

const byRoute = new Map(TOOL_CATALOGUE.map((tool) => [tool.route, tool]));
export const toolById = (id: ToolId): ToolDefinition => TOOLS[id];
export const toolByRoute = (route: string): ToolDefinition | undefined => byRoute.get(route);

/** Which creation type a tool's output is recorded as (spec §3 Creation record types). */
export const TOOL_RECORD_TYPE = Object.fromEntries(TOOL_CATALOGUE.map((tool) => [tool.id, tool.recordType])) as Record<
  ToolId,
  CreationType
>;

export type ToolInputs = { extra?: string; backgroundColor?: string; size?: string };

/**
 * The server's prompt for a tool run (spec §3 strategies): the template with `{placeholders}` filled
 * from the tool's inputs. `custom` tools send their own prompt. Runs of spaces left by empty
 * placeholders are collapsed.
 */
export function compileToolPrompt(tool: ToolDefinition, inputs: ToolInputs, clientPrompt?: string): string {
  if (tool.prompt.strategy === 'custom') return (clientPrompt ?? inputs.extra ?? '').trim();
  const values: Record<string, string> = {
    extra: inputs.extra ?? '',
    backgroundColor: inputs.backgroundColor ?? '',
    size: inputs.size ?? '',
  };
  return tool.prompt.template
    .replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '')
    .replace(/\s+([.,])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Output pixels of an ID photo run (spec §9). */
export function idPhotoPixels(size: string | undefined): { width: number; height: number } {
  // Own keys only: `'toString' in ID_PHOTO_SIZES` is true.
  const preset = size && Object.hasOwn(ID_PHOTO_SIZES, size) ? ID_PHOTO_SIZES[size as IdPhotoSize] : ID_PHOTO_FALLBACK_SIZE;
  return { width: preset.width, height: preset.height };
}

/** The density (DPI) an ID photo of `size` states, at which it prints at its labelled size; 300 for other sizes too. */
export function idPhotoDpi(size: string | undefined): number {
  return size && Object.hasOwn(ID_PHOTO_SIZES, size) ? ID_PHOTO_SIZES[size as IdPhotoSize].dpi : ID_PHOTO_DPI;
}
