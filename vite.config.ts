import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|wasm)$/;

/**
 * Writes `x.br` and `x.gz` beside every compressible file of the build (issue 16): the Node server
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
 * Preloads, from index.html, what the first paint of `/` waits for besides the entry: the English
 * catalogue and the home route's chunk (issue 16: they were fetched only after the entry ran).
 */
function preloadFirstPaint(): Plugin {
  return {
    name: 'preload-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const wanted = chunks.filter(
          (c) =>
            /locales\/en\/messages\.po$/.test(c.facadeModuleId ?? '') ||
            /routes\/index\.tsx\?tsr-split=component/.test(c.facadeModuleId ?? ''),
        );
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const files = new Set<string>();
        const add = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const imported of byName.get(file)?.imports ?? []) add(imported);
        };
        // The entry and its static imports, all the way down, are preloaded by Vite already.
        const entry = chunks.find((c) => c.isEntry);
        const byVite = new Set<string>();
        const mark = (file: string) => {
          if (byVite.has(file)) return;
          byVite.add(file);
          for (const imported of byName.get(file)?.imports ?? []) mark(imported);
        };
        if (entry) mark(entry.fileName);
        for (const chunk of wanted) add(chunk.fileName);
        return [...files]
          .filter((file) => !byVite.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * Marks the app's scripts and module preloads `fetchpriority="low"` (issue 16): the first paint is the
 * static header in index.html and needs only the HTML and the stylesheet, so the ~150 KB of modules
 * should not share the phone's bandwidth with the stylesheet. They still start at once, in parallel,
 * and the page's own content still waits for them.
 */
function lowPriorityScripts(): Plugin {
  return {
    name: 'low-priority-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(/<script type="module" crossorigin src=/g, '<script type="module" crossorigin fetchpriority="low" src=')
          .replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="modulepreload" crossorigin fetchpriority="low" href='),
    },
  };
}

/** The SPA: built into dist/web, which the Node server and the Workers assets binding serve. */
export default defineConfig({
  root: 'web',
  publicDir: 'public',
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
    precompress(),
  ],
  // The manifest lets scripts/check-bundle.ts find what each route loads (issue 16 budgets).
  build: { outDir: here('./dist/web'), emptyOutDir: true, chunkSizeWarningLimit: 700, manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 8787}` },
  },
});
