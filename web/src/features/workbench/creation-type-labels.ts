import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CreationType } from '@worker/contract/creation-types';
import type { ToolId } from '@worker/contract/tools';
import { TOOLS, UPSCALER_CARD } from '../tools/catalogue';

/** A tool's name as its page and the tool grid show it. */
const toolName = (id: ToolId): MessageDescriptor => {
  const tool = TOOLS.find((t) => t.id === id);
  if (!tool) throw new Error(`no tool ${id}`);
  return tool.title;
};

/**
 * What a My creations card calls each kind of record: the workbench's mode names and each tool's own
 * name, never the enum ("Id Photo Generation"). One entry per creation type
 * (worker/contract/creation-types.ts): a new type fails to compile until it has a name here.
 */
export const CREATION_TYPE_LABELS = {
  TEXT_TO_IMAGE: msg`Text to image`,
  IMAGE_TO_IMAGE: msg`Image editing`,
  FACE_SWAP: toolName('face-swap'),
  LOGO_GENERATION: toolName('logo-generation'),
  ID_PHOTO_GENERATION: toolName('id-photo-generation'),
  PROFESSIONAL_PORTRAIT: toolName('professional-portrait'),
  POP_ART_PORTRAIT: toolName('pop-art-portrait'),
  ANIME_STYLE: toolName('anime-style'),
  OIL_PAINTING: toolName('oil-painting'),
  WATERCOLOR: toolName('watercolor'),
  SKETCH_STYLE: toolName('sketch'),
  CYBERPUNK: toolName('cyberpunk'),
  RESTORED_IMAGE: toolName('restored-image'),
  UPSCALED_IMAGE: UPSCALER_CARD.title,
} satisfies Record<CreationType, MessageDescriptor>;

/** The label for a record's `type`; a type this build does not know yet (a newer server) shows as null. */
export function creationTypeLabel(type: string): MessageDescriptor | null {
  return (CREATION_TYPE_LABELS as Record<string, MessageDescriptor | undefined>)[type] ?? null;
}
