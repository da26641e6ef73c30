import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { ArrowLeft, ArrowRight, Coins, Sparkles, type LucideIcon } from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { defineConfig, type Plugin } from 'vite';
import { COMPILE_HINT, COMPILE_HINT_MIN_BYTES } from './scripts/lib/bundle-budget.ts';
import { messageIdsIn } from './scripts/lib/message-ids.ts';
import { TOOL_CATALOGUE } from './worker/contract/tools.ts';
import {
  heroShellHtml,
  heroShellScript,
  readPoCatalogue,
  storedLocaleSource,
  type ShellLocale,
} from './web/src/features/landing/hero-shell.ts';
import { inspirationLabelsFrom, pageShellScript, pageShellsHtml, toolMessagesFrom } from './web/src/features/landing/page-shells.ts';
import { PROMPT_MAX } from './worker/contract/sizes.ts';
import { SparklesIcon } from './web/src/features/upscaler/icons.tsx';
import { ToolIcon } from './web/src/features/tools/tool-icons.tsx';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|wasm)$/;

/**
 * Writes `x.br` and `x.gz` beside every compressible file of the build: the Node server
 * sends them as they are (scripts/lib/node-server.ts), so no request pays for compression. Workers
 * compresses by itself, so web/public/.assetsignore keeps these copies out of the assets upload.
 */
function precompress(): Plugin {
  let outDir = '';
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await Promise.all(
        files(outDir)
          .filter((file) => COMPRESSIBLE.test(file) && statSync(file).size >= 1024)
          .map(async (file) => {
            const data = readFileSync(file);
            const [b, g] = await Promise.all([
              br(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
              gz(data, { level: 9 }),
            ]);
            if (b.length < data.length * 0.9) writeFileSync(`${file}.br`, b);
            if (g.length < data.length * 0.9) writeFileSync(`${file}.gz`, g);
          }),
      );
    },
  };
}

/**
 * Starts the entry chunk and every chunk it imports statically (of at least {@link COMPILE_HINT_MIN_BYTES})
 * with V8's explicit compile hint
 * ({@link COMPILE_HINT}, Chrome 136+; other engines read a comment), which makes V8 compile every
 * function in the file eagerly. Nearly all of these run before the first render (React DOM, the
 * router, the app's shell). Without the hint V8 compiles each one on its first call, on the main
 * thread, inside the tasks Lighthouse counts as blocking; with it, Chromium compiles them on a
 * background thread while the file streams in. Route and dialog chunks are left lazy: hinting them
 * too measured worse (docs/decisions/088-start-up-chunks-compile-eagerly.md). Runs after
 * minification, so the comment stays the first line; source maps move down by that line.
 */
function compileStartUpEagerly(): Plugin {
  return {
    name: 'compile-start-up-eagerly',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const startUp = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || startUp.has(fileName)) return;
          startUp.add(fileName);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
        for (const fileName of startUp) {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || chunk.code.length < COMPILE_HINT_MIN_BYTES) continue;
          chunk.code = `${COMPILE_HINT}${chunk.code}`;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
  };
}

/** Something built once per language. */
const inBoth = <T>(make: (locale: ShellLocale) => T): Record<ShellLocale, T> => ({ en: make('en'), 'zh-Hant': make('zh-Hant') });
const poCatalogue = (locale: ShellLocale) => readPoCatalogue(readFileSync(here(`./web/src/locales/${locale}/messages.po`), 'utf8'));
const icon = (Icon: LucideIcon, className: string) => renderToStaticMarkup(createElement(Icon, { 'aria-hidden': true, className }));

/** The landing hero's static markup in both languages (web/src/features/landing/hero-shell.ts). */
function landingHeroScript(): string {
  const icons = { sparkles: icon(Sparkles, 'h-3.5 w-3.5'), coins: icon(Coins, 'h-3.5 w-3.5'), arrowRight: icon(ArrowRight, 'h-4 w-4') };
  return heroShellScript(inBoth((locale) => heroShellHtml(poCatalogue(locale), icons)));
}

/**
 * The other pages' headings in both languages (web/src/features/landing/page-shells.ts): the workbench
 * (with its form down to the prompt box), pricing, the upscaler, and every tool page that ToolPage draws
 * (a tool with a route file of its own, /ai-tools/face-swap, is a different page). The tools' and the
 * inspiration tags' words come from the modules React reads them from.
 */
