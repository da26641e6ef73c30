import * as z from 'zod';
import { HEX_COLOUR, type ToolDefinition } from './tools';
import { charactersMissing } from './brief-length';
import { multiline } from './text';
import { encodeMessage, say } from './messages';

/**
 * A tool's own inputs, validated at the edge: every component's field, with its rules. Unknown
 * fields are dropped (a tool gets exactly what its catalogue entry lists).
 */
export function toolInputSchema(tool: ToolDefinition) {
  const shape: Record<string, z.ZodType> = {};
  for (const component of tool.components) {
    switch (component.type) {
      case 'promptInput': {
        const text = multiline(z.string()).trim().max(component.maxLength);
        shape.extra = component.required
          ? tool.id === 'logo-generation'
            ? // Counted per script: a two-character Chinese brand (山嵐) is enough (brief-length.ts).
              text.refine((value) => charactersMissing(value, component.minLength) === 0, 'logoDescriptionRequired')
            : text.min(component.minLength)
          : text.optional();
        break;
      }
      case 'colorPicker':
        shape.backgroundColor = z
          .string()
          .trim()
          .regex(HEX_COLOUR, encodeMessage(say('colourFormat', { field: '' })))
          .transform((c) => c.toLowerCase())
          .default(component.default);
        break;
      case 'parameterSelector':
        shape.size = z.enum(component.options as [string, ...string[]]).default(component.default);
        break;
      case 'imageUpload':
        break;
    }
  }
  return z.object(shape);
}
