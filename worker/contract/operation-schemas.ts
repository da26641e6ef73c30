import * as z from 'zod';
import type { ImageOperation, TextOperation } from './operations';
import { PHOTO_TOOL_IDS } from './tools';

/** The zod side of operations.ts: how a stored job payload (or an engine request) is read back. */
const selection = z.record(z.string().max(64), z.string().max(64));

export const textOperationSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('text-to-image'), prompt: z.string().max(10_000), negativePrompt: z.string().max(5000).optional() }),
  z.object({ op: z.literal('logo'), brief: z.string().max(10_000) }),
  z.object({ op: z.literal('avatar'), description: z.string().max(10_000), selection }),
]) satisfies z.ZodType<TextOperation, unknown>;

export const imageOperationSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('edit'), prompt: z.string().max(10_000) }),
  z.object({ op: z.literal('face-swap'), description: z.string().max(10_000), selection }),
  z.object({ op: z.literal('tool'), toolId: z.enum(PHOTO_TOOL_IDS), params: z.record(z.string().max(40), z.string().max(10_000)) }),
]) satisfies z.ZodType<ImageOperation, unknown>;