function pageShellsScript(): string {
  const own = (route: string) => readdirSync(here('./web/src/routes')).includes(`ai-tools.${route}.tsx`);
  const drawn = TOOL_CATALOGUE.filter((tool) => !own(tool.route));
  const words = toolMessagesFrom(
    readFileSync(here('./web/src/features/tools/catalogue.ts'), 'utf8'),
    drawn.map((tool) => tool.id),
  );
  const tools = drawn.map((tool) => ({
    route: tool.route,
    icon: renderToStaticMarkup(createElement(ToolIcon, { id: tool.id })),
    ...words.get(tool.id)!,
  }));
  const icons = {
    sparkles: renderToStaticMarkup(createElement(SparklesIcon, { className: 'h-3.5 w-3.5' })),
    arrowLeft: icon(ArrowLeft, 'h-4 w-4'),
  };
  const workbench = {
    inspiration: inspirationLabelsFrom(readFileSync(here('./web/src/features/workbench/styles.ts'), 'utf8')),
    promptMax: PROMPT_MAX,
  };
  return pageShellScript(inBoth((locale) => pageShellsHtml(poCatalogue(locale), locale, { icons, tools, workbench })));
}

/**
 * The home page's part of each language's catalogue: the messages that the entry, its static imports
 * and the home route's chunks name. `/` renders first with it (web/src/i18n.ts) and loads the whole
 * catalogue (~19 KB gz in English) after its first render; everything that renders later waits for
 * the whole one. Returns each language's file (content-hashed, under assets/) and its source.
 */
async function firstPaintCatalogues(
  chunks: { fileName: string; code: string; facadeModuleId: string | null }[],
  initial: Set<string>,
): Promise<{ locale: string; fileName: string; source: string }[]> {
  const initialCode = chunks
    .filter((c) => initial.has(c.fileName))
    .map((c) => c.code)
    .join('\n');
  const catalogues = chunks.flatMap((c) => {
    const locale = /locales\/([\w-]+)\/messages\.po$/.exec(c.facadeModuleId ?? '')?.[1];
    return locale ? [{ locale, code: c.code }] : [];
  });
  return Promise.all(
    catalogues.map(async ({ locale, code }) => {
      // The compiled catalogue is a module without imports: `export const messages = JSON.parse(…)`.
      const { messages } = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
        messages: Record<string, unknown>;
      };
      const used = messageIdsIn(initialCode, Object.keys(messages));
      const part = Object.fromEntries(Object.entries(messages).filter(([id]) => used.has(id)));
      const source = `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(part))});\n`;
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      return { locale, fileName: `assets/messages-first-paint-${locale}-${hash}.js`, source };
    }),
  );
}

/**
 * The route-preload script: the preloads of the page's route (its path, else the first matching
 * pattern) and of its language's catalogue, the landing hero and the pages' headings. When a hero or
 * heading was added, the preloads wait until it is painted (its largest-contentful-paint entry; at
 * most a second): a request that ends before that paint counts as something the paint waited for in
 * Lighthouse's simulation, which put /pricing's LCP at 2.7 s behind its chunks and catalogue (~45 KB gz)
 * while the heading was painted at 0.4 s. The entry needs these modules far later.
 */
