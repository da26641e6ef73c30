import { TOOL_CATALOGUE } from '../../../../worker/contract/tools';

/** The old tool page's face-swap phrasing (before the face-swap screen): the user's words follow it. */
const FACE_SWAP_PREFIX = 'Keep the identity and facial structure of the person, change only: ';
const FACE_SWAP_NOTHING = 'nothing, improve the photo';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A tool template as a pattern: `{extra}` captured, other placeholders any text, spacing loose (compileToolPrompt collapses it). */
function templatePattern(template: string): RegExp {
  const parts = template.split(/(\{\w+\})/).map((part) => {
    if (part === '{extra}') return '(?<extra>[\\s\\S]*?)';
    if (/^\{\w+\}$/.test(part)) return '[\\s\\S]*?';
    return escapeRegExp(part).replace(/\s+/g, '\\s*');
  });
  return new RegExp(`^\\s*${parts.join('')}\\s*$`);
}

const PATTERNS = new Map(
  TOOL_CATALOGUE.flatMap((tool) =>
    tool.prompt.strategy === 'template' ? [[tool.id as string, templatePattern(tool.prompt.template)] as const] : [],
  ),
);

/**
 * What the user wrote for a creation, for "Re-edit" to prefill: a record's stored prompt is the
 * compiled tool template for tool runs (issue 16: re-edit showed "Turn this photo into a pop art…").
 * Workbench prompts are the user's own; tool prompts give back only their `{extra}` words.
 */
export function userWords(record: { type: string; prompt: string | null; toolId?: string | null }): string {
  const prompt = record.prompt?.trim() ?? '';
  if (!prompt) return '';
  if (record.type === 'TEXT_TO_IMAGE' || record.type === 'IMAGE_TO_IMAGE') return prompt;
  if (record.type === 'FACE_SWAP' || record.toolId === 'face-swap') {
    const rest = prompt.startsWith(FACE_SWAP_PREFIX) ? prompt.slice(FACE_SWAP_PREFIX.length).trim() : prompt;
    return rest === FACE_SWAP_NOTHING ? '' : rest;
  }
  const toolId = record.toolId ?? TOOL_CATALOGUE.find((tool) => tool.recordType === record.type)?.id;
  const pattern = toolId ? PATTERNS.get(toolId) : undefined;
  return pattern?.exec(prompt)?.groups?.extra?.trim().replace(/[.,]$/, '') ?? '';
}
