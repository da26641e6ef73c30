import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What the built SPA makes a browser download, read from dist/web and Vite's
 * manifest: the JS that `/` needs before it can paint (the entry, its static imports — the
 * modulepreloads — the home route's chunk with its imports, and the English catalogue), and the
 * size of every other chunk. Sizes are gzip -9, like the .gz files the server sends.
 */
export const BUDGET = { initialKb: 150, chunkKb: 50 } as const;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface BundleReport {
  initial: { file: string; gzKb: number }[];
  initialKb: number;
  chunks: { file: string; gzKb: number }[];
  largestChunk: { file: string; gzKb: number };
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export function measureBundle(distDir: string): BundleReport {
  const manifestPath = join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run \`npx vite build\` first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const gz = (file: string) => kb(gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length);

  const initial = new Set<string>();
  const addWithImports = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || initial.has(chunk.file)) return;
    initial.add(chunk.file);
    for (const imported of chunk.imports ?? []) addWithImports(imported);
  };
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
  if (!entry) throw new Error('no entry chunk in the Vite manifest');
  addWithImports(entry);
  const homeRoute = Object.keys(manifest).find((key) => /routes\/index\.tsx\?tsr-split=component/.test(key));
  if (homeRoute) addWithImports(homeRoute);
  const englishCatalogue = Object.keys(manifest).find((key) => key.endsWith('locales/en/messages.po'));
  if (englishCatalogue) addWithImports(englishCatalogue);

  const all = [...new Set(Object.values(manifest).map((c) => c.file))].filter((file) => file.endsWith('.js'));
  const sized = all.map((file) => ({ file, gzKb: gz(file) })).sort((a, b) => b.gzKb - a.gzKb);
  const initialSized = sized.filter((c) => initial.has(c.file));
  const entryFile = manifest[entry]!.file;
  const chunks = sized.filter((c) => c.file !== entryFile);
  return {
    initial: initialSized,
    initialKb: kb(initialSized.reduce((sum, c) => sum + c.gzKb * 1024, 0)),
    chunks,
    largestChunk: chunks[0] ?? { file: '-', gzKb: 0 },
  };
}