function routePreloadSource(
  catalogues: Record<string, { home: string[]; other: string[] }>,
  routes: Record<string, string[]>,
  patterns: [string, string[]][],
): string {
  const preload =
    "// Generated by vite.config.ts (preloadFirstPaint): the modules of this page's route and its catalogue.\n" +
    "const path = location.pathname.replace(/(.)\\/$/, '$1');\n" +
    // The language web/src/i18n.ts starts in (storedLocale): ?lang=, else the one chosen before.
    `const catalogue = ${JSON.stringify(catalogues)}[${storedLocaleSource}];\n` +
    `const route = ${JSON.stringify(routes)}[path] ?? ${JSON.stringify(patterns)}.find(([pattern]) => new RegExp(pattern).test(path))?.[1] ?? [];\n` +
    'let preloaded = false;\n' +
    // Two links per task: adding a modulepreload link took ~2 ms of an unthrottled main thread in
    // Lighthouse's traces, so a tool page's ~20 of them in one task (17–29 ms) counted as 20–70 ms of
    // blocking time on its 4x-slower phone; in twos each task stays far under 50 ms there.
    "const hrefs = route.concat(path === '/' ? catalogue.home : catalogue.other);\n" +
    'const preloadFrom = (start) => {\n' +
    '  for (const href of hrefs.slice(start, start + 2)) {\n' +
    "    const link = document.createElement('link');\n" +
    "    link.rel = 'modulepreload';\n    link.crossOrigin = '';\n    link.fetchPriority = 'low';\n    link.href = href;\n" +
    '    document.head.appendChild(link);\n  }\n' +
    '  if (start + 2 < hrefs.length) setTimeout(preloadFrom, 0, start + 2);\n};\n' +
    'const preload = () => {\n' +
    '  if (preloaded) return;\n  preloaded = true;\n  preloadFrom(0);\n};\n';
  const schedule =
    "const painting = document.getElementById('root')?.childElementCount > 1 && !document.hidden &&\n" +
    "  typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes ?? []).includes('largest-contentful-paint');\n" +
    'if (!painting) preload();\nelse {\n' +
    "  new PerformanceObserver((_, observer) => { observer.disconnect(); preload(); }).observe({ type: 'largest-contentful-paint' });\n" +
    '  setTimeout(preload, 1000);\n}\n';
  return `{\n${preload}${landingHeroScript()}${pageShellsScript()}${schedule}}\n`;
}

/**
 * Preloads what the first paint of a page waits for besides the entry (it was fetched only
 * after the entry ran): the chunks of the page's own route and the English catalogue (on `/` its
 * home-page part, see firstPaintCatalogues), from a tiny async script that knows each route's chunks — index.html is every
 * route's page, so a static list would make /pricing download the home page's modules and vice versa.
 * On `/` the same script also paints the landing hero as static HTML (see landingHeroScript), and on the
 * workbench, pricing, upscaler and tool pages their heading (see pageShellsScript).
 */
function preloadFirstPaint(): Plugin {
  let outDir = '';
  let written: { fileName: string; source: string }[] = [];
  return {
    name: 'preload-first-paint',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (roots: string[], skip: Set<string> = new Set()) => {
          const files = new Set<string>();
          const add = (file: string) => {
            if (files.has(file) || skip.has(file)) return;
            files.add(file);
            for (const imported of byName.get(file)?.imports ?? []) add(imported);
          };
          for (const root of roots) add(root);
          return files;
        };
        const matching = (pattern: RegExp) => chunks.filter((c) => pattern.test(c.facadeModuleId ?? '')).map((c) => c.fileName);
        // The entry and its static imports, all the way down, are preloaded by Vite already.
        const entry = chunks.find((c) => c.isEntry);
        const byVite = closure(entry ? [entry.fileName] : []);
        const catalogue = closure(matching(/locales\/en\/messages\.po$/), byVite);
        // Each route file by the path it serves: `ai-workbench.tsx` -> /ai-workbench, `index.tsx` -> /;
        // one with parameters by a pattern, `ai-tools.$toolId.tsx` -> ^/ai-tools/[^/]+$, tried after the
        // exact paths (/ai-tools/face-swap has a route file of its own). A wrong guess would only preload
        // chunks the page does not run.
        const skip = new Set([...byVite, ...catalogue]);
        const routes: Record<string, string[]> = {};
        const patterns: [string, string[]][] = [];
        for (const chunk of chunks) {
          const name = /routes\/([\w.$-]+)\.tsx\?tsr-split=component$/.exec(chunk.facadeModuleId ?? '')?.[1];
          if (!name || name.startsWith('__')) continue;
          const path = `/${name.replace(/(^|\.)index$/, '').replace(/\./g, '/')}`.replace(/(.)\/$/, '$1');
          const files = [...closure([chunk.fileName], skip)].map((f) => `/${f}`);
          if (path.includes('$')) patterns.push([`^${path.replace(/\$[\w]+/g, '[^/]+')}$`, files]);
          else routes[path] = files;
        }
        const home = new Set([...byVite, ...closure(matching(/routes\/index\.tsx\?tsr-split=component$/))]);
        const firstPaint = await firstPaintCatalogues(chunks, home);
        // Each language's catalogue: on / its home-page part, on every other page the whole one.
        const catalogues = Object.fromEntries(
          ['en', 'zh-Hant'].map((locale) => {
            const part = firstPaint.find((c) => c.locale === locale);
            const whole = closure(matching(new RegExp(`locales/${locale}/messages\\.po$`)), byVite);
            return [locale, { home: part ? [`/${part.fileName}`] : [], other: [...whole].map((f) => `/${f}`) }];
          }),
        );
        const source = routePreloadSource(catalogues, routes, patterns);
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        const routeScript = { fileName: `assets/route-preload-${hash}.js`, source };
        written = [routeScript, ...firstPaint];
        return [
          // web/src/i18n.ts reads which file holds each language's home-page part.
          {
            tag: 'meta',
            attrs: {
              name: 'first-paint-messages',
              content: JSON.stringify(Object.fromEntries(firstPaint.map((c) => [c.locale, `/${c.fileName}`]))),
            },
            injectTo: 'head' as const,
          },
          // First in <head>, high priority: it paints the landing hero and the pages' headings, so it must not queue behind the
          // module preloads for one of the six connections a phone opens to the origin (it did: measured
          // with Lighthouse's throttling, it arrived after the 69 KB gz entry).
          {
            tag: 'script',
            attrs: { async: true, fetchpriority: 'high', src: `/${routeScript.fileName}` },
            injectTo: 'head-prepend' as const,
          },
        ];
      },
    },
    writeBundle() {
      for (const file of written) writeFileSync(join(outDir, file.fileName), file.source);
    },
  };
}
/**
 * Marks the module preloads `fetchpriority="low"`: the first paint is the static header in
 * index.html and needs only the HTML and the stylesheet, so ~60 KB gz of chunks should not share a
 * phone's bandwidth with the stylesheet. The entry script keeps its priority: measured with it low too,
 * Lighthouse's first paint came so early that the parsing, style and layout of the shell counted as
 * blocking time, and `/` lost more on TBT than it gained on FCP.
 */
