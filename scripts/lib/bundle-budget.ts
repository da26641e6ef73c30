import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { messageIdsIn } from './message-ids';

/**
 * What the built SPA makes a browser download, read from dist/web and Vite's manifest: the JS that
 * `/` needs before it can paint (the entry, its static imports — the modulepreloads — the home route's
 * chunk with its imports, and the home page's part of the English catalogue), what each other route
 * adds to the entry (its component chunk with the imports the entry does not already have), and the
 * size of every other chunk. Sizes are gzip -9, like the .gz files the server sends. The pre-script
 * (vite.config.ts preloadFirstPaint: route preloads and the static page headings, first in <head> of
 * every page, not a Vite chunk) has a budget of its own.
 */
export const BUDGET = { initialKb: 119, routeKb: 50, chunkKb: 50, preScriptKb: 9 } as const;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

interface Sized {
  file: string;
  gzKb: number;
}

export interface BundleReport {
  initial: Sized[];
  initialKb: number;
  /** Each route file's component chunk with its imports beyond the entry's, summed. */
  routes: { route: string; gzKb: number }[];
  chunks: Sized[];
  largestChunk: Sized;
  /** The async script index.html runs first on every page (none: 0). */
  preScript: Sized;
  /** Message ids the first paint's chunks use that the home page's part of the catalogue lacks (must be none). */
  missingFirstPaintMessages: string[];
  /** Start-up chunks (the entry and what it imports statically) of at least COMPILE_HINT_MIN_BYTES not marked for eager compilation (must be none). */
  startUpWithoutCompileHint: string[];
}

/** V8's explicit compile hint, the first line of every start-up chunk (vite.config.ts, `compileStartUpEagerly`). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
/**
 * Start-up chunks smaller than this go without the hint: their compile time is lost in the noise, and
 * the comment's bytes count against the initial-JS budget.
 */
export const COMPILE_HINT_MIN_BYTES = 4096;

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export function measureBundle(distDir: string): BundleReport {
  const manifestPath = join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run \`npx vite build\` first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const read = (file: string) => readFileSync(join(distDir, file));
  const gz = (file: string) => kb(gzipSync(read(file), { level: 9 }).length);

  const closure = (keys: string[], skip: Set<string> = new Set()) => {
    const files = new Set<string>();
    const add = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file) || skip.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) add(imported);
    };
    for (const key of keys) add(key);
    return files;
  };
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
  if (!entry) throw new Error('no entry chunk in the Vite manifest');
  const entryClosure = closure([entry]);
  const routeKeys = Object.keys(manifest).filter((key) => /routes\/[\w.$-]+\.tsx\?tsr-split=component$/.test(key));
  const homeRoute = routeKeys.find((key) => /routes\/index\.tsx\?/.test(key));
  const initial = new Set([...entryClosure, ...closure(homeRoute ? [homeRoute] : [])]);

  const indexHtml = readFileSync(join(distDir, 'index.html'), 'utf8');
  const preScriptFile = /<script async[^>]* src="\/(assets\/route-preload-[\w-]+\.js)"/.exec(indexHtml)?.[1];
  // The home page's part of the English catalogue (vite.config.ts names it in index.html); a build
  // without one loads the whole catalogue first.
  const meta = /<meta name="first-paint-messages" content="([^"]*)"/.exec(indexHtml)?.[1];
  const firstPaint = meta ? (JSON.parse(meta.replaceAll('&quot;', '"')) as Record<string, string>).en : undefined;
  const catalogueKey = Object.keys(manifest).find((key) => key.endsWith('locales/en/messages.po'));
  const catalogues = firstPaint ? [firstPaint.replace(/^\//, '')] : [...closure(catalogueKey ? [catalogueKey] : [])];

  // Every message id the first paint's chunks name must be in the part they start with.
  let missingFirstPaintMessages: string[] = [];
  if (firstPaint && catalogueKey) {
    const allIds = Object.keys(parseCatalogue(read(manifest[catalogueKey]!.file).toString()));
    const partIds = new Set(Object.keys(parseCatalogue(read(catalogues[0]!).toString())));
    const code = [...initial].map((file) => read(file).toString()).join('\n');
    missingFirstPaintMessages = [...messageIdsIn(code, allIds)].filter((id) => !partIds.has(id));
  }

  const all = [...new Set(Object.values(manifest).map((c) => c.file))].filter((file) => file.endsWith('.js'));
  const sizes = new Map(all.map((file) => [file, gz(file)]));
  const sized = [...sizes].map(([file, gzKb]) => ({ file, gzKb })).sort((a, b) => b.gzKb - a.gzKb);
  const initialSized = [
    ...sized.filter((c) => initial.has(c.file)),
    ...catalogues.filter((f) => !sizes.has(f)).map((file) => ({ file, gzKb: gz(file) })),
  ];
  const entryFile = manifest[entry]!.file;
  const chunks = sized.filter((c) => c.file !== entryFile);
  const sum = (files: Iterable<string>) => kb([...files].reduce((total, file) => total + (sizes.get(file) ?? 0) * 1024, 0));
  // Every page but the home page loads TanStack Query's chunk (vite.config.ts names it) with the entry,
  // before it renders (web/src/main.tsx): it is start-up code shared by all of them, not one route's.
  const startUp = new Set([...entryClosure, ...closure(Object.keys(manifest).filter((key) => /^_tanstack-query-[\w-]+\.js$/.test(key)))]);
  const routes = routeKeys
    .filter((key) => key !== homeRoute)
    .map((key) => ({ route: key.replace(/^.*routes\//, '').replace(/\?.*$/, ''), gzKb: sum(closure([key], startUp)) }))
    .sort((a, b) => b.gzKb - a.gzKb);
  return {
    initial: initialSized,
    initialKb: kb(initialSized.reduce((total, c) => total + c.gzKb * 1024, 0)),
    routes,
    chunks,
    largestChunk: chunks[0] ?? { file: '-', gzKb: 0 },
    preScript: preScriptFile ? { file: preScriptFile, gzKb: gz(preScriptFile) } : { file: '-', gzKb: 0 },
    missingFirstPaintMessages,
    startUpWithoutCompileHint: [...entryClosure].filter((file) => {
      const code = read(file).toString();
      return code.length - COMPILE_HINT.length >= COMPILE_HINT_MIN_BYTES && !code.startsWith(COMPILE_HINT);
    }),
  };
}

/** A compiled catalogue module's messages: `export const messages = JSON.parse(…)` (or minified alike). */
function parseCatalogue(code: string): Record<string, unknown> {
  const literal = /JSON\.parse\((`(?:[^`\\]|\\.)*`|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\)/s.exec(code)?.[1];
  if (!literal) throw new Error('not a compiled catalogue');
  return JSON.parse(runInNewContext(literal) as string) as Record<string, unknown>;
}
