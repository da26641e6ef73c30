/**
 * The emblem: a line icon from Lucide (lucide-static, ISC) chosen by the brief's words — an icon
 * named like the word, else one tagged with it — or a mood's fallback mark.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { LogoBrief, Mood } from './brief';

const require = createRequire(import.meta.url);
let tags: Record<string, string[]> | undefined;
const FALLBACK: Record<Mood, string> = { business: 'landmark', creative: 'sparkles', minimal: 'circle-dot', tech: 'cpu', warm: 'heart' };

const dir = () => dirname(require.resolve('lucide-static/package.json'));

export function emblemName(brief: LogoBrief): string {
  tags ??= JSON.parse(readFileSync(join(dir(), 'tags.json'), 'utf8')) as Record<string, string[]>;
  for (const word of brief.emblemWords) {
    if (tags[word] && existsSync(join(dir(), 'icons', `${word}.svg`))) return word;
  }
  for (const word of brief.emblemWords) {
    const tagged = Object.entries(tags).find(([name, list]) => list.includes(word) && existsSync(join(dir(), 'icons', `${name}.svg`)));
    if (tagged) return tagged[0];
  }
  return FALLBACK[brief.mood];
}

/** The icon's inner SVG (paths, circles…), to be placed in a <g> with its own transform and stroke. */
export function emblemMarkup(name: string): string {
  const svg = readFileSync(join(dir(), 'icons', `${name}.svg`), 'utf8');
  return svg
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/^[\s\S]*?<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '');
}