function lowPriorityScripts(): Plugin {
  return {
    name: 'low-priority-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="modulepreload" crossorigin fetchpriority="low" href='),
    },
  };
}

const QUERY_MODULE = /node_modules\/@tanstack\/(query-core|react-query)\//;
/** What the home page's first paint imports from TanStack Query: React's context object, and identity functions for typing options. */
const FIRST_PAINT_QUERY_MODULE = /react-query\/build\/modern\/(QueryClientProvider|queryOptions|infiniteQueryOptions)\.js$/;

/** The SPA: built into dist/web, which the Node server and the Workers assets binding serve. */
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  // `@web/…` and `@worker/…` imports (tsconfig.base.json paths).
  resolve: { tsconfigPaths: true },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: here('./web/src/routes'),
      generatedRouteTree: here('./web/src/routeTree.gen.ts'),
    }),
    react(),
    // Lingui macros via Babel (the native transform's binary is not on this registry); .po catalogs compile on import.
    babel({ include: /web\/src\/.*\.tsx?(\?.*)?$/, plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    // A missing zh-Hant msgstr fails the build: the .po files are the only source of translations.
    // I18N_ALLOW_MISSING=1 is for a local build while a catalogue is mid-edit; CI never sets it.
    lingui({ failOnMissing: process.env.I18N_ALLOW_MISSING !== '1', failOnCompileError: true }),
    tailwindcss(),
    preloadFirstPaint(),
    lowPriorityScripts(),
    compileStartUpEagerly(),
    precompress(),
  ],
  // The manifest lets scripts/check-bundle.ts find what each route loads, for its budget.
  build: {
    outDir: here('./dist/web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // TanStack Query in a chunk of its own, which the home page loads after its first paint
          // (web/src/lib/lazy-query-client.tsx). Left to itself, Rolldown put it in one chunk with the
          // context object and the option helpers that the first paint imports, which made all of it
          // (~12 KB gz) part of the first paint again.
          includeDependenciesRecursively: false,
          groups: [{ name: 'tanstack-query', test: (id) => QUERY_MODULE.test(id) && !FIRST_PAINT_QUERY_MODULE.test(id) }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 8787}`, '/s/': `http://localhost:${process.env.API_PORT ?? 8787}` },
  },
});
