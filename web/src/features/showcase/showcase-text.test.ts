import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { zhTranslation } from '@web/locales/zh-hant-catalogue.test-support';
import { showcaseSeed } from '@db/seed-data/showcase';

/**
 * The seeded showcase is shown in both languages from the catalogue (showcase-text.ts): every seeded
 * row has an entry there, its English is the seed's, and zh-Hant has a translation of each text.
 */
const source = readFileSync(new URL('./showcase-text.ts', import.meta.url), 'utf8');

describe('showcase texts', () => {
  it.each(showcaseSeed.map((row) => [row.id, row] as const))('%s: English as seeded, zh-Hant translated', (id, row) => {
    const entry = source.match(new RegExp(`${id}: \\{([\\s\\S]*?)\\n?\\s*\\},?\\n`))?.[1] ?? '';
    expect(entry).toContain(`msg\`${row.title}\``);
    expect(entry).toContain(`msg\`${row.description}\``);
    expect(zhTranslation(row.title)).toBeTruthy();
    expect(zhTranslation(row.description)).toBeTruthy();
  });
});
